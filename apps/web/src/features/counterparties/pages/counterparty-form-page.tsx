import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { CounterpartyKind } from '@app/contracts';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { CounterpartyForm } from '../components/counterparty-form';
import { useCounterparty } from '../counterparties-queries';

function CreatePage({ kind }: { kind: CounterpartyKind }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`counterparties.${kind}.create_title`)} description={t('counterparties.create_help')} />
      <CounterpartyForm kind={kind} record={null} />
    </>
  );
}

/** The route loader already sent records this business may not edit to /403. */
function EditPage({ kind }: { kind: CounterpartyKind }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const record = useCounterparty(kind, id);
  return (
    <>
      <PageHeader title={t(`counterparties.${kind}.edit_title`, { name: record.data?.name ?? '' })} />
      <QueryState isPending={record.isPending} error={record.error} onRetry={() => void record.refetch()}>
        {record.data && <CounterpartyForm key={record.data.id} kind={kind} record={record.data} />}
      </QueryState>
    </>
  );
}

export const CustomerCreatePage = () => <CreatePage kind="customer" />;
export const VendorCreatePage = () => <CreatePage kind="vendor" />;
export const CustomerEditPage = () => <EditPage kind="customer" />;
export const VendorEditPage = () => <EditPage kind="vendor" />;
