import { Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { loanProducts, loanStatuses } from '@app/contracts';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { ExposurePerBusiness } from '../components/exposure-per-business';
import { LoansTable } from '../components/loans-table';
import { usePlatformLoanStats, usePlatformLoans } from '../financing-queries';

const FILTER_KEYS = ['product', 'status', 'business'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Admin area → loans: every loan of the tenant with its borrower, filtered by product, status and
 * business (in the URL), and the exposure per business read from the ledger. Tenant admins with
 * view-balance-sheet, as `/platform/loans` and `/platform/loan-stats` ask.
 */
export function AdminLoansPage() {
  const { t } = useTranslation();
  const list = useListQueryState(FILTER_KEYS);
  const f = list.filters;
  const filters = {
    product: loanProducts.find((value) => value === f.product),
    status: loanStatuses.find((value) => value === f.status),
    businessId: UUID.test(f.business) ? f.business : undefined,
  };
  const loans = usePlatformLoans(filters, list.page);
  const stats = usePlatformLoanStats();
  const businessName =
    stats.data?.exposure.find((row) => row.business_id === filters.businessId)?.business_name ?? loans.data?.data.find((loan) => loan.business_id === filters.businessId)?.business_name;
  const showBusiness = (businessId: string) => list.update({ business: businessId });

  return (
    <>
      <PageHeader title={t('financing.admin.title')} description={t('financing.admin.description')} />
      <Stack gap="xl">
        <Stack gap="sm" component="section" aria-labelledby="exposure-title">
          <Title order={2} fz="h3" id="exposure-title">
            {t('financing.admin.exposure_title')}
          </Title>
          <QueryState isPending={stats.isPending} error={stats.error} onRetry={() => void stats.refetch()}>
            <ExposurePerBusiness exposure={stats.data?.exposure ?? []} onSelectBusiness={(row) => showBusiness(row.business_id)} />
          </QueryState>
        </Stack>
        <Stack gap="sm" component="section" aria-labelledby="admin-loans-title">
          <Title order={2} fz="h3" id="admin-loans-title">
            {t('financing.loans.title')}
          </Title>
          <Group align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('financing.admin.product')}
              value={filters.product ?? ''}
              data={[{ value: '', label: t('financing.admin.any_product') }, ...loanProducts.map((value) => ({ value, label: t(`financing.products.${value}`) }))]}
              onChange={(event) => list.update({ product: event.currentTarget.value })}
            />
            <NativeSelect
              label={t('financing.loans.status')}
              value={filters.status ?? ''}
              data={[{ value: '', label: t('financing.admin.any_status') }, ...loanStatuses.map((value) => ({ value, label: t(`financing.status.${value}`) }))]}
              onChange={(event) => list.update({ status: event.currentTarget.value })}
            />
            {filters.businessId && (
              <Group gap="xs" align="center">
                <Text size="sm" role="status">
                  {t('financing.admin.business_filter', { name: businessName ?? t('financing.admin.selected_business') })}
                </Text>
                <Button size="compact-sm" variant="default" onClick={() => list.update({ business: '' })}>
                  {t('financing.admin.all_businesses')}
                </Button>
              </Group>
            )}
            <Button variant="subtle" onClick={() => list.update({ product: '', status: '', business: '' })}>
              {t('financing.admin.clear')}
            </Button>
          </Group>
          <LoansTable query={loans} onSelectBorrower={(loan) => showBusiness(loan.business_id)} />
        </Stack>
      </Stack>
    </>
  );
}
