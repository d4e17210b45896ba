import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BrandCard } from '../../../components/brand-card';
import { notifyError } from '../../../lib/notify';
import { sessionQueryOptions } from '../../../lib/session';
import { useLogout, useResendVerification } from '../auth-queries';

/** For a signed-in user whose email address is not verified yet (the loader enforces it). */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { data: session } = useQuery(sessionQueryOptions);
  const resend = useResendVerification();
  const logout = useLogout();
  const email = session?.current_user.email ?? '';

  return (
    <BrandCard>
      <Stack>
        <Title order={1} fz="h3">
          {t('auth.verify_email_title')}
        </Title>
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
      </Stack>
    </BrandCard>
  );
}
