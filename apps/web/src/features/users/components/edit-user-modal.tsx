import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type TeamUserResource, type UpdateTeamUserRequest, updateTeamUserRequestSchema } from '@app/contracts';
import { QueryState } from '../../../components/query-state';
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

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: user.id, body: canChangeRole ? values : { name: values.name } });
      notifySuccess(t('users.updated'));
      onClose();
    } catch (err) {
      handleFormError(err, setError, ['name', 'role']);
    }
  });

  const options = (roles.data ?? []).map((role) => ({ value: role.id, label: role.name }));

  return (
    <Modal opened onClose={onClose} title={t('users.edit_title', { name: user.name })} centered>
      <QueryState isPending={roles.isPending} error={roles.error} onRetry={() => void roles.refetch()}>
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <TextInput label={t('users.name')} data-autofocus error={errors.name?.message} {...register('name')} />
            {canChangeRole && (
              <Controller
                control={control}
                name="role"
                render={({ field, fieldState: { error } }) => (
                  <Select
                    label={t('users.role')}
                    data={options}
                    allowDeselect={false}
                    value={field.value ?? null}
                    onChange={(value) => field.onChange(value ?? undefined)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={error?.message}
                  />
                )}
              />
            )}
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
