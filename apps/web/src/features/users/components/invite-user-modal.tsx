import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { inviteUserRequestSchema, type InviteUserRequest } from '@app/contracts';
import { QueryState } from '../../../components/query-state';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useAssignableRoles, useInviteUser } from '../users-queries';

export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const roles = useAssignableRoles(opened);
  const invite = useInviteUser();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteUserRequest, unknown, z.output<typeof inviteUserRequestSchema>>({
    resolver: zodResolver(inviteUserRequestSchema),
    defaultValues: { email: '', role: '' },
  });

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await invite.mutateAsync({ email: values.email, role: values.role });
      notifySuccess(t('users.invitation_sent'));
      close();
    } catch (err) {
      handleFormError(err, setError, ['email', 'role']);
    }
  });

  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.name, label: role.name }));

  return (
    <Modal opened={opened} onClose={close} title={t('users.invite')} centered>
      <QueryState isPending={roles.isPending} error={roles.error} onRetry={() => void roles.refetch()}>
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('users.invite_help')}
            </Text>
            <TextInput label={t('auth.email')} type="email" autoComplete="off" data-autofocus error={errors.email?.message} {...register('email')} />
            <Controller
              control={control}
              name="role"
              render={({ field, fieldState: { error } }) => (
                <Select
                  label={t('users.role')}
                  placeholder={t('users.choose_role')}
                  data={roleOptions}
                  allowDeselect={false}
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={error && (error.type === 'server' ? error.message : t('users.role_required'))}
                />
              )}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={isSubmitting}>
                {t('users.send_invitation')}
              </Button>
            </Group>
          </Stack>
        </form>
      </QueryState>
    </Modal>
  );
}
