import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BrandCard } from '../../../components/brand-card';
import { notifyError } from '../../../lib/notify';
import { sessionQueryOptions } from '../../../lib/session';
import { useLogout, useResendVerification } from '../auth-queries';
import { VerifyUserPage } from './verify-user-page';

/** A signed-in user whose address is not verified yet: a new link on request, or sign out. */
function SignedInVerification({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  const logout = useLogout();
  return (
    <>
      <Text size="sm">{t('auth.verify_email_help', { email })}</Text>
      {resend.isSuccess && (
        <Alert color="green" role="status">
          {resend.data.message ?? t('auth.verification_sent')}
        </Alert>
      )}
      <Button onClick={() => resend.mutate(undefined, { onError: notifyError })} loading={resend.isPending}>
        {t('auth.resend_verification')}
      </Button>
      <Button variant="subtle" onClick={() => logout.mutate()} loading={logout.isPending}>
        {t('auth.logout')}
      </Button>
    </>
  );
}

/**
 * /verify-email, a public page (spec section 2). With a mailed ?token= it verifies (POST
 * /verify-email, no session needed); signed out it says how to verify; signed in with an
 * unverified address it offers a new link. A verified user is sent home by the loader.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { data: session } = useQuery(sessionQueryOptions);
  if (searchParams.has('token')) return <VerifyUserPage />;

  return (
    <BrandCard>
      <Stack>
        <Title order={1} fz="h3">
          {t('auth.verify_email_title')}
        </Title>
        {session ? (
          <SignedInVerification email={session.current_user.email} />
        ) : (
          <>
            <Text size="sm">{t('auth.verify_email_signed_out')}</Text>
            <Anchor component={Link} to="/login" size="sm">
              {t('auth.back_to_login')}
            </Anchor>
          </>
        )}
      </Stack>
    </BrandCard>
  );
}
