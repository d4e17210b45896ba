import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ExportRunResource, ExportTemplateResource } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { TemplateFormModal } from '../components/template-form-modal';
import { downloadExport, useDeleteExportTemplate, useExportRuns, useExportTemplates, useMakeDefaultTemplate } from '../exports-queries';

const STATUS_COLOR: Record<ExportRunResource['status'], string> = { queued: 'gray', running: 'blue', completed: 'green', failed: 'red' };

/** Settings → Export data: the business's export templates and its recent exports with their links. */
export function ExportDataPage() {
  const { t } = useTranslation();
  const can = useCan('business');
  return (
    <>
      <PageHeader title={t('exports.title')} description={t('exports.description')} />
      <Stack gap="xl">
        {can('view-export-template') && <TemplatesSection />}
        {can('export-data') && <RecentRunsSection />}
      </Stack>
    </>
  );
}

function TemplatesSection() {
  const { t } = useTranslation();
  const can = useCan('business');
  const templates = useExportTemplates(null);
  const remove = useDeleteExportTemplate();
  const makeDefault = useMakeDefaultTemplate();
  const [editing, setEditing] = useState<ExportTemplateResource | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ExportTemplateResource | null>(null);
  const rows = templates.data ?? [];
  // The templates come whole (a business has a handful): one page for the table.
  const query = {
    data: templates.data ? { data: rows, meta: { current_page: 1, last_page: 1, per_page: Math.max(rows.length, 1), total: rows.length } } : undefined,
    isPending: templates.isPending,
    error: templates.error,
    refetch: templates.refetch,
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, { onSuccess: () => notifySuccess(t('exports.templates.deleted')), onError: notifyError, onSettled: () => setDeleting(null) });
  };

  const columns: DataTableColumn<ExportTemplateResource>[] = [
    {
      key: 'name',
      header: t('exports.templates.name'),
      render: (template) => (
        <Group gap="xs">
          {template.name}
          {template.is_default && (
            <Badge variant="light" size="sm">
              {t('exports.templates.default')}
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'type', header: t('exports.templates.type'), render: (template) => t(`exports.types.${template.export_type}`) },
    { key: 'columns', header: t('exports.templates.columns'), render: (template) => template.fields.map((field) => field.column_name).join(', ') },
  ];

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('exports.templates.title')}
        </Title>
        {can('create-export-template') && (
          <Button leftSection={<Icon name="plus" size={16} />} onClick={() => setEditing('new')}>
            {t('exports.templates.create')}
          </Button>
        )}
      </Group>
      <DataTable
        query={query}
        columns={columns}
        getRowId={(template) => template.id}
        minWidth={640}
        emptyText={t('exports.templates.empty')}
        actions={(template) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            {can('edit-export-template') && !template.is_default && (
              <Button size="compact-sm" variant="subtle" onClick={() => makeDefault.mutate(template.id, { onSuccess: () => notifySuccess(t('exports.templates.default_set')), onError: notifyError })}>
                {t('exports.templates.set_default')}
              </Button>
            )}
            {can('edit-export-template') && (
              <Tooltip label={t('exports.templates.edit')}>
                <ActionIcon variant="subtle" aria-label={t('exports.templates.edit_named', { name: template.name })} onClick={() => setEditing(template)}>
                  <Icon name="edit" size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            {can('delete-export-template') && (
              <Tooltip label={t('exports.templates.delete')}>
                <ActionIcon variant="subtle" color="red" aria-label={t('exports.templates.delete_named', { name: template.name })} onClick={() => setDeleting(template)}>
                  <Icon name="trash" size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        )}
      />
      {editing && <TemplateFormModal template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('exports.templates.delete_title')}
        message={t('exports.templates.delete_message', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}

function RecentRunsSection() {
  const { t } = useTranslation();
  const list = useListQueryState([] as const);
  const runs = useExportRuns(list.page);
  const [downloading, setDownloading] = useState<string | null>(null);

  const save = async (run: ExportRunResource) => {
    setDownloading(run.id);
    try {
      await downloadExport(run);
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(null);
    }
  };

  const columns: DataTableColumn<ExportRunResource>[] = [
    { key: 'type', header: t('exports.runs.list'), render: (run) => t(`exports.types.${run.export_type}`) },
    { key: 'format', header: t('exports.format'), render: (run) => t(`exports.formats.${run.format}`) },
    { key: 'template', header: t('exports.template'), render: (run) => run.template_name },
    {
      key: 'status',
      header: t('exports.runs.status'),
      render: (run) => (
        <Badge color={STATUS_COLOR[run.status]} variant="light">
          {t(`exports.statuses.${run.status}`)}
        </Badge>
      ),
    },
    { key: 'rows', header: t('exports.runs.rows'), align: 'right', render: (run) => (run.total_rows === null || run.status === 'completed' ? String(run.rows_written) : `${run.rows_written} / ${run.total_rows}`) },
    { key: 'created', header: t('exports.runs.created'), render: (run) => formatDateTime(run.created_at) },
  ];

  return (
    <Stack>
      <Title order={2} size="h3">
        {t('exports.runs.title')}
      </Title>
      <DataTable
        query={runs}
        columns={columns}
        getRowId={(run) => run.id}
        minWidth={720}
        emptyText={t('exports.runs.empty')}
        actions={(run) =>
          run.download_url ? (
            <Button size="compact-sm" variant="subtle" leftSection={<Icon name="download" size={14} />} loading={downloading === run.id} onClick={() => void save(run)} aria-label={t('exports.download', { file: run.file_name })}>
              {t('exports.runs.download')}
            </Button>
          ) : run.status === 'completed' ? (
            t('exports.runs.expired')
          ) : null
        }
      />
    </Stack>
  );
}
