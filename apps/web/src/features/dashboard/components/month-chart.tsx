import { BarChart } from '@mantine/charts';
import { Card, Table, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardMonth } from '@app/contracts';
import { monthLabel } from '../financial-years';

type MonthFigure = Exclude<keyof DashboardMonth, 'month'>;

export interface MonthSeries {
  key: MonthFigure;
  label: string;
  color: string;
}

interface MonthChartProps {
  title: string;
  months: readonly DashboardMonth[];
  series: readonly MonthSeries[];
  formatMoney: (minor: number) => string;
}

/**
 * Two figures per month of the financial year as bars. The chart is a picture for sighted users;
 * the same figures follow as a table for screen readers (and keyboard users who cannot hover).
 */
export function MonthChart({ title, months, series, formatMoney }: MonthChartProps) {
  const { t } = useTranslation();
  const titleId = useId();
  // The chart plots major units; the tooltip and axis format them back as money.
  const data = months.map((month) => ({
    month: monthLabel(month.month, false),
    ...Object.fromEntries(series.map(({ key }) => [key, month[key] / 100])),
  }));

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="h4" id={titleId} mb="md">
        {title}
      </Title>
      <BarChart
        h={260}
        data={data}
        dataKey="month"
        series={series.map(({ key, label, color }) => ({ name: key, label, color }))}
        valueFormatter={(value) => formatMoney(Math.round(value * 100))}
        withLegend
        aria-hidden
        // Hidden from screen readers (the table below says the same), so not a keyboard stop either.
        barChartProps={{ accessibilityLayer: false }}
      />
      <VisuallyHidden>
        <Table>
          <Table.Caption>{title}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('dashboard.charts.month')}</Table.Th>
              {series.map(({ key, label }) => (
                <Table.Th key={key} scope="col">
                  {label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {months.map((month) => (
              <Table.Tr key={month.month}>
                <Table.Th scope="row">{monthLabel(month.month)}</Table.Th>
                {series.map(({ key }) => (
                  <Table.Td key={key}>{formatMoney(month[key])}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Card>
  );
}
