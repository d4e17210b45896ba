import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { BusinessForm } from '../components/business-form';
import { useAdminBusiness } from '../businesses-queries';

export function AdminBusinessCreatePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('admin_businesses.create_title')} description={t('admin_businesses.create_help')} />
      <BusinessForm business={null} />
    </>
  );
}

export function AdminBusinessEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const business = useAdminBusiness(id);
  return (
    <>
      <PageHeader title={t('admin_businesses.edit_title', { name: business.data?.name ?? '' })} />
      <QueryState isPending={business.isPending} error={business.error} onRetry={() => void business.refetch()}>
        {business.data && <BusinessForm key={business.data.id} business={business.data} />}
      </QueryState>
    </>
  );
}
