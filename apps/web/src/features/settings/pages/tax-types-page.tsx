import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, TextInput, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TaxTypeResource } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { taxTypesApi } from '../../catalog';
import { TaxTypeFormModal } from '../components/tax-type-form-modal';

/** Settings → tax types. */
export function TaxTypesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const list = useListQueryState([] as const);
  const taxTypes = taxTypesApi.useList({ page: list.page, search: list.search || undefined });
  const remove = taxTypesApi.useDelete();
  const [editing, setEditing] = useState<TaxTypeResource | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TaxTypeResource | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSuccess: () => notifySuccess(t('tax_types.deleted')), onError: notifyError, onSettled: () => setDeleting(null) });
  };

  const columns: DataTableColumn<TaxTypeResource>[] = [
    {
      key: 'name',
      header: t('tax_types.name'),
      render: (tax) => (
        <Group gap="xs">
          {tax.name}
          {tax.compound_tax && (
            <Badge size="xs" variant="light">
              {t('tax_types.compound')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'percent', header: t('tax_types.percent'), align: 'right', render: (tax) => `${tax.percent}%` },
    { key: 'description', header: t('tax_types.description'), render: (tax) => tax.description ?? '' },
  ];

  return (
    <>
      <PageHeader
        title={t('tax_types.title')}
        actions={
          can('create-tax-type') && (
            <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setEditing('new')}>
              {t('tax_types.create')}
            </Button>
          )
        }
      />
      <Stack>
        <TextInput label={t('tax_types.search')} maw={320} value={list.typed} onChange={(event) => list.setTyped(event.currentTarget.value)} />
        <DataTable
          query={taxTypes}
          columns={columns}
          getRowId={(tax) => tax.id}
          minWidth={560}
          emptyText={t('tax_types.empty')}
          actions={(tax) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              {can('edit-tax-type') && (
                <Tooltip label={t('tax_types.edit')}>
                  <ActionIcon variant="subtle" aria-label={t('tax_types.edit_named', { name: tax.name })} onClick={() => setEditing(tax)}>
                    <Icon name="edit" size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
              {can('delete-tax-type') && (
                <Tooltip label={t('tax_types.delete')}>
                  <ActionIcon variant="subtle" color="red" aria-label={t('tax_types.delete_named', { name: tax.name })} onClick={() => setDeleting(tax)}>
                    <Icon name="trash" size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          )}
        />
      </Stack>
      {editing && <TaxTypeFormModal taxType={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('tax_types.delete_title')}
        message={t('tax_types.delete_message', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
