import { SimpleGrid, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Path, useForm, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type CounterpartyKind, type CounterpartyResource, type CreateCounterpartyRequest, createCounterpartyRequestSchema } from '@app/contracts';
import { addressFormValues } from '../../../components/address-fields';
import { CurrencySelect } from '../../../components/currency-select';
import { handleFormError } from '../../../lib/form-errors';
import { useSaveCounterparty } from '../counterparties-queries';

type Output = z.output<typeof createCounterpartyRequestSchema>;

/** The fields `CounterpartyMainFields` shows; the edit page adds the addresses. */
export const MAIN_FIELDS = ['name', 'display_name', 'contact_first_name', 'contact_last_name', 'email', 'phone', 'website', 'currency_id'] as const;

/** The form's values for `record` (blank when creating). */
export function counterpartyDefaults(record: CounterpartyResource | null): CreateCounterpartyRequest {
  return {
    name: record?.name ?? '',
    display_name: record?.display_name ?? '',
    contact_first_name: record?.contact_first_name ?? '',
    contact_last_name: record?.contact_last_name ?? '',
    email: record?.email ?? '',
    phone: record?.phone ?? '',
    website: record?.website ?? '',
    currency_id: record?.currency_id ?? 1,
    billing_address: addressFormValues(record?.billing_address),
    shipping_address: addressFormValues(record?.shipping_address),
    portal_access: record?.portal_access ?? false,
    send_invitation: false,
  };
}

/**
 * The one counterparty form, as the edit page and the edit modal both use it: the full record is
 * always sent, so fields a caller does not show go back as loaded. A 422 on a field the caller
 * does not list in `shownFields` becomes a notification.
 */
export function useCounterpartyForm(
  kind: CounterpartyKind,
  record: CounterpartyResource | null,
  shownFields: readonly Path<CreateCounterpartyRequest>[],
  onSaved: (saved: CounterpartyResource) => Promise<void> | void,
) {
  const save = useSaveCounterparty(kind, record?.id ?? null);
  const form = useForm<CreateCounterpartyRequest, unknown, Output>({
    resolver: zodResolver(createCounterpartyRequestSchema),
    defaultValues: counterpartyDefaults(record),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { data } = await save.mutateAsync(values);
      await onSaved(data);
    } catch (err) {
      handleFormError(err, form.setError, shownFields);
    }
  });
  return { form, onSubmit };
}

/** Name, contact, email, phone, website and currency; inside the form's FormProvider. */
export function CounterpartyMainFields() {
  const { t } = useTranslation();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<CreateCounterpartyRequest, unknown, Output>();
  const label = (key: string) => t(`counterparties.${key}`);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label={label('name')} required data-autofocus error={errors.name?.message} {...register('name')} />
      <TextInput label={label('display_name')} error={errors.display_name?.message} {...register('display_name')} />
      <TextInput label={label('contact_first_name')} error={errors.contact_first_name?.message} {...register('contact_first_name')} />
      <TextInput label={label('contact_last_name')} error={errors.contact_last_name?.message} {...register('contact_last_name')} />
      <TextInput label={label('email')} type="email" error={errors.email?.message} {...register('email')} />
      <TextInput label={label('phone')} error={errors.phone?.message} {...register('phone')} />
      <TextInput label={label('website')} error={errors.website?.message} {...register('website')} />
      <CurrencySelect control={control} name="currency_id" label={label('currency')} />
    </SimpleGrid>
  );
}
