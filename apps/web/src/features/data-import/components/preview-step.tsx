import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportJobResource } from '@app/contracts';
import { QueryState } from '../../../components/query-state';
import { errorText, firstFieldErrors, isApiError } from '../../../lib/api-error';
import { useImportPreview, useRunImport, useSaveImportMapping } from '../data-import-queries';
import { type MappingProblems, mappingProblems } from './mapping-step';
import { PreviewTable } from './preview-table';

interface PreviewStepProps {
  job: ImportJobResource;
  onBack: () => void;
  /** The server refused the mapping (a required field unmapped): back to the mapping with its errors. */
  onMappingRefused: (problems: MappingProblems) => void;
}

/** A refusal of the mapping, as the preview answers it: a 422 naming fields. */
function isMappingRefusal(err: unknown): boolean {
  return isApiError(err) && err.status === 422 && Object.keys(firstFieldErrors(err)).length > 0;
}

/**
 * Step 3: the first rows as they will be stored, each error on its cell, and how many rows of the
 * whole file are invalid. With invalid rows the import runs only when the user chooses to skip them
 * (they go to the error report); otherwise the whole file would be refused.
 */
/** Once the run starts the job's cached status moves on, and the wizard with it to the last step. */
export function PreviewStep({ job, onBack, onMappingRefused }: PreviewStepProps) {
  const { t } = useTranslation();
  const preview = useImportPreview(job.id);
  const saveMapping = useSaveImportMapping(job.id);
  const run = useRunImport(job.id);
  const [skip, setSkip] = useState(job.skip_invalid_rows);
  const [runError, setRunError] = useState<string | null>(null);
  const fieldNames = job.fields.map((field) => field.name);
  const refused = isMappingRefusal(preview.error);

  useEffect(() => {
    if (refused) onMappingRefused(mappingProblems(preview.error, fieldNames, t('errors.generic'), t('errors.network')));
    // Once per refusal: the callback and the field list are new each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refused, preview.error]);

  const data = preview.data;
  const invalid = data?.invalid_rows ?? 0;
  const blocked = invalid > 0 && !skip;

  const start = async () => {
    setRunError(null);
    try {
      if (skip !== job.skip_invalid_rows) await saveMapping.mutateAsync({ mapping: job.mapping, skip_invalid_rows: skip });
      await run.mutateAsync();
    } catch (err) {
      setRunError(errorText(err, t('errors.generic'), t('errors.network')));
    }
  };

  return (
    <Stack gap="md">
      <QueryState isPending={preview.isPending || refused} error={refused ? null : preview.error} onRetry={() => void preview.refetch()}>
        {data && (
          <>
            <Text size="sm" role="status" data-testid="preview-counts">
              {t('data_import.preview.counts', { count: data.total_rows, invalid: data.invalid_rows })}
            </Text>
            {data.data.length === 0 ? (
              <Text c="dimmed" ta="center" py="lg">
                {t('data_import.preview.empty')}
              </Text>
            ) : (
              <PreviewTable job={job} rows={data.data} />
            )}
            {invalid > 0 && (
              <>
                <Alert color={skip ? 'yellow' : 'red'} title={t('data_import.preview.invalid_title', { count: invalid })}>
                  {t('data_import.preview.invalid_text')}
                </Alert>
                {/* Outside the alert: its hint in the dimmed colour would not read on the alert's tint. */}
                <Checkbox
                  label={t('data_import.preview.skip_invalid')}
                  description={t('data_import.preview.skip_invalid_hint')}
                  checked={skip}
                  onChange={(event) => setSkip(event.currentTarget.checked)}
                />
              </>
            )}
          </>
        )}
      </QueryState>
      {runError && (
        <Alert color="red" role="alert" title={t('data_import.preview.run_failed')}>
          {runError}
        </Alert>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          {t('data_import.preview.back')}
        </Button>
        <Button onClick={() => void start()} loading={saveMapping.isPending || run.isPending} disabled={!data || blocked || data.total_rows === 0}>
          {t('data_import.preview.run', { count: data ? data.total_rows - (skip ? invalid : 0) : 0 })}
        </Button>
      </Group>
    </Stack>
  );
}
