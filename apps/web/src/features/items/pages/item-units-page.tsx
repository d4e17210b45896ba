import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, TextInput, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ItemUnitResource } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { itemUnitsApi } from '../../catalog';
import { ItemsTabs } from '../components/items-tabs';
import { UnitFormModal } from '../components/unit-form-modal';

/**
 * Items → units: the units items are sold in (hour, piece, day…). A unit still attached to items
 * cannot be deleted; the server says so and the message is shown as is.
 */
export function ItemUnitsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const list = useListQueryState([] as const);
  const units = itemUnitsApi.useList({ page: list.page, search: list.search || undefined });
  const remove = itemUnitsApi.useDelete();
  const [editing, setEditing] = useState<ItemUnitResource | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ItemUnitResource | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSuccess: () => notifySuccess(t('item_units.deleted')), onError: notifyError, onSettled: () => setDeleting(null) });
  };

  const columns: DataTableColumn<ItemUnitResource>[] = [
    { key: 'name', header: t('item_units.name'), render: (unit) => unit.name },
    { key: 'created_at', header: t('items.added_on'), render: (unit) => formatDate(unit.created_at) },
  ];

  return (
    <>
      <PageHeader
        title={t('items.title')}
        actions={
          can('create-item') && (
            <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setEditing('new')}>
              {t('item_units.create')}
            </Button>
          )
        }
      />
      <ItemsTabs />
      <Stack>
        <TextInput label={t('item_units.search')} maw={320} value={list.typed} onChange={(event) => list.setTyped(event.currentTarget.value)} />
        <DataTable
          query={units}
          columns={columns}
          getRowId={(unit) => unit.id}
          minWidth={360}
          emptyText={units.data?.meta.item_unit_total_count === 0 ? t('item_units.none_yet') : t('item_units.empty')}
          actions={(unit) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              {can('edit-item') && (
                <Tooltip label={t('item_units.rename')}>
                  <ActionIcon variant="subtle" aria-label={t('item_units.rename_named', { name: unit.name })} onClick={() => setEditing(unit)}>
                    <Icon name="edit" size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
              {can('delete-item') && (
                <Tooltip label={t('item_units.delete')}>
                  <ActionIcon variant="subtle" color="red" aria-label={t('item_units.delete_named', { name: unit.name })} onClick={() => setDeleting(unit)}>
                    <Icon name="trash" size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          )}
        />
      </Stack>
      {editing && <UnitFormModal unit={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('item_units.delete_title')}
        message={t('item_units.delete_message', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
