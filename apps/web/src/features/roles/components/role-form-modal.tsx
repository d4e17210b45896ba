import { TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type AbilityScope, type RoleRequest, type RoleResource, abilityGroups, canGrant, roleRequestSchema } from '@app/contracts';
import { FormModal } from '../../../components/form-modal';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { abilitiesFor, useBootstrap } from '../../../lib/session';
import { useSaveRole } from '../roles-queries';
import { AbilityPicker } from './ability-picker';

type Props = { scope: AbilityScope; role: RoleResource | null; onClose: () => void };

/** One form for creating and editing a role; the catalogue comes from the shared contracts. Only abilities the user holds can be picked. */
export function RoleFormModal({ scope, role, onClose }: Props) {
  const { t } = useTranslation();
  const held = abilitiesFor(useBootstrap(), scope);
  const grantable = (name: string) => canGrant(held, [name]);
  const save = useSaveRole(scope);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RoleRequest, unknown, z.output<typeof roleRequestSchema>>({
    resolver: zodResolver(roleRequestSchema),
    defaultValues: { name: role?.name ?? '', description: role?.description ?? '', abilities: role?.abilities ?? [] },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: role?.id ?? null, body: values });
      notifySuccess(t(role ? 'roles.updated' : 'roles.created'));
      onClose();
    } catch (err) {
      handleFormError(err, setError, ['name', 'description', 'abilities']);
    }
  });

  return (
    <FormModal opened onClose={onClose} title={role ? t('roles.edit_title', { name: role.name }) : t('roles.create')} size="xl" onSubmit={onSubmit} submitting={isSubmitting}>
      <TextInput label={t('roles.name')} data-autofocus error={errors.name?.message} {...register('name')} />
      <TextInput label={t('roles.description')} error={errors.description?.message} {...register('description')} />
      <Controller
        control={control}
        name="abilities"
        render={({ field, fieldState: { error } }) => <AbilityPicker groups={abilityGroups(scope)} value={field.value} onChange={field.onChange} grantable={grantable} error={error?.message} />}
      />
    </FormModal>
  );
}
