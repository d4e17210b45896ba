import { Checkbox } from '@mantine/core';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CounterpartyKind, CounterpartyResource } from '@app/contracts';
import { FormModal } from '../../../components/form-modal';
import { notifySuccess } from '../../../lib/notify';
import { useCounterparty } from '../counterparties-queries';
import { CounterpartyMainFields, MAIN_FIELDS, useCounterpartyForm } from './counterparty-fields';

/**
 * The main fields of one record, saved with the edit page's form and call. The addresses are
 * not shown but sent back as loaded, so the full update leaves them as they were; their errors
 * become a notification.
 */
function EditForm({ kind, record, onClose }: { kind: CounterpartyKind; record: CounterpartyResource; onClose: () => void }) {
  const { t } = useTranslation();
  const { form, onSubmit } = useCounterpartyForm(kind, record, MAIN_FIELDS, () => {
    notifySuccess(t(`counterparties.${kind}.updated`));
    onClose();
  });

  return (
    <FormProvider {...form}>
      <FormModal opened onClose={onClose} size="lg" title={t(`counterparties.${kind}.edit_title`, { name: record.name })} onSubmit={onSubmit} submitting={form.formState.isSubmitting}>
        <CounterpartyMainFields />
        <Checkbox label={t('counterparties.portal_access')} {...form.register('portal_access')} />
      </FormModal>
    </FormProvider>
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
