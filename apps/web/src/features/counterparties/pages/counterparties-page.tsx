import { useEffect, useState } from 'react';
import { ActionIcon, Anchor, Button, Group, NativeSelect, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type CounterpartyKind, type CounterpartyResource, type CounterpartyTab, type ImportEntity, counterpartyTabs, formatMessage } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListTabs } from '../../../components/data-table/list-tabs';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { counterpartyKinds, counterpartyLinks, rememberTab } from '../../../lib/counterparty-kinds';
import { type BulkAction, type CounterpartyOrder, useBulkCounterparties, useCounterparties } from '../counterparties-queries';
import { CounterpartyEditModal } from '../components/counterparty-edit-modal';
import { useCounterpartyEditable } from '../use-counterparty-editable';
import { formatDocumentMoney } from '../../../lib/money';
import { ImportButton } from '../../data-import';

/** What the import wizard calls each kind's records. */
const IMPORT_ENTITY: Record<CounterpartyKind, ImportEntity> = { customer: 'customers', vendor: 'vendors' };
import { ExportButton } from '../../exports';

const ORDERS = ['created_at:desc', 'name:asc', 'name:desc', 'email:asc', 'amount_due:desc'] as const;

function readOrder(value: string): CounterpartyOrder {
  const chosen = ORDERS.find((order) => order === value) ?? 'created_at:desc';
  const [field, direction] = chosen.split(':') as [CounterpartyOrder['field'], CounterpartyOrder['direction']];
  return { field, direction };
}


/** Customers or vendors: tabs active and archive, search, sort, select and bulk actions; state in the URL. */
export function CounterpartiesPage({ kind }: { kind: CounterpartyKind }) {
  const { t } = useTranslation();
  const can = useCan('business');
  const abilities = counterpartyKinds[kind].abilities;
  const list = useListQueryState(['tab', 'order'] as const);
  const tab: CounterpartyTab = list.filters.tab === 'archive' ? 'archive' : 'active';
  const order = readOrder(list.filters.order);
  const records = useCounterparties(kind, tab, list.search, list.page, order);
  const bulk = useBulkCounterparties(kind);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const editable = useCounterpartyEditable(kind);
  const k = (key: string) => t(`counterparties.${kind}.${key}`);

  useEffect(() => rememberTab(kind, tab), [kind, tab]);
  useEffect(() => setSelected(new Set()), [tab, list.search, list.page]);

  const run = async (action: BulkAction) => {
    try {
      await bulk.mutateAsync({ action, ids: [...selected] });
      notifySuccess(k(action === 'archive' ? 'archived' : action === 'unarchive' ? 'unarchived' : 'deleted'));
      setSelected(new Set());
    } catch (err) {
      notifyError(err);
    } finally {
      setConfirming(null);
    }
  };

  const columns: DataTableColumn<CounterpartyResource>[] = [
    {
      key: 'name',
      header: t('counterparties.name'),
      render: (record) => (
        <Anchor component={Link} to={counterpartyLinks.view(kind, record.id)} size="sm">
          {record.display_name || record.name}
        </Anchor>
      ),
    },
    { key: 'contact', header: t('counterparties.contact'), render: (record) => [record.contact_first_name, record.contact_last_name].filter(Boolean).join(' ') || '—' },
    { key: 'email', header: t('counterparties.email'), render: (record) => record.email ?? '—' },
    { key: 'phone', header: t('counterparties.phone'), render: (record) => record.phone ?? '—' },
    { key: 'amount_due', header: t('counterparties.amount_due'), align: 'right', render: (record) => formatDocumentMoney(record.amount_due, record.amount_due_currency_id) },
    { key: 'created', header: t('counterparties.added'), render: (record) => formatDate(record.created_at) },
  ];

  const empty = records.data?.meta[`${kind}_total_count`] === 0 ? k('empty') : t('counterparties.no_match');

  return (
    <>
      <PageHeader
        title={k('title')}
        actions={
          <>
            <ImportButton entity={IMPORT_ENTITY[kind]} />
            <ExportButton type={kind === 'customer' ? 'customers' : 'vendors'} filters={{ status: tab, search: list.search, orderByField: order.field, orderBy: order.direction }} />
            {can(abilities.create) && (
              <Button component={Link} to={counterpartyLinks.create(kind)} leftSection={<Icon name="plus" size={16} />}>
                {k('new')}
              </Button>
            )}
          </>
        }
      />
      <Stack>
        <ListTabs value={tab} values={counterpartyTabs} label={(value) => t(`counterparties.tabs.${value}`)} onChange={(value) => list.update({ tab: value })} />
        <Group align="flex-end">
          <TextInput
            label={t('counterparties.search_label')}
            placeholder={k('search_placeholder')}
            leftSection={<Icon name="search" size={16} />}
            w={320}
            value={list.typed}
            onChange={(event) => list.setTyped(event.currentTarget.value)}
          />
          <NativeSelect
            label={t('counterparties.sort_label')}
            data={ORDERS.map((value) => ({ value, label: t(`counterparties.sort.${value.replace(':', '_')}`) }))}
            value={`${order.field}:${order.direction}`}
            onChange={(event) => list.update({ order: event.currentTarget.value })}
          />
        </Group>
        {selected.size > 0 && (
          <Group role="toolbar" aria-label={t('counterparties.bulk_label')}>
            <Text size="sm">{formatMessage(t('counterparties.selected'), { count: String(selected.size) })}</Text>
            {can(abilities.edit) && tab === 'active' && (
              <Button variant="default" size="xs" onClick={() => setConfirming('archive')}>
                {t('counterparties.archive')}
              </Button>
            )}
            {can(abilities.edit) && tab === 'archive' && (
              <Button variant="default" size="xs" onClick={() => setConfirming('unarchive')}>
                {t('counterparties.unarchive')}
              </Button>
            )}
            {can(abilities.delete) && (
              <Button color="red" variant="light" size="xs" onClick={() => setConfirming('delete')}>
                {t('counterparties.delete')}
              </Button>
            )}
          </Group>
        )}
        <DataTable
          query={records}
          columns={columns}
          getRowId={(record) => record.id}
          emptyText={empty}
          selection={{ selected, onChange: setSelected }}
          actions={(record) =>
            editable(record) && (
              <Tooltip label={t('counterparties.edit')}>
                <ActionIcon variant="subtle" aria-label={t('counterparties.edit_named', { name: record.display_name || record.name })} onClick={() => setEditing(record.id)}>
                  <Icon name="edit" size={16} />
                </ActionIcon>
              </Tooltip>
            )
          }
        />
      </Stack>
      {editing && <CounterpartyEditModal kind={kind} id={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={confirming !== null}
        title={t(`counterparties.confirm.${confirming ?? 'archive'}_title`)}
        message={formatMessage(k(`confirm_${confirming ?? 'archive'}`), { count: String(selected.size) })}
        variant={confirming === 'delete' ? 'danger' : 'primary'}
        loading={bulk.isPending}
        onConfirm={() => confirming && void run(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}

export function CustomersPage() {
  return <CounterpartiesPage kind="customer" />;
}

export function VendorsPage() {
  return <CounterpartiesPage kind="vendor" />;
}
