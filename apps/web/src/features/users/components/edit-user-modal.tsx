import { TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type TeamUserResource, type UpdateTeamUserRequest, updateTeamUserRequestSchema } from '@app/contracts';
import { FormModal } from '../../../components/form-modal';
import { SelectField } from '../../../components/select-field';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useAssignableRoles, useUpdateUser } from '../users-queries';

type Props = { user: TeamUserResource; canChangeRole: boolean; onClose: () => void };

/** Name and role of one member; the owner's role is fixed (ownership moves by transfer). */
export function EditUserModal({ user, canChangeRole, onClose }: Props) {
  const { t } = useTranslation();
  const roles = useAssignableRoles(true);
  const update = useUpdateUser();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpdateTeamUserRequest, unknown, z.output<typeof updateTeamUserRequestSchema>>({
    resolver: zodResolver(updateTeamUserRequestSchema),
    defaultValues: { name: user.name, role: user.role.id },
  });

  // A member whose role holds abilities the caller lacks keeps that role (the server refuses the change).
  const currentRoleGrantable = roles.data?.find((role) => role.id === user.role.id)?.grantable ?? false;
  const roleEditable = canChangeRole && currentRoleGrantable;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: user.id, body: roleEditable ? values : { name: values.name } });
      notifySuccess(t('users.updated'));
      onClose();
    } catch (err) {
      handleFormError(err, setError, ['name', 'role']);
    }
  });

  const options = (roles.data ?? []).map((role) => ({ value: role.id, label: role.name, disabled: !role.grantable }));

  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('users.edit_title', { name: user.name })}
      onSubmit={onSubmit}
      submitting={isSubmitting}
      loading={{ isPending: roles.isPending, error: roles.error, onRetry: () => void roles.refetch() }}
    >
      <TextInput label={t('users.name')} data-autofocus error={errors.name?.message} {...register('name')} />
      {canChangeRole && (
        <SelectField
          control={control}
          name="role"
          label={t('users.role')}
          data={options}
          disabled={!roleEditable}
          description={roleEditable ? undefined : t('users.role_beyond_you')}
        />
      )}
    </FormModal>
  );
}
