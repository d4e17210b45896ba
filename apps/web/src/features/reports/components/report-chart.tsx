import { BarChart } from '@mantine/charts';
import { currencyById, type ReportResponse } from '@app/contracts';
import { useRowLabel } from './report-table';

/**
 * The report's first figure per row as bars (profit and loss lines, customers, items, taxes). A
 * picture for sighted users only: the table beside it says the same to everyone.
 */
export function ReportChart({ report, seriesLabel, formatMoney }: { report: ReportResponse; seriesLabel: string; formatMoney: (minor: number) => string }) {
  const labelOf = useRowLabel();
  const divisor = 10 ** (currencyById(report.currency_id)?.precision ?? 2);
  const data = report.rows.filter((row) => row.kind !== 'total').map((row) => ({ label: labelOf(row), value: (row.values[0] ?? 0) / divisor }));
  return (
    <BarChart
      h={240}
      data={data}
      dataKey="label"
      series={[{ name: 'value', label: seriesLabel, color: 'blue.6' }]}
      valueFormatter={(value) => formatMoney(Math.round(value * divisor))}
      aria-hidden
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}
