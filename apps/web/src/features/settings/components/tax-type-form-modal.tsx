import { useState } from 'react';
import { Button, Checkbox, Group, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { salesTaxResponseSchema, type TaxTypePayload, type TaxTypeRequest, type TaxTypeResource, taxTypeRequestSchema } from '@app/contracts';
import { QuantityInput } from '../../../components/decimal-input';
import { FormModal } from '../../../components/form-modal';
import { api } from '../../../lib/api-client';
import { handleFormError } from '../../../lib/form-errors';
import { moneyFormatOf } from '../../../lib/money';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { taxTypesApi } from '../../../lib/queries/catalog-queries';
import { useBootstrap } from '../../../lib/session';

const FIELDS = ['name', 'description', 'percent', 'compound_tax'] as const;

/** Create or edit a tax type; a US state's base rate can be looked up to fill the percent. */
export function TaxTypeFormModal({ taxType, onClose }: { taxType: TaxTypeResource | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = taxTypesApi.useSave();
  const [state, setState] = useState('');
  const [lookingUp, setLookingUp] = useState(false);
  // A rate is typed with the decimal separator the business writes money with.
  const separators = useBootstrap().current_business_currency ?? moneyFormatOf(1);
  const {
    control,
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
      const { data } = await api.post('/sales-tax-us/current-tax', salesTaxResponseSchema, { state, country: 'US' }, { root: 'm' });
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
      <Controller
        control={control}
        name="percent"
        render={({ field }) => (
          <QuantityInput
            label={t('tax_types.percent')}
            required
            separators={separators}
            rightSection="%"
            value={String(field.value)}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.percent?.message}
          />
        )}
      />
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
