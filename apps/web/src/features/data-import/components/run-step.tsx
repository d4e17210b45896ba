import { useState } from 'react';
import { Alert, Button, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportJobResource } from '@app/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LabelledValue } from '../../../components/labelled-value';
import { errorText } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { saveFile } from '../../../lib/save-file';
import { fetchImportErrorReport, isImportRunning, useUndoImport } from '../data-import-queries';
import { ImportStatusBadge } from './import-status-badge';

function percentOf(job: ImportJobResource): number {
  if (job.status === 'completed') return 100;
  return job.total_rows > 0 ? Math.min(100, Math.round((job.processed_rows / job.total_rows) * 100)) : 0;
}

/** The error report's file name: the uploaded file's name without its extension. */
function reportName(job: ImportJobResource): string {
  return `${job.file_name.replace(/\.[^.]+$/, '') || 'import'}-errors.csv`;
}

/**
 * Step 4: the run's progress (the job is polled while queued or running), then what it created and
 * skipped, the error report, and undo while nothing depends on what it created.
 */
export function RunStep({ job, onAnother }: { job: ImportJobResource; onAnother: () => void }) {
  const { t } = useTranslation();
  const undo = useUndoImport(job.id);
  const [confirming, setConfirming] = useState(false);
  const [undoError, setUndoError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const running = isImportRunning(job);
  const percent = percentOf(job);

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await fetchImportErrorReport(job.id), reportName(job));
    } catch (err) {
      notifyError(err);
    } finally {
      setDownloading(false);
    }
  };

  const confirmUndo = () => {
    setUndoError(null);
    undo.mutate(undefined, {
      onSuccess: () => notifySuccess(t('data_import.run.undone')),
      onError: (err) => setUndoError(errorText(err, t('errors.generic'), t('errors.network'))),
      onSettled: () => setConfirming(false),
    });
  };

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Text fw={500}>{job.file_name}</Text>
        <ImportStatusBadge status={job.status} />
      </Group>
      {(running || job.status === 'completed') && (
        <Stack gap={4}>
          <Progress value={percent} animated={running} striped={running} size="lg" aria-label={t('data_import.run.progress')} />
          <Text size="sm" role="status">
            {running ? t('data_import.run.processed', { processed: job.processed_rows, total: job.total_rows }) : t('data_import.run.finished', { total: job.total_rows })}
          </Text>
        </Stack>
      )}
      {job.status === 'failed' && (
        <Alert color="red" role="alert" title={t('data_import.run.failed_title')}>
          {job.failure ?? t('data_import.run.failed_text')}
        </Alert>
      )}
      {job.status === 'undone' && (
        <Alert color="gray" title={t('data_import.run.undone_title')}>
          {t('data_import.run.undone_text')}
        </Alert>
      )}
      {!running && (
        <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} m={0}>
          <LabelledValue term label={t('data_import.run.created')}>
            {String(job.created_count)}
          </LabelledValue>
          <LabelledValue term label={t('data_import.run.skipped')}>
            {String(job.skipped_count)}
          </LabelledValue>
          <LabelledValue term label={t('data_import.run.total')}>
            {String(job.total_rows)}
          </LabelledValue>
        </SimpleGrid>
      )}
      {undoError && (
        <Alert color="red" role="alert" title={t('data_import.run.undo_refused')}>
          {undoError}
        </Alert>
      )}
      <Group gap="sm">
        {job.has_error_report && (
          <Button variant="default" onClick={() => void download()} loading={downloading}>
            {t('data_import.run.error_report')}
          </Button>
        )}
        {job.can_undo && (
          <Button variant="light" color="red" onClick={() => setConfirming(true)}>
            {t('data_import.run.undo')}
          </Button>
        )}
        {!running && <Button onClick={onAnother}>{t('data_import.run.another')}</Button>}
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={t('data_import.run.undo_title')}
        message={t('data_import.run.undo_message', { count: job.created_count })}
        confirmLabel={t('data_import.run.undo')}
        cancelLabel={t('common.cancel')}
        loading={undo.isPending}
        onConfirm={confirmUndo}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
