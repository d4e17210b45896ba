import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { TenantForm } from '../components/tenant-form';
import { useTenant } from '../tenants-queries';

export function TenantCreatePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('tenants.create_title')} description={t('tenants.create_help')} />
      <TenantForm tenant={null} />
    </>
  );
}

export function TenantEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const tenant = useTenant(id);
  return (
    <>
      <PageHeader title={t('tenants.edit_title', { name: tenant.data?.name ?? '' })} />
      <QueryState isPending={tenant.isPending} error={tenant.error} onRetry={() => void tenant.refetch()}>
        {tenant.data && <TenantForm key={tenant.data.id} tenant={tenant.data} />}
      </QueryState>
    </>
  );
}
