import { useState } from 'react';
import { Alert, Button, Group, Modal, Progress, Radio, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ExportFormat, ExportType } from '@app/contracts';
import { Icon } from '../../../components/icon';
import { notifyError } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { downloadExport, useExportRun, useExportTemplates, useStartExport } from '../exports-queries';

/** A list's filters as its page sends them to the list's API (the export reads the same query). */
export type ExportFilters = Readonly<Record<string, string | number | null | undefined>>;

function queryOf(filters: ExportFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter((entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined && entry[1] !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

/** The list pages' "Export" action: what the list shows now, as CSV or XLSX, through a template. */
export function ExportButton({ type, filters }: { type: ExportType; filters: ExportFilters }) {
  const { t } = useTranslation();
  const can = useCan('business');
  const [opened, setOpened] = useState(false);
  if (!can('export-data')) return null;
  return (
    <>
      <Button variant="default" leftSection={<Icon name="download" size={16} />} onClick={() => setOpened(true)}>
        {t('exports.export')}
      </Button>
      {opened && <ExportModal type={type} filters={filters} onClose={() => setOpened(false)} />}
    </>
  );
}

function ExportModal({ type, filters, onClose }: { type: ExportType; filters: ExportFilters; onClose: () => void }) {
  const { t } = useTranslation();
  const can = useCan('business');
  const templates = useExportTemplates(type, can('view-export-template'));
  const start = useStartExport();
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const run = useExportRun(runId);
  const [downloading, setDownloading] = useState(false);
  const choices = templates.data ?? [];
  const chosen = templateId ?? choices.find((template) => template.is_default)?.id ?? null;

  const begin = () => {
    start.mutate({ export_type: type, format, template_id: chosen || null, filters: queryOf(filters) }, { onSuccess: (started) => setRunId(started.id), onError: notifyError });
  };
  const save = async () => {
    if (!run.data) return;
    setDownloading(true);
    try {
      await downloadExport(run.data);
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(false);
    }
  };

  const current = run.data;
  const total = current?.total_rows ?? null;
  const percent = current?.status === 'completed' ? 100 : total ? Math.round(((current?.rows_written ?? 0) / total) * 100) : 0;

  return (
    <Modal opened onClose={onClose} title={t('exports.modal_title', { list: t(`exports.types.${type}`) })} centered>
      {runId === null ? (
        <Stack>
          <Text size="sm" c="dimmed">
            {t('exports.filters_note')}
          </Text>
          <Radio.Group label={t('exports.format')} value={format} onChange={(value) => setFormat(value === 'csv' ? 'csv' : 'xlsx')}>
            <Group mt="xs">
              <Radio value="xlsx" label={t('exports.formats.xlsx')} />
              <Radio value="csv" label={t('exports.formats.csv')} />
            </Group>
          </Radio.Group>
          {choices.length > 0 && (
            <Select
              label={t('exports.template')}
              data={[{ value: '', label: t('exports.built_in_template') }, ...choices.map((template) => ({ value: template.id, label: template.name }))]}
              value={chosen ?? ''}
              onChange={(value) => setTemplateId(value ?? '')}
              allowDeselect={false}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button onClick={begin} loading={start.isPending}>
              {t('exports.start')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          {current?.status === 'failed' ? (
            <Alert color="red" title={t('exports.failed')}>
              {current.failure}
            </Alert>
          ) : (
            <>
              <Progress value={percent} aria-label={t('exports.progress')} animated={current?.status !== 'completed'} />
              <Text size="sm" role="status">
                {current?.status === 'completed'
                  ? t('exports.ready', { count: current.rows_written })
                  : total === null
                    ? t('exports.written', { count: current?.rows_written ?? 0 })
                    : t('exports.written_of', { written: current?.rows_written ?? 0, total })}
              </Text>
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
            {current?.download_url && (
              <Button leftSection={<Icon name="download" size={16} />} onClick={() => void save()} loading={downloading}>
                {t('exports.download', { file: current.file_name })}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
