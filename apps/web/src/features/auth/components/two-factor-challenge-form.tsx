import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messages, twoFactorChallengeSchema } from '@app/contracts';
import { handleFormError } from '../../../lib/form-errors';
import { useTwoFactorChallenge } from '../auth-queries';

type Mode = 'code' | 'recovery_code';
type Values = { code: string; recovery_code: string };

interface TwoFactorChallengeFormProps {
  onSignedIn: () => Promise<void>;
  onCancel: () => void;
}

/** Second sign-in step: a TOTP code, or a recovery code instead. */
export function TwoFactorChallengeForm({ onSignedIn, onCancel }: TwoFactorChallengeFormProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('code');
  const challenge = useTwoFactorChallenge();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { code: '', recovery_code: '' } });

  const onSubmit = handleSubmit(async (values) => {
    const value = values[mode].trim();
    const payload = mode === 'code' ? { code: value || undefined } : { recovery_code: value || undefined };
    const parsed = twoFactorChallengeSchema.safeParse(payload);
    if (!parsed.success) {
      setError(mode, { type: 'validate', message: parsed.error.issues[0]?.message ?? messages.required }, { shouldFocus: true });
      return;
    }
    try {
      await challenge.mutateAsync(parsed.data);
      await onSignedIn();
    } catch (err) {
      handleFormError(err, setError, ['code', 'recovery_code']);
    }
  });

  const toggleMode = () => {
    clearErrors();
    setMode(mode === 'code' ? 'recovery_code' : 'code');
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Title order={1} fz="h3">
          {t('auth.two_factor_title')}
        </Title>
        <Text size="sm" c="dimmed">
          {mode === 'code' ? t('auth.two_factor_code_help') : t('auth.two_factor_recovery_help')}
        </Text>
        {mode === 'code' ? (
          <TextInput
            key="code"
            label={t('auth.authentication_code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            error={errors.code?.message}
            {...register('code')}
          />
        ) : (
          <TextInput
            key="recovery_code"
            label={t('auth.recovery_code')}
            autoComplete="off"
            autoFocus
            error={errors.recovery_code?.message}
            {...register('recovery_code')}
          />
        )}
        <Anchor component="button" type="button" size="sm" onClick={toggleMode} ta="left">
          {mode === 'code' ? t('auth.use_recovery_code') : t('auth.use_authentication_code')}
        </Anchor>
        <Group justify="space-between">
          <Button variant="subtle" onClick={onCancel}>
            {t('common.back')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {t('auth.sign_in')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
