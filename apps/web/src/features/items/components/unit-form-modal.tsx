import { TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type ItemUnitRequest, type ItemUnitResource, itemUnitRequestSchema } from '@app/contracts';
import { FormModal } from '../../../components/form-modal';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { itemUnitsApi } from '../../catalog';

interface UnitFormModalProps {
  /** The unit to rename; null creates one. */
  unit: ItemUnitResource | null;
  onClose: () => void;
  /** Called with the saved unit (the item form picks a unit it just created). */
  onSaved?: (unit: ItemUnitResource) => void;
}

/** Create or rename an item unit; the server's 'already taken' shows under the name. */
export function UnitFormModal({ unit, onClose, onSaved }: UnitFormModalProps) {
  const { t } = useTranslation();
  const save = itemUnitsApi.useSave();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ItemUnitRequest, unknown, z.output<typeof itemUnitRequestSchema>>({ resolver: zodResolver(itemUnitRequestSchema), defaultValues: { name: unit?.name ?? '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: unit?.id ?? null, body: values });
      notifySuccess(t(unit ? 'item_units.updated' : 'item_units.created'));
      onSaved?.(saved.data);
      onClose();
    } catch (err) {
      handleFormError(err, setError, ['name']);
    }
  });

  return (
    <FormModal opened onClose={onClose} title={unit ? t('item_units.edit_title', { name: unit.name }) : t('item_units.create')} onSubmit={onSubmit} submitting={isSubmitting}>
      <TextInput label={t('item_units.name')} required data-autofocus error={errors.name?.message} {...register('name')} />
    </FormModal>
  );
}
