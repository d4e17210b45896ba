import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BrandCard } from '../../../components/brand-card';
import { errorText } from '../../../lib/api-error';
import { useConfirmEmailChange } from '../account-queries';

/** The link mailed to a new account address (/confirm-email/{token}): opening it switches the address; it signs nobody in. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const confirm = useConfirmEmailChange();
  const started = useRef(false);
  const { mutate } = confirm;

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  let content: ReactNode;
  if (!token || confirm.isError) {
    content = (
      <>
        <Alert color="red" role="alert">
          {(confirm.isError && errorText(confirm.error, '')) || t('email_change.invalid')}
        </Alert>
        <Text size="sm">{t('email_change.invalid_next')}</Text>
      </>
    );
  } else if (confirm.isSuccess) {
    content = (
      <>
        <Alert color="green" role="status">
          {t('email_change.confirmed')}
        </Alert>
        <Text size="sm">{t('email_change.confirmed_next')}</Text>
      </>
    );
  } else {
    content = (
      <Center py="md">
        <Stack align="center" gap="xs" role="status">
          <Loader aria-hidden />
          <Text size="sm">{t('email_change.confirming')}</Text>
        </Stack>
      </Center>
    );
  }

  return (
    <BrandCard>
      <Stack>
        <Title order={1} fz="h3">
          {t('email_change.title')}
        </Title>
        {content}
        {(confirm.isSuccess || confirm.isError || !token) && (
          <Button component={Link} to="/">
            {t('common.continue')}
          </Button>
        )}
      </Stack>
    </BrandCard>
  );
}
