import { type ReactNode, useId, useState } from 'react';
import { Anchor, Button, Card, Grid, Group, Menu, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { RecurringInvoiceResource } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DocumentStatusBadge, PaidStatusBadge } from '../../../components/document-status-badge';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { TotalsSummary } from '../../../components/totals-summary';
import { documentLinks } from '../../../lib/document-kinds';
import { formatDate } from '../../../lib/format';
import { formatDocumentMoney, owedText } from '../../../lib/money';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { NextDates } from '../components/next-dates';
import { RecurringStatusBadge } from '../components/recurring-status-badge';
import { recurringLinks } from '../recurring-links';
import { useCloneRecurringInvoice, useDeleteRecurringInvoices, useMarkRecurringSent, useRecurringInvoice } from '../recurring-queries';
import { describeEnd, describeSchedule } from '../schedule-words';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

function ScheduleCard({ recurring }: { recurring: RecurringInvoiceResource }) {
  const { t } = useTranslation();
  const yesNo = (value: boolean) => t(value ? 'common.yes' : 'common.no');
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="h4" mb="xs">
        {t('recurring_invoices.view.schedule')}
      </Title>
      <Text fw={500} mb="md">
        {describeSchedule(recurring, t)}
      </Text>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} m={0} spacing="md">
        <Fact label={t('recurring_invoices.form.start_date')}>{formatDate(recurring.start_date)}</Fact>
        <Fact label={t('recurring_invoices.form.ends')}>{describeEnd(recurring, t)}</Fact>
        <Fact label={t('recurring_invoices.view.generated')}>{recurring.generated_count}</Fact>
        <Fact label={t('recurring_invoices.form.due_in_days')}>
          {recurring.due_in_days === null ? t('recurring_invoices.view.due_from_settings') : t('recurring_invoices.view.due_days', { count: recurring.due_in_days })}
        </Fact>
        <Fact label={t('recurring_invoices.form.send_automatically')}>{yesNo(recurring.send_automatically)}</Fact>
        <Fact label={t('recurring_invoices.form.auto_pay')}>{yesNo(recurring.auto_pay_enabled)}</Fact>
        {recurring.reference_number && <Fact label={t('recurring_invoices.form.reference_number')}>{recurring.reference_number}</Fact>}
      </SimpleGrid>
    </Card>
  );
}

function GeneratedInvoices({ recurring }: { recurring: RecurringInvoiceResource }) {
  const { t } = useTranslation();
  const titleId = useId();
  const money = (minor: number) => formatDocumentMoney(minor, recurring.currency_id);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="h4" mb="sm" id={titleId}>
        {t('recurring_invoices.view.invoices', { count: recurring.invoice_count })}
      </Title>
      {recurring.invoices.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('recurring_invoices.view.no_invoices')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-labelledby={titleId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invoices.columns.number')}</Table.Th>
                <Table.Th>{t('invoices.columns.date')}</Table.Th>
                <Table.Th>{t('invoices.columns.status')}</Table.Th>
                <Table.Th>{t('invoices.columns.paid_status')}</Table.Th>
                <Table.Th ta="right">{t('invoices.columns.total')}</Table.Th>
                <Table.Th ta="right">{t('invoices.columns.amount_due')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recurring.invoices.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td>
                    <Anchor component={Link} to={documentLinks.view('invoice', invoice.id)} size="sm">
                      {invoice.invoice_number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDate(invoice.invoice_date)}</Table.Td>
                  <Table.Td>
                    <DocumentStatusBadge status={invoice.status} />
                  </Table.Td>
                  <Table.Td>
                    <PaidStatusBadge status={invoice.paid_status} />
                  </Table.Td>
                  <Table.Td ta="right">{money(invoice.total)}</Table.Td>
                  <Table.Td ta="right">{owedText(invoice.paid_status, money(invoice.due_amount))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

function RecurringView({ recurring }: { recurring: RecurringInvoiceResource }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan('business');
  const nextDatesId = useId();
  const clone = useCloneRecurringInvoice();
  const markSent = useMarkRecurringSent();
  const remove = useDeleteRecurringInvoices();
  const [deleting, setDeleting] = useState(false);

  const cloneThis = async () => {
    try {
      const copy = await clone.mutateAsync(recurring.id);
      notifySuccess(t('recurring_invoices.notice.cloned'));
      await navigate(recurringLinks.view(copy.data.id));
    } catch (err) {
      notifyError(err);
    }
  };

  const markAsSent = async () => {
    try {
      const result = await markSent.mutateAsync(recurring.id);
      notifySuccess(t('recurring_invoices.notice.marked_sent', { count: result.count }));
    } catch (err) {
      notifyError(err);
    }
  };

  const confirmDelete = async () => {
    try {
      await remove.mutateAsync([recurring.id]);
      notifySuccess(t('recurring_invoices.notice.deleted', { count: 1 }));
      await navigate(recurringLinks.list());
    } catch (err) {
      notifyError(err);
      setDeleting(false);
    }
  };

  const actions = (
    <>
      {can('edit-recurring-invoice') && (
        <Button variant="default" component={Link} to={recurringLinks.edit(recurring.id)} leftSection={<Icon name="edit" size={16} />}>
          {t('recurring_invoices.actions.edit')}
        </Button>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" rightSection={<Icon name="chevron-down" size={16} />}>
            {t('recurring_invoices.actions.more')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {can('create-recurring-invoice') && <Menu.Item onClick={() => void cloneThis()}>{t('recurring_invoices.actions.clone')}</Menu.Item>}
          {can({ all: ['edit-recurring-invoice', 'send-invoice'] }) && <Menu.Item onClick={() => void markAsSent()}>{t('recurring_invoices.actions.mark_sent')}</Menu.Item>}
          {can('delete-recurring-invoice') && (
            <Menu.Item color="red.9" onClick={() => setDeleting(true)}>
              {t('recurring_invoices.actions.delete')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    </>
  );

  return (
    <>
      <PageHeader title={t('recurring_invoices.view.title', { number: recurring.number })} description={t('recurring_invoices.view.for', { name: recurring.customer.name })} actions={actions} />
      <Stack>
        <Group gap="xs">
          <RecurringStatusBadge status={recurring.status} />
        </Group>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack>
              <ScheduleCard recurring={recurring} />
              <Card withBorder radius="md" padding="lg">
                <TotalsSummary
                  currencyId={recurring.currency_id}
                  subTotal={recurring.sub_total}
                  discountType={recurring.discount_type}
                  discount={recurring.discount}
                  discountVal={recurring.discount_val}
                  taxes={recurring.taxes}
                  total={recurring.total}
                />
              </Card>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Card withBorder radius="md" padding="lg">
              <Title order={2} fz="h4" mb="sm" id={nextDatesId}>
                {t('recurring_invoices.next_dates.title')}
              </Title>
              <NextDates runs={recurring.next_dates} labelledBy={nextDatesId} />
            </Card>
          </Grid.Col>
        </Grid>
        <GeneratedInvoices recurring={recurring} />
      </Stack>
      <ConfirmDialog
        opened={deleting}
        title={t('recurring_invoices.confirm.delete_title')}
        message={t('recurring_invoices.confirm.delete', { number: recurring.number })}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(false)}
      />
    </>
  );
}

/** /recurring-invoices/{id}/view: the schedule in words, its next five dates and the invoices it made. */
export function RecurringInvoiceViewPage() {
  const { id = '' } = useParams();
  const recurring = useRecurringInvoice(id);
  return (
    <QueryState isPending={recurring.isPending} error={recurring.error} onRetry={() => void recurring.refetch()}>
      {recurring.data && <RecurringView recurring={recurring.data} />}
    </QueryState>
  );
}
