import { Table } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { DiscountType } from '@app/contracts';
import { type SummaryRow, type SummaryTax, summaryRows } from '@app/domain';
import { formatDocumentDeduction, formatDocumentMoney } from '../lib/money';

/** How the totals rows of every view read: the discount as a deduction ('−$5.00'), each rate's taxable amount before its tax. */
export function summaryRowText(row: SummaryRow, discount: { type: DiscountType; value: string }, money: (minor: number) => string, deduction: (minor: number) => string, t: TFunction) {
  switch (row.kind) {
    case 'sub_total':
      return { label: t('public_documents.preview.sub_total'), value: money(row.amount) };
    case 'discount':
      return {
        label: discount.type === 'percentage' ? t('public_documents.preview.discount_percent', { percent: discount.value }) : t('public_documents.preview.discount'),
        value: deduction(row.amount),
      };
    case 'taxable':
      return { label: t('public_documents.preview.taxable', { tax: `${row.name} (${row.percent}%)` }), value: money(row.amount) };
    case 'tax':
      return { label: `${row.name} (${row.percent}%)`, value: money(row.amount) };
    case 'total':
      return { label: t('public_documents.preview.total'), value: money(row.amount), strong: true };
  }
}

export interface TotalsSummaryProps {
  currencyId: number;
  subTotal: number;
  discountType: DiscountType;
  discount: string;
  discountVal: number;
  taxes: readonly SummaryTax[];
  total: number;
  /** Invoices only: what was paid and what is left. */
  amountPaid?: number;
  amountDue?: number;
}

/** Subtotal, discount, each rate's taxable amount and tax, total (and for invoices paid and due), one labelled row each. */
export function TotalsSummary({ currencyId, subTotal, discountType, discount, discountVal, taxes, total, amountPaid, amountDue }: TotalsSummaryProps) {
  const { t } = useTranslation();
  const money = (minor: number) => formatDocumentMoney(minor, currencyId);
  const deduction = (minor: number) => formatDocumentDeduction(minor, currencyId);
  const rows: { label: string; value: string; strong?: boolean }[] = summaryRows({ sub_total: subTotal, discount_val: discountVal, taxes, total }).map((row) =>
    summaryRowText(row, { type: discountType, value: discount }, money, deduction, t),
  );
  if (amountPaid !== undefined) rows.push({ label: t('public_documents.preview.amount_paid'), value: money(amountPaid) });
  if (amountDue !== undefined) rows.push({ label: t('public_documents.preview.amount_due'), value: money(amountDue), strong: true });

  return (
    <Table w={{ base: '100%', sm: 340 }} ml="auto" verticalSpacing={4} aria-label={t('public_documents.preview.totals')}>
      <Table.Tbody>
        {/* Rows never move: a position is a row's identity (two tax types may share a name and rate). */}
        {rows.map((row, index) => (
          <Table.Tr key={index}>
            <Table.Th scope="row" fw={row.strong ? 700 : 400}>
              {row.label}
            </Table.Th>
            <Table.Td ta="right" fw={row.strong ? 700 : 400}>
              {row.value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
