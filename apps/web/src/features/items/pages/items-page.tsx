import { useState } from 'react';
import { ActionIcon, Anchor, Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ItemResource, decimalToMinorUnits } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { MoneyInput } from '../../../components/decimal-input';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { ServerSelect } from '../../../components/server-select';
import { formatDate } from '../../../lib/format';
import { formatInCurrency } from '../../../lib/money';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { itemUnitsApi, itemsApi, useBulkDeleteItems } from '../../../lib/queries/catalog-queries';
import { useBusinessCurrency } from '../components/item-form';
import { ItemsTabs } from '../components/items-tabs';
import { ImportButton } from '../../data-import';
import { ITEM_CREATE_PATH, itemEditPath } from '../items-paths';
import { ExportButton } from '../../exports';

const FILTERS = ['unit_id', 'unit_label', 'price_from', 'price_to', 'sort'] as const;
const SORTS = ['name:asc', 'name:desc', 'price:asc', 'price:desc', 'created_at:desc', 'created_at:asc'] as const;
const unitOptions = itemUnitsApi.options((unit) => unit.name);

/** A typed price filter in minor units; empty, '0.00' and unreadable values are dropped (spec). */
function priceFilter(value: string, precision: number): number | undefined {
  if (value.trim() === '' || value.trim() === '0.00') return undefined;
  const parsed = decimalToMinorUnits(value, precision);
  return parsed.ok ? Number(parsed.minor) : undefined;
}

/** Items: search, unit and price filters, sorting and paging in the URL; select rows to delete in bulk. */
export function ItemsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const currency = useBusinessCurrency();
  const { precision } = currency;
  const list = useListQueryState(FILTERS);
  const { filters } = list;
  const [field, direction] = (SORTS.find((s) => s === filters.sort) ?? 'name:asc').split(':');
  const query = {
    page: list.page,
    search: list.search || undefined,
    unit_id: filters.unit_id || undefined,
    price_from: priceFilter(filters.price_from, precision),
    price_to: priceFilter(filters.price_to, precision),
    orderByField: field,
    orderBy: direction,
  };
  const items = itemsApi.useList(query);
  const removeOne = itemsApi.useDelete();
  const removeMany = useBulkDeleteItems();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [deleting, setDeleting] = useState<ItemResource | 'selected' | null>(null);

  const confirmDelete = () => {
    if (deleting === 'selected') {
      removeMany.mutate([...selected], {
        onSuccess: (result) => {
          notifySuccess(t('items.bulk_deleted', { count: result.deleted }));
          setSelected(new Set());
        },
        onError: notifyError,
        onSettled: () => setDeleting(null),
      });
    } else if (deleting) {
      removeOne.mutate(deleting.id, { onSuccess: () => notifySuccess(t('items.deleted')), onError: notifyError, onSettled: () => setDeleting(null) });
    }
  };

  const money = (minor: number) => formatInCurrency(minor, currency);
  const columns: DataTableColumn<ItemResource>[] = [
    {
      key: 'name',
      header: t('items.name'),
      render: (item) =>
        can('edit-item') ? (
          <Anchor component={Link} to={itemEditPath(item.id)}>
            {item.name}
          </Anchor>
        ) : (
          <Text size="sm">{item.name}</Text>
        ),
    },
    { key: 'unit', header: t('items.unit'), render: (item) => item.unit?.name ?? '—' },
    { key: 'price', header: t('items.price'), align: 'right', render: (item) => money(item.price) },
    { key: 'created_at', header: t('items.added_on'), render: (item) => formatDate(item.created_at) },
  ];

  return (
    <>
      <PageHeader
        title={t('items.title')}
        actions={
          <>
            <ExportButton type="items" filters={query} />
            {can('delete-item') && selected.size > 0 && (
              <Button color="red" variant="light" leftSection={<Icon name="trash" size={16} />} onClick={() => setDeleting('selected')}>
                {t('items.delete_selected', { count: selected.size })}
              </Button>
            )}
            <ImportButton entity="items" />
            {can('create-item') && (
              <Button component={Link} to={ITEM_CREATE_PATH} leftSection={<Icon name="plus" size={16} />}>
                {t('items.create')}
              </Button>
            )}
          </>
        }
      />
      <ItemsTabs />
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }}>
          <TextInput label={t('items.search')} value={list.typed} onChange={(event) => list.setTyped(event.currentTarget.value)} />
          <ServerSelect
            label={t('items.unit')}
            queryKey={itemUnitsApi.key}
            fetchOptions={unitOptions}
            value={filters.unit_id || null}
            selected={filters.unit_id ? { value: filters.unit_id, label: filters.unit_label || filters.unit_id } : null}
            onChange={(value, option) => list.update({ unit_id: value ?? '', unit_label: option?.label ?? '' })}
          />
          <MoneyInput label={t('items.price_from')} currency={currency} value={filters.price_from} onChange={(price_from) => list.update({ price_from })} />
          <MoneyInput label={t('items.price_to')} currency={currency} value={filters.price_to} onChange={(price_to) => list.update({ price_to })} />
          <NativeSelect
            label={t('items.sort_by')}
            value={`${field}:${direction}`}
            data={SORTS.map((sort) => ({ value: sort, label: t(`items.sorts.${sort.replace(':', '_')}`) }))}
            onChange={(event) => list.update({ sort: event.currentTarget.value })}
          />
        </SimpleGrid>
        <DataTable
          query={items}
          columns={columns}
          getRowId={(item) => item.id}
          emptyText={items.data?.meta.item_total_count === 0 ? t('items.none_yet') : t('items.empty')}
          selection={can('delete-item') ? { selected, onChange: setSelected } : undefined}
          actions={(item) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              {can('edit-item') && (
                <Tooltip label={t('items.edit')}>
                  <ActionIcon component={Link} to={itemEditPath(item.id)} variant="subtle" aria-label={t('items.edit_named', { name: item.name })}>
                    <Icon name="edit" size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
              {can('delete-item') && (
                <Tooltip label={t('items.delete')}>
                  <ActionIcon variant="subtle" color="red" aria-label={t('items.delete_named', { name: item.name })} onClick={() => setDeleting(item)}>
                    <Icon name="trash" size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          )}
        />
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('items.delete_title')}
        message={deleting === 'selected' ? t('items.delete_selected_message', { count: selected.size }) : t('items.delete_message', { name: deleting?.name ?? '' })}
        loading={removeOne.isPending || removeMany.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
