import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Button, Card, SimpleGrid, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoanStats } from '@app/contracts';
import { formatCodeMoney } from '../../../lib/money';

type Exposure = LoanStats['exposure'][number];

/** The exposure of one currency: the principal each business owes, as bars (a picture only) and as a table with a way to list that business's loans. */
function CurrencyExposure({ currency, rows, onSelectBusiness }: { currency: string; rows: readonly Exposure[]; onSelectBusiness: (row: Exposure) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const money = (minor: number) => formatCodeMoney(minor, currency);
  // Bars in minor units, formatted back as money: the currency's precision never enters the chart.
  const data = rows.map((row) => ({ business: row.business_name, principal: row.principal_balance }));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={3} fz="h4" id={titleId} mb="md">
        {t('financing.admin.exposure_in', { currency })}
      </Title>
      <BarChart
        h={Math.max(120, rows.length * 40)}
        data={data}
        dataKey="business"
        orientation="vertical"
        yAxisProps={{ width: 120 }}
        series={[{ name: 'principal', label: t('financing.admin.principal_owed'), color: 'indigo.6' }]}
        valueFormatter={(value) => money(Math.round(value))}
        aria-hidden
        // The table below says the same to screen readers and keyboards, so the chart is no stop.
        barChartProps={{ accessibilityLayer: false }}
      />
      <Table mt="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('financing.loans.borrower')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('financing.admin.principal_owed')}
            </Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t('financing.admin.loans_column')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.business_id}>
              <Table.Th scope="row" fw={400}>
                {row.business_name}
              </Table.Th>
              <Table.Td ta="right">{money(row.principal_balance)}</Table.Td>
              <Table.Td>
                <Button size="compact-sm" variant="subtle" aria-label={t('financing.admin.only_business', { name: row.business_name })} onClick={() => onSelectBusiness(row)}>
                  {t('financing.admin.show_loans')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** Principal still owed per borrowing business (the ledger's), one card per currency; nothing owed says so. */
export function ExposurePerBusiness({ exposure, onSelectBusiness }: { exposure: readonly Exposure[]; onSelectBusiness: (row: Exposure) => void }) {
  const { t } = useTranslation();
  if (exposure.length === 0) {
    return (
      <Text c="dimmed" py="md">
        {t('financing.admin.exposure_none')}
      </Text>
    );
  }
  const currencies = [...new Set(exposure.map((row) => row.currency_code))];
  return (
    <SimpleGrid cols={{ base: 1, lg: currencies.length > 1 ? 2 : 1 }}>
      {currencies.map((currency) => (
        <CurrencyExposure key={currency} currency={currency} rows={exposure.filter((row) => row.currency_code === currency)} onSelectBusiness={onSelectBusiness} />
      ))}
    </SimpleGrid>
  );
}
