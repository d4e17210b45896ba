import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type CounterpartyKind, type CounterpartyResource, type CreateCounterpartyRequest, createCounterpartyRequestSchema, currencies } from '@app/contracts';
import { FormModal } from '../../../components/form-modal';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useCounterparty, useSaveCounterparty } from '../counterparties-queries';
import { counterpartyDefaults } from './counterparty-form';

type Output = z.output<typeof createCounterpartyRequestSchema>;

const currencyOptions = currencies.map((c) => ({ value: String(c.id), label: `${c.code} – ${c.name}` }));
const FIELDS = ['name', 'display_name', 'contact_first_name', 'contact_last_name', 'email', 'phone', 'website', 'currency_id'] as const;

/**
 * The main fields of one record, saved with the edit page's schema and call. The addresses are
 * not shown but sent back as loaded, so the full update leaves them as they were.
 */
function EditForm({ kind, record, onClose }: { kind: CounterpartyKind; record: CounterpartyResource; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveCounterparty(kind, record.id);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateCounterpartyRequest, unknown, Output>({ resolver: zodResolver(createCounterpartyRequestSchema), defaultValues: counterpartyDefaults(record) });
  const label = (key: string) => t(`counterparties.${key}`);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notifySuccess(t(`counterparties.${kind}.updated`));
      onClose();
    } catch (err) {
      // Errors of fields not shown here (an address) become a notification.
      handleFormError(err, setError, FIELDS);
    }
  });

  return (
    <FormModal opened onClose={onClose} size="lg" title={t(`counterparties.${kind}.edit_title`, { name: record.name })} onSubmit={onSubmit} submitting={isSubmitting}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={label('name')} required data-autofocus error={errors.name?.message} {...register('name')} />
        <TextInput label={label('display_name')} error={errors.display_name?.message} {...register('display_name')} />
        <TextInput label={label('contact_first_name')} error={errors.contact_first_name?.message} {...register('contact_first_name')} />
        <TextInput label={label('contact_last_name')} error={errors.contact_last_name?.message} {...register('contact_last_name')} />
        <TextInput label={label('email')} type="email" error={errors.email?.message} {...register('email')} />
        <TextInput label={label('phone')} error={errors.phone?.message} {...register('phone')} />
        <TextInput label={label('website')} error={errors.website?.message} {...register('website')} />
        <Controller
          control={control}
          name="currency_id"
          render={({ field, fieldState }) => (
            <Select
              label={label('currency')}
              data={currencyOptions}
              searchable
              allowDeselect={false}
              value={String(field.value ?? 1)}
              onChange={(value) => field.onChange(value ? Number(value) : 1)}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <Checkbox label={label('portal_access')} {...register('portal_access')} />
    </FormModal>
  );
}

/**
 * The edit modal (spec section 2) for the record `id`: loads it with its addresses (a list row
 * has none), then shows the form. Offer it only where `useCounterpartyEditable` allows.
 */
export function CounterpartyEditModal({ kind, id, onClose }: { kind: CounterpartyKind; id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const record = useCounterparty(kind, id);
  if (record.data) return <EditForm key={record.data.id} kind={kind} record={record.data} onClose={onClose} />;
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t(`counterparties.${kind}.edit_title`, { name: '' })}
      onSubmit={(event) => event.preventDefault()}
      submitting={false}
      loading={{ isPending: record.isPending, error: record.error, onRetry: () => void record.refetch() }}
    >
      {null}
    </FormModal>
  );
}
