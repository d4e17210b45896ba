import { useEffect, useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Menu, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { type RecurringInvoiceListItem, recurringInvoiceTabs } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListTabs } from '../../../components/data-table/list-tabs';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format';
import { formatDocumentMoney } from '../../../lib/money';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { RecurringStatusBadge } from '../components/recurring-status-badge';
import { lastRecurringTab, readRecurringTab, recurringLinks, rememberRecurringTab } from '../recurring-links';
import { useCloneRecurringInvoice, useDeleteRecurringInvoices, useRecurringInvoices } from '../recurring-queries';
import { describeSchedule } from '../schedule-words';
import { ExportButton } from '../../exports';

/** Recurring invoices by status tab (all, active, on hold); the bare path reopens the tab last used. */
export function RecurringInvoicesPage() {
  const [params] = useSearchParams();
  const tab = readRecurringTab(params.get('tab_status'));
  if (!tab) return <Navigate to={recurringLinks.list(lastRecurringTab())} replace />;
  return <RecurringInvoicesList />;
}

function RecurringInvoicesList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan('business');
  const list = useListQueryState(['tab_status'] as const);
  const tab = readRecurringTab(list.filters.tab_status) ?? 'all';
  const params = { tab_status: tab, page: list.page, search: list.search || undefined };
  const recurring = useRecurringInvoices(params);
  const remove = useDeleteRecurringInvoices();
  const clone = useCloneRecurringInvoice();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [deleting, setDeleting] = useState<{ ids: string[]; number?: string } | null>(null);
  const canDelete = can('delete-recurring-invoice');
  const filterState = JSON.stringify(params);

  useEffect(() => rememberRecurringTab(tab), [tab]);
  useEffect(() => setSelected(new Set()), [filterState]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.ids);
      notifySuccess(t('recurring_invoices.notice.deleted', { count: deleting.ids.length }));
      setSelected(new Set());
    } catch (err) {
      notifyError(err);
    }
    setDeleting(null);
  };

  const cloneOne = async (id: string) => {
    try {
      const copy = await clone.mutateAsync(id);
      notifySuccess(t('recurring_invoices.notice.cloned'));
      await navigate(recurringLinks.view(copy.data.id));
    } catch (err) {
      notifyError(err);
    }
  };

  const columns: DataTableColumn<RecurringInvoiceListItem>[] = [
    {
      key: 'number',
      header: t('recurring_invoices.columns.number'),
      render: (row) => (
        <Anchor component={Link} to={recurringLinks.view(row.id)} size="sm" onClick={(event) => event.stopPropagation()}>
          {row.number}
        </Anchor>
      ),
    },
    { key: 'customer', header: t('recurring_invoices.columns.customer'), render: (row) => row.customer.name },
    { key: 'schedule', header: t('recurring_invoices.columns.frequency'), render: (row) => describeSchedule(row, t) },
    { key: 'next', header: t('recurring_invoices.columns.next_invoice'), render: (row) => (row.next_invoice_date ? formatDate(row.next_invoice_date) : '—') },
    { key: 'generated', header: t('recurring_invoices.columns.generated'), align: 'right', render: (row) => row.generated_count },
    { key: 'status', header: t('recurring_invoices.columns.status'), render: (row) => <RecurringStatusBadge status={row.status} /> },
    { key: 'total', header: t('recurring_invoices.columns.total'), align: 'right', render: (row) => formatDocumentMoney(row.total, row.currency_id) },
  ];

  return (
    <>
      <PageHeader
        title={t('recurring_invoices.title')}
        actions={
          <>
            <ExportButton type="recurring_invoices" filters={params} />
            {can('create-recurring-invoice') && (
              <Button component={Link} to={recurringLinks.create()} leftSection={<Icon name="plus" size={16} />}>
                {t('recurring_invoices.new')}
              </Button>
            )}
          </>
        }
      />
      <Stack>
        <ListTabs value={tab} values={recurringInvoiceTabs} label={(value) => t(`recurring_invoices.tabs.${value}`)} onChange={(value) => list.update({ tab_status: value })} />
        {selected.size > 0 && canDelete && (
          <Group role="toolbar" aria-label={t('recurring_invoices.bulk.label')}>
            <Text size="sm">{t('recurring_invoices.bulk.selected', { count: selected.size })}</Text>
            <Button color="red" variant="light" size="xs" leftSection={<Icon name="trash" size={14} />} onClick={() => setDeleting({ ids: [...selected] })}>
              {t('recurring_invoices.bulk.delete')}
            </Button>
          </Group>
        )}
        <DataTable
          query={recurring}
          columns={columns}
          getRowId={(row) => row.id}
          emptyText={t('recurring_invoices.empty')}
          minWidth={960}
          selection={canDelete ? { selected, onChange: setSelected } : undefined}
          onRowClick={(row) => void navigate(recurringLinks.view(row.id))}
          actions={(row) => (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={t('recurring_invoices.actions.menu_for', { number: row.number })}>
                  <Icon name="dots" />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to={recurringLinks.view(row.id)}>
                  {t('recurring_invoices.actions.view')}
                </Menu.Item>
                {can('edit-recurring-invoice') && (
                  <Menu.Item component={Link} to={recurringLinks.edit(row.id)}>
                    {t('recurring_invoices.actions.edit')}
                  </Menu.Item>
                )}
                {can('create-recurring-invoice') && <Menu.Item onClick={() => void cloneOne(row.id)}>{t('recurring_invoices.actions.clone')}</Menu.Item>}
                {canDelete && (
                  <Menu.Item color="red.9" onClick={() => setDeleting({ ids: [row.id], number: row.number })}>
                    {t('recurring_invoices.actions.delete')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        />
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('recurring_invoices.confirm.delete_title')}
        message={deleting?.number ? t('recurring_invoices.confirm.delete', { number: deleting.number }) : t('recurring_invoices.confirm.delete_many', { count: deleting?.ids.length ?? 0 })}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
