import { useEffect, useState } from 'react';
import { Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { twoFactorConfirmRequestSchema } from '@app/contracts';
import { handleFormError } from '../../../lib/form-errors';
import { twoFactorApi } from '../account-queries';

export type TwoFactorSetupData = { secret: string; otpauth_url: string };

interface TwoFactorSetupProps {
  setup: TwoFactorSetupData;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** Scan the QR code (or type the secret), then prove it works with a code. */
export function TwoFactorSetup({ setup, onConfirmed, onCancel }: TwoFactorSetupProps) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ code: string }>({ resolver: zodResolver(twoFactorConfirmRequestSchema), defaultValues: { code: '' } });

  useEffect(() => {
    let cancelled = false;
    import('qrcode')
      .then(({ toDataURL }) => toDataURL(setup.otpauth_url, { width: 200, margin: 1 }))
      .then((url) => {
        if (!cancelled) setQr(url);
      })
      .catch(() => {
        if (!cancelled) setQr(null);
      });
    return () => {
      cancelled = true;
    };
  }, [setup.otpauth_url]);

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const result = await twoFactorApi.confirm(code);
      onConfirmed(result.recovery_codes);
    } catch (err) {
      handleFormError(err, setError, ['code']);
    }
  });

  return (
    <Stack gap="sm" maw={480}>
      <Text size="sm">{t('account.two_factor_scan')}</Text>
      {qr && <Image src={qr} alt={t('account.two_factor_qr_alt')} w={200} h={200} />}
      <Text size="sm">
        {t('account.two_factor_secret')} <Code data-testid="two-factor-secret">{setup.secret}</Code>
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth.authentication_code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={errors.code?.message}
            {...register('code')}
          />
          <Group>
            <Button type="submit" loading={isSubmitting}>
              {t('account.confirm_code')}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
