import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  type InvitePlatformUserRequest,
  type PlatformUserResource,
  type UpdatePlatformUserRequest,
  invitePlatformUserRequestSchema,
  updatePlatformUserRequestSchema,
} from '@app/contracts';
import { QueryState } from '../../../components/query-state';
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
    <Modal opened={opened} onClose={close} title={t('platform_users.invite')} centered>
      <QueryState isPending={roles.isPending} error={roles.error} onRetry={() => void roles.refetch()}>
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <TextInput label={t('platform_users.email')} type="email" autoComplete="off" data-autofocus error={errors.email?.message} {...register('email')} />
            <Controller
              control={control}
              name="role_id"
              render={({ field, fieldState: { error } }) => (
                <Select
                  label={t('platform_users.role')}
                  placeholder={t('platform_users.choose_role')}
                  data={roles.data ?? []}
                  allowDeselect={false}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={error && (error.type === 'server' ? error.message : t('platform_users.role_required'))}
                />
              )}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={isSubmitting}>
                {t('platform_users.send_invitation')}
              </Button>
            </Group>
          </Stack>
        </form>
      </QueryState>
    </Modal>
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
    <Modal opened={user !== null} onClose={onClose} title={t('platform_users.edit')} centered>
      <QueryState isPending={roles.isPending} error={roles.error} onRetry={() => void roles.refetch()}>
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <TextInput label={t('platform_users.name')} data-autofocus error={errors.name?.message} {...register('name')} />
            <TextInput label={t('platform_users.phone')} error={errors.phone?.message} {...register('phone')} />
            <Controller
              control={control}
              name="role_id"
              render={({ field, fieldState: { error } }) => (
                <Select
                  label={t('platform_users.role')}
                  data={roles.data ?? []}
                  allowDeselect={false}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={error?.message}
                />
              )}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={isSubmitting}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </QueryState>
    </Modal>
  );
}
