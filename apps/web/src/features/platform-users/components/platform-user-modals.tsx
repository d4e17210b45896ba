import { TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  type InvitePlatformUserRequest,
  type PlatformUserResource,
  type UpdatePlatformUserRequest,
  invitePlatformUserRequestSchema,
  updatePlatformUserRequestSchema,
} from '@app/contracts';
import { FormModal } from '../../../components/form-modal';
import { SelectField } from '../../../components/select-field';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useInvitePlatformUser, usePlatformRoles, useUpdatePlatformUser } from '../platform-users-queries';

export function InvitePlatformUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const roles = usePlatformRoles(opened);
  const invite = useInvitePlatformUser();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InvitePlatformUserRequest, unknown, z.output<typeof invitePlatformUserRequestSchema>>({
    resolver: zodResolver(invitePlatformUserRequestSchema),
    defaultValues: { email: '', role_id: '' },
  });

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await invite.mutateAsync(values);
      notifySuccess(t('platform_users.invitation_sent'));
      close();
    } catch (err) {
      handleFormError(err, setError, ['email', 'role_id']);
    }
  });

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={t('platform_users.invite')}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      submitLabel={t('platform_users.send_invitation')}
      loading={{ isPending: roles.isPending, error: roles.error, onRetry: () => void roles.refetch() }}
    >
      <TextInput label={t('platform_users.email')} type="email" autoComplete="off" data-autofocus error={errors.email?.message} {...register('email')} />
      <SelectField
        control={control}
        name="role_id"
        label={t('platform_users.role')}
        description={roles.data?.some((role) => role.disabled) ? t('platform_users.roles_beyond_you') : undefined}
        placeholder={t('platform_users.choose_role')}
        data={roles.data ?? []}
        requiredMessage={t('platform_users.role_required')}
      />
    </FormModal>
  );
}

export function EditPlatformUserModal({ user, onClose }: { user: PlatformUserResource | null; onClose: () => void }) {
  const { t } = useTranslation();
  const roles = usePlatformRoles(user !== null);
  const update = useUpdatePlatformUser();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpdatePlatformUserRequest, unknown, z.output<typeof updatePlatformUserRequestSchema>>({
    resolver: zodResolver(updatePlatformUserRequestSchema),
    values: { name: user?.name ?? '', phone: user?.phone ?? '', role_id: user?.role?.id ?? '' },
  });

  // A user whose role holds abilities the caller lacks keeps that role (the server refuses the change).
  const currentRole = roles.data?.find((role) => role.value === user?.role?.id);
  const roleLocked = currentRole?.disabled ?? false;

  const onSubmit = handleSubmit(async (values) => {
    if (!user) return;
    try {
      await update.mutateAsync({ id: user.id, body: values });
      notifySuccess(t('platform_users.updated'));
      onClose();
    } catch (err) {
      handleFormError(err, setError, ['name', 'phone', 'role_id']);
    }
  });

  return (
    <FormModal
      opened={user !== null}
      onClose={onClose}
      title={t('platform_users.edit')}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      loading={{ isPending: roles.isPending, error: roles.error, onRetry: () => void roles.refetch() }}
    >
      <TextInput label={t('platform_users.name')} data-autofocus error={errors.name?.message} {...register('name')} />
      <TextInput label={t('platform_users.phone')} error={errors.phone?.message} {...register('phone')} />
      <SelectField
        control={control}
        name="role_id"
        label={t('platform_users.role')}
        data={roles.data ?? []}
        disabled={roleLocked}
        description={roleLocked ? t('platform_users.role_beyond_you') : undefined}
      />
    </FormModal>
  );
}
