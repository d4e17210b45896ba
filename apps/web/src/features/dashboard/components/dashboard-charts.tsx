import '@mantine/charts/styles.css';
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DashboardCharts } from '@app/contracts';
import { BusinessOverview } from './business-overview';
import { MonthChart } from './month-chart';

interface DashboardChartsSectionProps {
  charts: DashboardCharts;
  formatMoney: (minor: number) => string;
}

/** The three charts; the charting library is big, so this module loads apart from the page. */
export function DashboardChartsSection({ charts, formatMoney }: DashboardChartsSectionProps) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <MonthChart
          title={t('dashboard.charts.sales_receipts')}
          months={charts.months}
          formatMoney={formatMoney}
          series={[
            { key: 'sales', label: t('dashboard.figures.sales'), color: 'indigo.6' },
            { key: 'receipts', label: t('dashboard.figures.receipts'), color: 'teal.6' },
          ]}
        />
        <MonthChart
          title={t('dashboard.charts.purchases_payments')}
          months={charts.months}
          formatMoney={formatMoney}
          series={[
            { key: 'purchases', label: t('dashboard.figures.purchases'), color: 'grape.6' },
            { key: 'payments_made', label: t('dashboard.figures.payments_made'), color: 'orange.6' },
          ]}
        />
      </SimpleGrid>
      <BusinessOverview charts={charts} formatMoney={formatMoney} />
    </>
  );
}
