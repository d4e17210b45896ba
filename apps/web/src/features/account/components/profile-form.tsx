import { useMemo } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { messages, updateMeRequestSchema, type UpdateMeRequest } from '@app/contracts';
import { useReportDirty } from '../../../components/unsaved-changes';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useBootstrap } from '../../../lib/session';
import { useUpdateMe } from '../account-queries';

/** The address as the server compares it. */
const normalised = (email: string) => email.trim().toLowerCase();

/**
 * Name and phone change at once. A new email address asks for the current password and only
 * waits for the link mailed to it: until then the form keeps the current address and says so.
 */
export function ProfileForm() {
  const { t } = useTranslation();
  const { current_user: user } = useBootstrap();
  const update = useUpdateMe();
  const schema = useMemo(
    () =>
      updateMeRequestSchema.superRefine((values, ctx) => {
        if (values.email !== normalised(user.email) && !values.current_password) {
          ctx.addIssue({ code: 'custom', path: ['current_password'], message: messages.currentPasswordForEmail });
        }
      }),
    [user.email],
  );
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<UpdateMeRequest, unknown, z.output<typeof updateMeRequestSchema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: user.name, email: user.email, phone: user.phone ?? '', current_password: '' },
  });
  useReportDirty(isDirty);
  const changesEmail = normalised(watch('email')) !== normalised(user.email);

  const onSubmit = handleSubmit(async (values) => {
    const asksForEmail = values.email !== normalised(user.email);
    try {
      const { data } = await update.mutateAsync({
        name: values.name,
        email: values.email,
        phone: values.phone || null,
        ...(asksForEmail ? { current_password: values.current_password } : {}),
      });
      reset({ name: data.name, email: data.email, phone: data.phone ?? '', current_password: '' });
      notifySuccess(asksForEmail && data.pending_email ? t('account.email_change_requested', { email: data.pending_email }) : t('account.updated'));
    } catch (err) {
      handleFormError(err, setError, ['name', 'email', 'phone', 'current_password']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('account.profile')}>
      <Stack maw={480}>
        {user.pending_email && (
          <Alert color="blue" role="status" title={t('account.email_change_pending_title')} data-testid="pending-email">
            {t('account.email_change_pending', { pending: user.pending_email, email: user.email })}
          </Alert>
        )}
        <TextInput label={t('auth.name')} autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextInput label={t('auth.email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        {changesEmail && (
          <PasswordInput
            label={t('account.current_password')}
            description={t('account.email_change_password_help')}
            autoComplete="current-password"
            error={errors.current_password?.message}
            {...register('current_password')}
          />
        )}
        <TextInput label={t('auth.phone')} type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
        <Group>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
