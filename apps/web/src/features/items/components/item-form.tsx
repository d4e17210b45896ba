import { useState } from 'react';
import { Anchor, Button, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { MoneyFormat } from '@app/domain';
import { type ItemFormOutput, type ItemFormValues, type ItemResource, itemFormSchema, minorUnitsToDecimal } from '@app/contracts';
import { MoneyInput } from '../../../components/decimal-input';
import type { ServerOption } from '../../../components/server-select';
import { ServerMultiSelect, ServerSelect } from '../../../components/server-select';
import { useReportDirty } from '../../../components/unsaved-changes';
import { handleFormError, touchedValidation } from '../../../lib/form-errors';
import { moneyFormatOf } from '../../../lib/money';
import { notifySuccess } from '../../../lib/notify';
import { useBootstrap, useCan } from '../../../lib/session';
import { itemUnitsApi, itemsApi, taxLabel, taxTypesApi } from '../../../lib/queries/catalog-queries';
import { ITEMS_PATH } from '../items-paths';
import { UnitFormModal } from './unit-form-modal';

const FIELDS = ['name', 'description', 'price', 'unit_id', 'tax_type_ids'] as const;
const unitOptions = itemUnitsApi.options((unit) => unit.name);
const taxOptions = taxTypesApi.options(taxLabel);

/** The currency prices are typed in: the business's, USD (2 decimals) until one is chosen. */
export function useBusinessCurrency(): MoneyFormat {
  return useBootstrap().current_business_currency ?? moneyFormatOf(1);
}

function defaultsOf(item: ItemResource | null, precision: number): ItemFormValues {
  return {
    name: item?.name ?? '',
    description: item?.description ?? '',
    price: item ? minorUnitsToDecimal(item.price, precision) : '',
    unit_id: item?.unit_id ?? null,
    tax_type_ids: item?.tax_type_ids ?? [],
  };
}

/**
 * Create and edit share this form. The price is typed in the business currency and sent in
 * minor units, converted exactly by the shared schema (no floating point).
 */
export function ItemForm({ item }: { item: ItemResource | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currency = useBusinessCurrency();
  const { precision } = currency;
  const save = itemsApi.useSave();
  const can = useCan();
  const [addingUnit, setAddingUnit] = useState(false);
  // The unit label shown before the picker has loaded anything: the item's, or one just added.
  const [unitLabel, setUnitLabel] = useState<ServerOption | null>(item?.unit ? { value: item.unit.id, label: item.unit.name } : null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ItemFormValues, unknown, ItemFormOutput>({ ...touchedValidation, resolver: zodResolver(itemFormSchema(precision)), defaultValues: defaultsOf(item, precision) });
  useReportDirty(isDirty && !isSubmitting);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const body = { name: values.name, description: values.description || null, price: values.price, unit_id: values.unit_id, taxes: values.tax_type_ids.map((id) => ({ tax_type_id: id })) };
      await save.mutateAsync({ id: item?.id ?? null, body });
      notifySuccess(t(item ? 'items.updated' : 'items.created'));
      await navigate(ITEMS_PATH);
    } catch (err) {
      handleFormError(err, setError, FIELDS);
    }
  });

  return (
    <>
      <form onSubmit={onSubmit} noValidate>
        <Stack maw={720}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('items.name')} required data-autofocus error={errors.name?.message} {...register('name')} />
            <Controller
              control={control}
              name="price"
              render={({ field }) => (
                <MoneyInput
                  label={t('items.price')}
                  required
                  currency={currency}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.price?.message}
                />
              )}
            />
            <Stack gap={4}>
              <Controller
                control={control}
                name="unit_id"
                render={({ field, fieldState }) => (
                  <ServerSelect
                    label={t('items.unit')}
                    placeholder={t('items.unit_placeholder')}
                    queryKey={itemUnitsApi.key}
                    fetchOptions={unitOptions}
                    value={field.value}
                    selected={unitLabel}
                    onChange={(value) => field.onChange(value)}
                    error={fieldState.error?.message}
                  />
                )}
              />
              {can('create-item') && (
                <Anchor component="button" type="button" size="xs" ta="left" onClick={() => setAddingUnit(true)}>
                  {t('items.add_unit')}
                </Anchor>
              )}
            </Stack>
            <Controller
              control={control}
              name="tax_type_ids"
              render={({ field, fieldState }) => (
                <ServerMultiSelect
                  label={t('items.taxes')}
                  placeholder={t('items.taxes_placeholder')}
                  queryKey={taxTypesApi.key}
                  fetchOptions={taxOptions}
                  value={field.value}
                  selected={item?.taxes.map((tax) => ({ value: tax.tax_type_id, label: taxLabel(tax) })) ?? []}
                  onChange={(values) => field.onChange(values)}
                  error={fieldState.error?.message}
                />
              )}
            />
          </SimpleGrid>
          <Textarea label={t('items.description')} rows={3} error={errors.description?.message} {...register('description')} />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={ITEMS_PATH}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {addingUnit && (
        <UnitFormModal
          unit={null}
          onClose={() => setAddingUnit(false)}
          onSaved={(unit) => {
            setUnitLabel({ value: unit.id, label: unit.name });
            setValue('unit_id', unit.id, { shouldDirty: true, shouldValidate: true });
          }}
        />
      )}
    </>
  );
}
