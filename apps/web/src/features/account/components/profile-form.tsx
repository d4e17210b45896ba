import { Button, Group, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { updateMeRequestSchema, type UpdateMeRequest } from '@app/contracts';
import { useReportDirty } from '../../../components/unsaved-changes';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useBootstrap } from '../../../lib/session';
import { useUpdateMe } from '../account-queries';

export function ProfileForm() {
  const { t } = useTranslation();
  const { current_user: user } = useBootstrap();
  const update = useUpdateMe();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<UpdateMeRequest, unknown, z.output<typeof updateMeRequestSchema>>({
    resolver: zodResolver(updateMeRequestSchema),
    defaultValues: { name: user.name, email: user.email, phone: user.phone ?? '' },
  });
  useReportDirty(isDirty);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ name: values.name, email: values.email, phone: values.phone || null });
      reset({ name: values.name, email: values.email, phone: values.phone ?? '' });
      notifySuccess(t('account.updated'));
    } catch (err) {
      handleFormError(err, setError, ['name', 'email', 'phone']);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('account.profile')}>
      <Stack maw={480}>
        <TextInput label={t('auth.name')} autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextInput label={t('auth.email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
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
