import { useState } from 'react';
import { Anchor, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LoanResource } from '@app/contracts';
import { DataTable, type DataTableColumn, type DataTableQuery, detailRowId } from '../../../components/data-table/data-table';
import { LabelledValue } from '../../../components/labelled-value';
import { documentLinks } from '../../../lib/document-kinds';
import { formatDate } from '../../../lib/format';
import { formatCodeMoney } from '../../../lib/money';
import { BnplRepayButton } from './bnpl-repay-button';
import { LoanStatusBadge } from './loan-status-badge';

/** A loan's planned and past movements, and what it still owes split by principal and fee; the invoice link and early repayment only in the borrower's own area, not the admin area's list. */
function LoanSchedule({ loan, linkInvoice }: { loan: LoanResource; linkInvoice: boolean }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatCodeMoney(minor, loan.currency_code);
  return (
    <Stack gap="sm" py="xs">
      <SimpleGrid cols={{ base: 1, xs: 3 }} component="dl" m={0}>
        <LabelledValue term label={t('financing.loans.principal_balance')}>
          {money(loan.principal_balance)}
        </LabelledValue>
        <LabelledValue term label={t('financing.loans.fee_balance')}>
          {money(loan.fee_balance)}
        </LabelledValue>
        <LabelledValue term label={t('financing.loans.funded_at')}>
          {loan.funded_at ? formatDate(loan.funded_at) : null}
        </LabelledValue>
      </SimpleGrid>
      <Text fw={600} size="sm" component="h4" m={0}>
        {t('financing.loans.schedule')}
      </Text>
      {loan.schedule.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('financing.loans.no_schedule')}
        </Text>
      ) : (
        <List size="sm" spacing={4}>
          {loan.schedule.map((item, index) => (
            <List.Item key={`${item.kind}-${item.date}-${String(index)}`}>
              {t('financing.loans.schedule_item', {
                date: formatDate(item.date),
                what: t(`financing.schedule.${item.kind}`),
                amount: money(item.amount),
                state: t(item.done ? 'financing.loans.done' : 'financing.loans.planned'),
              })}
            </List.Item>
          ))}
        </List>
      )}
      {linkInvoice && (
        <Group gap="md">
          <Anchor component={Link} to={documentLinks.view('invoice', loan.invoice.id)} size="sm">
            {t('financing.loans.view_invoice', { number: loan.invoice.invoice_number })}
          </Anchor>
          <BnplRepayButton loan={loan} />
        </Group>
      )}
    </Stack>
  );
}

/**
 * Loans, a page at a time; the invoice number (or a click on the row) opens the loan's schedule
 * under it. With `onSelectBorrower` (the admin area's list of every business's loans) a borrower
 * column is added, whose name narrows the list to that business.
 */
export function LoansTable({ query, onSelectBorrower }: { query: DataTableQuery<LoanResource>; onSelectBorrower?: (loan: LoanResource) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const money = (loan: LoanResource, minor: number) => formatCodeMoney(minor, loan.currency_code);

  const columns: DataTableColumn<LoanResource>[] = [
    {
      key: 'invoice',
      header: t('financing.loans.invoice'),
      render: (loan) => (
        <Button
            size="compact-sm"
            variant="subtle"
            aria-expanded={open.has(loan.id)}
            aria-controls={detailRowId(loan.id)}
            aria-label={t(open.has(loan.id) ? 'financing.loans.hide_schedule' : 'financing.loans.show_schedule', { number: loan.invoice.invoice_number })}
            onClick={(event) => {
              event.stopPropagation();
              toggle(loan.id);
            }}
          >
            {loan.invoice.invoice_number}
          </Button>
      ),
    },
    ...(onSelectBorrower
      ? [
          {
            key: 'borrower',
            header: t('financing.loans.borrower'),
            render: (loan: LoanResource) => (
              <Button
                size="compact-sm"
                variant="subtle"
                aria-label={t('financing.admin.only_business', { name: loan.business_name })}
                onClick={(event) => {
                  event.stopPropagation();
                  onSelectBorrower(loan);
                }}
              >
                {loan.business_name}
              </Button>
            ),
          },
        ]
      : []),
    { key: 'counterparty', header: t('financing.loans.counterparty'), render: (loan) => loan.invoice.counterparty_name },
    { key: 'status', header: t('financing.loans.status'), render: (loan) => <LoanStatusBadge status={loan.status} /> },
    { key: 'principal', header: t('financing.loans.principal'), align: 'right', render: (loan) => money(loan, loan.principal_amount) },
    { key: 'fee', header: t('financing.loans.fee'), align: 'right', render: (loan) => money(loan, loan.fee_amount) },
    { key: 'balance', header: t('financing.loans.balance'), align: 'right', render: (loan) => money(loan, loan.total_balance) },
    { key: 'due', header: t('financing.loans.due_date'), render: (loan) => formatDate(loan.due_date) },
  ];

  return (
    <DataTable
      query={query}
      columns={columns}
      getRowId={(loan) => loan.id}
      emptyText={t('financing.loans.empty')}
      onRowClick={(loan) => toggle(loan.id)}
      renderDetail={(loan) => (open.has(loan.id) ? <LoanSchedule loan={loan} linkInvoice={!onSelectBorrower} /> : null)}
    />
  );
}
