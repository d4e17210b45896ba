import { Divider, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Currency, DiscountType } from '@app/contracts';
import { type DocumentTotals, type SummaryRow, formatDeduction, formatMoney, summaryRows, taxableAmounts } from '@app/domain';
import { summaryRowText } from '../../../components/totals-summary';
import type { DocumentFlags, DocumentFormValues } from '../document-form-values';
import { DiscountInput } from './discount-input';
import { useLiveTotals } from './live-totals';
import { TaxRatesSelect, useTaxTypeRates } from './tax-rates-select';

interface DocumentSummaryProps {
  flags: DocumentFlags;
  currency: Currency;
}

type FormSummaryRow = { kind: SummaryRow['kind']; label: string; name: string; value: string };

/**
 * The totals rows every view shows (domain `summaryRows`), for the totals as typed: '—' while they
 * cannot be computed. Each value cell is named by its row's kind ('Discount', 'VAT (19%)').
 */
function summaryOf(totals: DocumentTotals | null, discount: { type: DiscountType; value: string }, currency: Currency, t: TFunction): FormSummaryRow[] {
  if (!totals) {
    return [
      { kind: 'sub_total', label: t('document_form.subtotal'), name: t('document_form.subtotal'), value: '—' },
      { kind: 'total', label: t('document_form.total'), name: t('document_form.total'), value: '—' },
    ];
  }
  const taxable = taxableAmounts(totals).taxes;
  const taxes = totals.taxes.map((tax, index) => ({ name: tax.name, percent: tax.percent, taxable: taxable[index] ?? 0, amount: tax.amount }));
  const money = (minor: number) => formatMoney(minor, currency);
  const deduction = (minor: number) => formatDeduction(minor, currency);
  const names: Record<'sub_total' | 'discount' | 'total', string> = { sub_total: t('document_form.subtotal'), discount: t('document_form.discount'), total: t('document_form.total') };
  return summaryRows({ ...totals, taxes }).map((row) => {
    const text = summaryRowText(row, discount, money, deduction, t);
    return { kind: row.kind, label: text.label, name: row.kind === 'taxable' || row.kind === 'tax' ? text.label : names[row.kind], value: text.value };
  });
}

/** The document discount and taxes, and the totals the server will store, as typed now. */
export function DocumentSummary({ flags, currency }: DocumentSummaryProps) {
  const { t } = useTranslation();
  const { control, formState } = useFormContext<DocumentFormValues>();
  // useWatch, not watch: only this summary re-renders, not the whole form.
  const [discountType, discount] = useWatch({ control, name: ['discount_type', 'discount'] });
  const taxRates = useTaxTypeRates();
  const { totals, issues } = useLiveTotals();
  const rows = summaryOf(totals, { type: discountType, value: discount.trim() }, currency, t);
  const { isSubmitted, touchedFields } = formState;
  // About the whole document: shown once a price or quantity was typed and left, or on submit; never on an untouched form.
  const linesTouched = touchedFields.items?.some((line) => line?.price || line?.quantity) ?? false;
  const totalIssue = (isSubmitted || linesTouched ? (issues.total ?? issues.items) : undefined) ?? formState.errors.root?.total?.message;
  const discountIssue = formState.errors.discount?.message ?? (isSubmitted || touchedFields.discount ? issues.discount : undefined);

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
          error={discountIssue}
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
            {/* Rows never move: a position is a row's identity (two tax types may share a name and rate). */}
            {rows.map((row, index) => (
              <Table.Tr key={index} style={row.kind === 'total' ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}>
                <Table.Th scope="row" fw={row.kind === 'total' ? 700 : 400} fz={row.kind === 'total' ? 'lg' : undefined}>
                  {row.label}
                </Table.Th>
                <Table.Td ta="right" fz={row.kind === 'total' ? 'lg' : undefined} fw={row.kind === 'total' ? 700 : undefined} aria-label={row.name}>
                  {row.value}
                </Table.Td>
              </Table.Tr>
            ))}
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
