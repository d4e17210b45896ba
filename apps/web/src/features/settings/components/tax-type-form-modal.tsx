import { useState } from 'react';
import { Button, Checkbox, Group, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type SalesTaxResponse, type TaxTypePayload, type TaxTypeRequest, type TaxTypeResource, taxTypeRequestSchema } from '@app/contracts';
import { FormModal } from '../../../components/form-modal';
import { api } from '../../../lib/api-client';
import { handleFormError } from '../../../lib/form-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { taxTypesApi } from '../../catalog';

const FIELDS = ['name', 'description', 'percent', 'compound_tax'] as const;

/** Create or edit a tax type; a US state's base rate can be looked up to fill the percent. */
export function TaxTypeFormModal({ taxType, onClose }: { taxType: TaxTypeResource | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = taxTypesApi.useSave();
  const [state, setState] = useState('');
  const [lookingUp, setLookingUp] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<TaxTypeRequest, unknown, TaxTypePayload>({
    resolver: zodResolver(taxTypeRequestSchema),
    defaultValues: { name: taxType?.name ?? '', description: taxType?.description ?? '', percent: taxType?.percent ?? '', compound_tax: taxType?.compound_tax ?? false },
  });

  const lookUp = async () => {
    setLookingUp(true);
    try {
      const { data } = await api.post<SalesTaxResponse>('/sales-tax-us/current-tax', { state, country: 'US' }, { root: 'm' });
      setValue('percent', data.rate, { shouldDirty: true, shouldValidate: true });
      setValue('description', t('tax_types.state_rate_description', { state: data.state_name, date: data.as_of }), { shouldDirty: true });
    } catch (err) {
      notifyError(err);
    } finally {
      setLookingUp(false);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: taxType?.id ?? null, body: values });
      notifySuccess(t(taxType ? 'tax_types.updated' : 'tax_types.created'));
      onClose();
    } catch (err) {
      handleFormError(err, setError, FIELDS);
    }
  });

  return (
    <FormModal opened onClose={onClose} title={taxType ? t('tax_types.edit_title', { name: taxType.name }) : t('tax_types.create')} onSubmit={onSubmit} submitting={isSubmitting}>
      <TextInput label={t('tax_types.name')} required data-autofocus error={errors.name?.message} {...register('name')} />
      <TextInput label={t('tax_types.percent')} required inputMode="decimal" rightSection="%" error={errors.percent?.message} {...register('percent')} />
      <Group align="flex-end" gap="xs">
        <TextInput label={t('tax_types.us_state')} description={t('tax_types.us_state_help')} value={state} onChange={(event) => setState(event.currentTarget.value)} style={{ flex: 1 }} />
        <Button variant="default" onClick={() => void lookUp()} loading={lookingUp} disabled={state.trim() === ''}>
          {t('tax_types.look_up')}
        </Button>
      </Group>
      <TextInput label={t('tax_types.description')} error={errors.description?.message} {...register('description')} />
      <Checkbox label={t('tax_types.compound_tax')} {...register('compound_tax')} />
    </FormModal>
  );
}
