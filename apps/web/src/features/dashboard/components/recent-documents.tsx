import { Anchor, Box, Card, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardRecentEstimate, DashboardRecentInvoice } from '@app/contracts';
import { type ShownEstimateStatus, type ShownInvoiceStatus, shownEstimateStatus } from '@app/domain';
import { DocumentStatusBadge } from '../../../components/document-status-badge';
import { documentLinks } from '../../../lib/document-kinds';
import { formatDate } from '../../../lib/format';
import { formatDocumentMoney } from '../../../lib/money';
import { useCan } from '../../../lib/session';

type Row = { id: string; number: string; customer: string; date: string; amount: number; currency_id: number; status: ShownInvoiceStatus | ShownEstimateStatus };

function RecentTable({ title, rows, kind, amountHeader, emptyText }: { title: string; rows: readonly Row[]; kind: 'invoice' | 'estimate'; amountHeader: string; emptyText: string }) {
  const { t } = useTranslation();
  const can = useCan('business');
  const titleId = useId();
  const linked = can(kind === 'invoice' ? 'view-invoice' : 'view-estimate');

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="h4" id={titleId} mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm" py="md">
          {emptyText}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={280}>
          {/* Numbers, dates, badges and amounts never wrap; the customer's name does, and on a phone the date goes under the number and the status under the customer, so the amount always shows in full. */}
          <Table aria-labelledby={titleId} style={{ whiteSpace: 'nowrap' }} horizontalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th visibleFrom="sm">{t('dashboard.recent.date')}</Table.Th>
                <Table.Th>{t('dashboard.recent.number')}</Table.Th>
                <Table.Th>{t('dashboard.recent.customer')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('dashboard.recent.status')}</Table.Th>
                <Table.Th ta="right">{amountHeader}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td visibleFrom="sm">{formatDate(row.date)}</Table.Td>
                  <Table.Td>
                    {linked ? (
                      <Anchor component={Link} to={documentLinks.view(kind, row.id)} size="sm">
                        {row.number}
                      </Anchor>
                    ) : (
                      row.number
                    )}
                    <Text size="xs" hiddenFrom="sm">
                      {formatDate(row.date)}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                    {row.customer}
                    <Box hiddenFrom="sm">
                      <DocumentStatusBadge status={row.status} />
                    </Box>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <DocumentStatusBadge status={row.status} />
                  </Table.Td>
                  <Table.Td ta="right">{formatDocumentMoney(row.amount, row.currency_id)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** The five latest invoices (with what is still due) and estimates, in their own currencies. */
export function RecentInvoices({ invoices }: { invoices: readonly DashboardRecentInvoice[] }) {
  const { t } = useTranslation();
  const rows = invoices.map((invoice): Row => ({ id: invoice.id, number: invoice.invoice_number, customer: invoice.customer_name, date: invoice.invoice_date, amount: invoice.due_amount, currency_id: invoice.currency_id, status: invoice.display_status }));
  return <RecentTable title={t('dashboard.recent.invoices')} rows={rows} kind="invoice" amountHeader={t('dashboard.recent.amount_due')} emptyText={t('dashboard.recent.no_invoices')} />;
}

export function RecentEstimates({ estimates }: { estimates: readonly DashboardRecentEstimate[] }) {
  const { t } = useTranslation();
  const rows = estimates.map((estimate): Row => ({ id: estimate.id, number: estimate.estimate_number, customer: estimate.customer_name, date: estimate.estimate_date, amount: estimate.total, currency_id: estimate.currency_id, status: shownEstimateStatus(estimate.status) }));
  return <RecentTable title={t('dashboard.recent.estimates')} rows={rows} kind="estimate" amountHeader={t('dashboard.recent.total')} emptyText={t('dashboard.recent.no_estimates')} />;
}
