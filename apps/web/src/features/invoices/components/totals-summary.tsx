import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentTaxResource } from '@app/contracts';
import { formatDocumentMoney } from '../money';

export interface TotalsSummaryProps {
  currencyId: number;
  subTotal: number;
  discountType: 'fixed' | 'percentage';
  discount: string;
  discountVal: number;
  taxes: readonly DocumentTaxResource[];
  total: number;
  /** Invoices only: what was paid and what is left. */
  amountPaid?: number;
  amountDue?: number;
}

/** Subtotal, discount, each tax line, total (and for invoices paid and due), one labelled row each. */
export function TotalsSummary({ currencyId, subTotal, discountType, discount, discountVal, taxes, total, amountPaid, amountDue }: TotalsSummaryProps) {
  const { t } = useTranslation();
  const money = (minor: number) => formatDocumentMoney(minor, currencyId);
  const rows: { key: string; label: string; value: string; strong?: boolean }[] = [{ key: 'sub_total', label: t('public_documents.preview.sub_total'), value: money(subTotal) }];
  if (discountVal > 0) {
    const label = discountType === 'percentage' ? t('public_documents.preview.discount_percent', { percent: discount }) : t('public_documents.preview.discount');
    rows.push({ key: 'discount', label, value: `-${money(discountVal)}` });
  }
  for (const tax of taxes) rows.push({ key: `tax-${tax.id}`, label: `${tax.name} (${tax.percent}%)`, value: money(tax.amount) });
  rows.push({ key: 'total', label: t('public_documents.preview.total'), value: money(total), strong: true });
  if (amountPaid !== undefined) rows.push({ key: 'amount_paid', label: t('public_documents.preview.amount_paid'), value: money(amountPaid) });
  if (amountDue !== undefined) rows.push({ key: 'amount_due', label: t('public_documents.preview.amount_due'), value: money(amountDue), strong: true });

  return (
    <Table w={{ base: '100%', sm: 340 }} ml="auto" verticalSpacing={4} aria-label={t('public_documents.preview.totals')}>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
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
