import { AreaChart } from '@mantine/charts';
import { Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardCharts } from '@app/contracts';
import { monthLabel } from '../financial-years';

const TOTALS = ['sales', 'receipts', 'purchases', 'payments_made', 'net_income'] as const;

interface BusinessOverviewProps {
  charts: DashboardCharts;
  formatMoney: (minor: number) => string;
}

/**
 * The year at a glance: its totals, and money in (receipts) against money out (payments made)
 * month by month. The totals say in words what the chart draws.
 */
export function BusinessOverview({ charts, formatMoney }: BusinessOverviewProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const data = charts.months.map((month) => ({ month: monthLabel(month.month, false), receipts: month.receipts / 100, payments_made: month.payments_made / 100 }));

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="h4" id={titleId} mb="md">
        {t('dashboard.charts.overview')}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <AreaChart
            h={240}
            data={data}
            dataKey="month"
            series={[
              { name: 'receipts', label: t('dashboard.figures.receipts'), color: 'teal.6' },
              { name: 'payments_made', label: t('dashboard.figures.payments_made'), color: 'orange.6' },
            ]}
            valueFormatter={(value) => formatMoney(Math.round(value * 100))}
            withLegend
            curveType="monotone"
            aria-hidden
            // Hidden from screen readers (the totals beside it say it in words), so not a keyboard stop either.
            areaChartProps={{ accessibilityLayer: false }}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="xs" component="dl" m={0}>
            {TOTALS.map((key) => (
              <Group key={key} justify="space-between" wrap="nowrap">
                <Text component="dt" size="sm" c="dimmed">
                  {t(`dashboard.figures.${key}`)}
                </Text>
                <Text component="dd" m={0} fw={key === 'net_income' ? 700 : 500} c={key === 'net_income' && charts.totals.net_income < 0 ? 'red' : undefined}>
                  {formatMoney(charts.totals[key])}
                </Text>
              </Group>
            ))}
          </Stack>
        </Grid.Col>
      </Grid>
    </Card>
  );
}
