import { Divider, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@app/contracts';
import { formatMoney } from '@app/domain';
import type { DocumentFlags, DocumentFormValues } from '../document-form-values';
import { DiscountInput } from './discount-input';
import { useLiveTotals } from './live-totals';
import { TaxRatesSelect, useTaxTypeRates } from './tax-rates-select';

interface DocumentSummaryProps {
  flags: DocumentFlags;
  currency: Currency;
}

/** The document discount and taxes, and the totals the server will store, as typed now. */
export function DocumentSummary({ flags, currency }: DocumentSummaryProps) {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<DocumentFormValues>();
  const taxRates = useTaxTypeRates();
  const { totals, issues } = useLiveTotals();
  const money = (amount: number | undefined) => (totals && amount !== undefined ? formatMoney(amount, currency) : '—');
  const totalIssue = issues.total ?? issues.items ?? formState.errors.root?.total?.message;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="document-summary-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="document-summary-title">
          {t('document_form.summary')}
        </Title>
        <DiscountInput
          typeName="discount_type"
          valueName="discount"
          label={t('document_form.document_discount')}
          typeLabel={t('document_form.document_discount_type')}
          currency={currency}
          error={formState.errors.discount?.message ?? issues.discount}
        />
        {!flags.tax_per_item_enabled && (
          <Controller
            control={control}
            name="taxes"
            render={({ field }) => (
              <TaxRatesSelect label={t('document_form.document_taxes')} value={field.value} onChange={field.onChange} available={taxRates} error={formState.errors.taxes?.message} />
            )}
          />
        )}
        <Divider />
        <Table withRowBorders={false} verticalSpacing={4} aria-label={t('document_form.summary')}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row" fw={400}>
                {t('document_form.subtotal')}
              </Table.Th>
              <Table.Td ta="right" aria-label={t('document_form.subtotal')}>
                {money(totals?.sub_total)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row" fw={400}>
                {t('document_form.discount')}
              </Table.Th>
              <Table.Td ta="right" aria-label={t('document_form.discount')}>
                {totals && totals.discount_val > 0 ? `− ${formatMoney(totals.discount_val, currency)}` : money(totals?.discount_val)}
              </Table.Td>
            </Table.Tr>
            {totals?.taxes.map((tax) => {
              const label = `${tax.name} (${tax.percent}%)`;
              return (
                <Table.Tr key={tax.tax_type_id}>
                  <Table.Th scope="row" fw={400}>
                    {label}
                  </Table.Th>
                  <Table.Td ta="right" aria-label={label}>
                    {formatMoney(tax.amount, currency)}
                  </Table.Td>
                </Table.Tr>
              );
            })}
            <Table.Tr style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
              <Table.Th scope="row" fz="lg">
                {t('document_form.total')}
              </Table.Th>
              <Table.Td ta="right" fz="lg" fw={700} aria-label={t('document_form.total')}>
                {money(totals?.total)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {totalIssue && (
          <Text c="red" size="sm" role="alert">
            {totalIssue}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('document_form.currency_note', { currency: `${currency.name} (${currency.code})` })}
        </Text>
      </Stack>
    </Paper>
  );
}
