import { useState } from 'react';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type ChangePasswordRequest, type ChangePasswordResponse, changePasswordRequestSchema } from '@app/contracts';
import { useReportDirty } from '../../../components/unsaved-changes';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useChangePassword } from '../account-queries';
import { TokensAfterPasswordChange } from './tokens-after-password-change';

const empty = { current_password: '', password: '', password_confirmation: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [changed, setChanged] = useState<ChangePasswordResponse | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ChangePasswordRequest, unknown, z.output<typeof changePasswordRequestSchema>>({
    resolver: zodResolver(changePasswordRequestSchema),
    defaultValues: empty,
  });
  useReportDirty(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    try {
      setChanged(await change.mutateAsync(values));
      reset(empty);
      notifySuccess(t('account.password_changed'));
    } catch (err) {
      handleFormError(err, setError, ['current_password', 'password', 'password_confirmation']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('account.change_password')}>
      <Stack maw={480}>
        <PasswordInput
          label={t('account.current_password')}
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <PasswordInput label={t('account.new_password')} autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        <PasswordInput
          label={t('account.confirm_new_password')}
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register('password_confirmation')}
        />
        <Group>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {t('account.change_password')}
          </Button>
        </Group>
        {changed && changed.personal_access_token_count > 0 && <TokensAfterPasswordChange tokens={changed.personal_access_tokens} total={changed.personal_access_token_count} />}
      </Stack>
    </form>
  );
}
