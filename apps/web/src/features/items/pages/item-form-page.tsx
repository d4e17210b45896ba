import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { itemsApi } from '../../catalog';
import { ItemForm } from '../components/item-form';

export function ItemCreatePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('items.create')} />
      <ItemForm item={null} />
    </>
  );
}

export function ItemEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const item = itemsApi.useOne(id);
  return (
    <>
      <PageHeader title={t('items.edit_title', { name: item.data?.name ?? '' })} />
      <QueryState isPending={item.isPending} error={item.error} onRetry={() => void item.refetch()}>
        {item.data && <ItemForm key={item.data.id} item={item.data} />}
      </QueryState>
    </>
  );
}
