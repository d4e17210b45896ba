import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BrandCard } from '../../../components/brand-card';
import { errorText } from '../../../lib/api-error';
import { useVerifyEmail } from '../auth-queries';

/** The link in the verification email (a sign-up, or the resend for an account not verified yet) lands here with ?token=. */
export function VerifyUserPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const verify = useVerifyEmail();
  const started = useRef(false);
  const { mutate } = verify;

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  let content: ReactNode;
  if (!token || verify.isError) {
    content = (
      <Alert color="red" role="alert">
        {(verify.isError && errorText(verify.error, '')) || t('auth.verification_invalid')}
      </Alert>
    );
  } else if (verify.isSuccess) {
    // The link verifies; it never signs in (a sign-up someone else made with this address must not hand over an account).
    content = (
      <>
        <Alert color="green" role="status">
          {verify.data.message ?? t('auth.email_verified')}
        </Alert>
        <Text size="sm">{t('auth.verified_sign_in')}</Text>
      </>
    );
  } else {
    content = (
      <Center py="md">
        <Stack align="center" gap="xs">
          <Loader aria-hidden />
          <Text size="sm">{t('auth.verifying')}</Text>
        </Stack>
      </Center>
    );
  }

  return (
    <BrandCard>
      <Stack>
        <Title order={1} fz="h3">
          {t('auth.verify_user_title')}
        </Title>
        {content}
        {(verify.isSuccess || verify.isError || !token) && (
          <Button component={Link} to="/">
            {t('common.continue')}
          </Button>
        )}
      </Stack>
    </BrandCard>
  );
}
