import { Suspense, lazy } from 'react';
import { Alert, Center, Loader, NativeSelect, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type DashboardCharts, resolveBusinessSettings } from '@app/contracts';
import { financialYearRange } from '@app/domain';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { UnconvertedNotice } from '../../../components/unconverted-notice';
import { formatDocumentMoney } from '../../../lib/money';
import { useBootstrap } from '../../../lib/session';
import { RecentEstimates, RecentInvoices } from '../components/recent-documents';
import { StatCards } from '../components/stat-cards';
import { useDashboardCharts, useDashboardStats } from '../dashboard-queries';
import { currentFinancialYear, financialYearsOffered, monthLabel, readYear } from '../financial-years';

const DashboardChartsSection = lazy(() => import('../components/dashboard-charts').then((m) => ({ default: m.DashboardChartsSection })));

function yearLabel(fiscalYear: string, year: number): string {
  try {
    const { from, to } = financialYearRange(fiscalYear, year);
    return from.slice(0, 4) === to.slice(0, 4) ? String(year) : `${monthLabel(from.slice(0, 7))} – ${monthLabel(to.slice(0, 7))}`;
  } catch {
    return String(year);
  }
}

function isQuiet(charts: DashboardCharts): boolean {
  const { sales, receipts, purchases, payments_made: paymentsMade } = charts.totals;
  return sales === 0 && receipts === 0 && purchases === 0 && paymentsMade === 0 && charts.recent_invoices.length === 0 && charts.recent_estimates.length === 0;
}

/**
 * The business's financial year at a glance (spec section 2): figures, sales and receipts,
 * the overview, purchases and payments, and the latest documents. The year lives in the URL.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const { current_user: user, current_business: business, current_business_settings: settings } = useBootstrap();
  const [params, setParams] = useSearchParams();
  const current = currentFinancialYear(settings, new Date());
  const offered = financialYearsOffered(current);
  const year = readYear(params.get('year'), offered, current);
  const fiscalYear = resolveBusinessSettings(settings).fiscal_year;
  const stats = useDashboardStats(year);
  const charts = useDashboardCharts(year);
  const money = (minor: number) => formatDocumentMoney(minor, stats.data?.currency_id ?? charts.data?.currency_id ?? 1);

  const yearSelect = (
    <NativeSelect
      label={t('dashboard.year')}
      value={String(year)}
      data={offered.map((value) => ({ value: String(value), label: yearLabel(fiscalYear, value) }))}
      onChange={(event) =>
        setParams(
          (previous) => {
            const next = new URLSearchParams(previous);
            next.set('year', event.currentTarget.value);
            return next;
          },
          { replace: true },
        )
      }
    />
  );

  return (
    <>
      <PageHeader title={t('dashboard.title')} description={t('dashboard.welcome', { name: user.name })} actions={yearSelect} />
      <Stack gap="lg">
        {business && (
          <Title order={2} fz="h4">
            {business.name}
          </Title>
        )}
        <QueryState isPending={stats.isPending} error={stats.error} onRetry={() => void stats.refetch()}>
          {stats.data && (
            <>
              <UnconvertedNotice currencyIds={stats.data.unconverted_currency_ids} />
              <StatCards stats={stats.data} formatMoney={money} />
            </>
          )}
        </QueryState>
        <QueryState isPending={charts.isPending} error={charts.error} onRetry={() => void charts.refetch()}>
          {charts.data && (
            <>
              {isQuiet(charts.data) && (
                <Alert color="gray" title={t('dashboard.empty.title')}>
                  {t('dashboard.empty.text')}
                </Alert>
              )}
              <Suspense
                fallback={
                  <Center py="xl">
                    <Loader aria-label={t('common.loading')} />
                  </Center>
                }
              >
                <DashboardChartsSection charts={charts.data} formatMoney={money} />
              </Suspense>
              <SimpleGrid cols={{ base: 1, lg: 2 }}>
                <RecentInvoices invoices={charts.data.recent_invoices} />
                <RecentEstimates estimates={charts.data.recent_estimates} />
              </SimpleGrid>
            </>
          )}
        </QueryState>
      </Stack>
    </>
  );
}
