import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useCurrentBusiness } from '../business-queries';
import { BusinessInfoForm } from '../components/business-info-form';
import { BusinessLogoUpload } from '../components/business-logo-upload';

/** Settings → business information: logo, details and the addresses printed on invoices and estimates. */
export function BusinessInfoPage() {
  const { t } = useTranslation();
  const business = useCurrentBusiness();
  return (
    <>
      <PageHeader title={t('business_info.title')} description={t('business_info.description')} />
      <QueryState isPending={business.isPending} error={business.error} onRetry={() => void business.refetch()}>
        {business.data && (
          <Stack maw={860} gap="lg">
            <BusinessLogoUpload business={business.data} />
            {/* Keyed by id: switching business starts the form afresh from the other record. */}
            <BusinessInfoForm key={business.data.id} business={business.data} />
          </Stack>
        )}
      </QueryState>
    </>
  );
}
