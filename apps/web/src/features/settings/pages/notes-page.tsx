import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type NoteResource, noteTypes } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ListTabs } from '../../../components/data-table/list-tabs';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { notesApi } from '../../catalog';
import { NoteFormModal } from '../components/note-form-modal';

const TABS = ['all', ...noteTypes] as const;

/** Settings → notes, by type (tab in the URL). */
export function NotesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const list = useListQueryState(['type'] as const);
  const tab = TABS.find((value) => value === list.filters.type) ?? 'all';
  const notes = notesApi.useList({ page: list.page, search: list.search || undefined, type: tab === 'all' ? undefined : tab });
  const remove = notesApi.useDelete();
  const [editing, setEditing] = useState<NoteResource | 'new' | null>(null);
  const [deleting, setDeleting] = useState<NoteResource | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSuccess: () => notifySuccess(t('notes.deleted')), onError: notifyError, onSettled: () => setDeleting(null) });
  };

  const columns: DataTableColumn<NoteResource>[] = [
    { key: 'name', header: t('notes.name'), render: (note) => note.name },
    { key: 'type', header: t('notes.type'), render: (note) => t(`notes.types.${note.type}`) },
    {
      key: 'notes',
      header: t('notes.notes'),
      render: (note) => (
        <Text size="sm" lineClamp={2} maw={420}>
          {note.notes}
        </Text>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('notes.title')}
        actions={
          can('create-note') && (
            <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setEditing('new')}>
              {t('notes.create')}
            </Button>
          )
        }
      />
      <Stack>
        <ListTabs value={tab} values={TABS} label={(value) => t(`notes.types.${value}`)} onChange={(value) => list.update({ type: value === 'all' ? '' : value })} />
        <TextInput label={t('notes.search')} maw={320} value={list.typed} onChange={(event) => list.setTyped(event.currentTarget.value)} />
        <DataTable
          query={notes}
          columns={columns}
          getRowId={(note) => note.id}
          minWidth={560}
          emptyText={t('notes.empty')}
          actions={(note) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              {can('edit-note') && (
                <Tooltip label={t('notes.edit')}>
                  <ActionIcon variant="subtle" aria-label={t('notes.edit_named', { name: note.name })} onClick={() => setEditing(note)}>
                    <Icon name="edit" size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
              {can('delete-note') && (
                <Tooltip label={t('notes.delete')}>
                  <ActionIcon variant="subtle" color="red" aria-label={t('notes.delete_named', { name: note.name })} onClick={() => setDeleting(note)}>
                    <Icon name="trash" size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          )}
        />
      </Stack>
      {editing && <NoteFormModal note={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('notes.delete_title')}
        message={t('notes.delete_message', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
