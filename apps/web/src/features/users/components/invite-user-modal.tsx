import { Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { inviteUserRequestSchema, type InviteUserRequest } from '@app/contracts';
import { FormModal } from '../../../components/form-modal';
import { SelectField } from '../../../components/select-field';
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

  const roleOptions = (roles.data ?? []).map((role) => ({ value: role.name, label: role.name, disabled: !role.grantable }));

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={t('users.invite')}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      submitLabel={t('users.send_invitation')}
      loading={{ isPending: roles.isPending, error: roles.error, onRetry: () => void roles.refetch() }}
    >
      <Text size="sm" c="dimmed">
        {t('users.invite_help')}
      </Text>
      <TextInput label={t('auth.email')} type="email" autoComplete="off" data-autofocus error={errors.email?.message} {...register('email')} />
      <SelectField
        control={control}
        name="role"
        label={t('users.role')}
        description={roleOptions.some((option) => option.disabled) ? t('users.roles_beyond_you') : undefined}
        placeholder={t('users.choose_role')}
        data={roleOptions}
        requiredMessage={t('users.role_required')}
      />
    </FormModal>
  );
}
