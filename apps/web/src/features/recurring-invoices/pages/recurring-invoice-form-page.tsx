import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { RecurringForm } from '../components/recurring-form';
import { useRecurringInvoice } from '../recurring-queries';

export function RecurringInvoiceCreatePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('recurring_invoices.form.create')} />
      <RecurringForm recurring={null} />
    </>
  );
}

export function RecurringInvoiceEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const recurring = useRecurringInvoice(id);
  return (
    <>
      <PageHeader title={t('recurring_invoices.form.edit')} description={recurring.data?.customer.name} />
      <QueryState isPending={recurring.isPending} error={recurring.error} onRetry={() => void recurring.refetch()}>
        {recurring.data && <RecurringForm key={recurring.data.id} recurring={recurring.data} />}
      </QueryState>
    </>
  );
}
