import { type DragEvent, type FormEvent, useState } from 'react';
import { Alert, Button, FileInput, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ImportEntity, type ImportJobResource, importEntities, messages } from '@app/contracts';
import { errorText, firstFieldErrors } from '../../../lib/api-error';
import { useUploadImport } from '../data-import-queries';

/** What the file picker offers: the spreadsheet kinds the server reads. */
const IMPORT_FILE_TYPES = '.csv,.xlsx,.xls,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel';

interface UploadStepProps {
  entity: ImportEntity;
  onEntityChange: (entity: ImportEntity) => void;
  onUploaded: (job: ImportJobResource) => void;
}

function isImportEntity(value: string): value is ImportEntity {
  return importEntities.some((entity) => entity === value);
}

/** Step 1: what is imported and from which file (picked, or dropped on the area). The server's refusals show beside the field they concern. */
export function UploadStep({ entity, onEntityChange, onUploaded }: UploadStepProps) {
  const { t } = useTranslation();
  const upload = useUploadImport();
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [errors, setErrors] = useState<{ entity?: string; file?: string; other?: string }>({});

  const choose = (next: File | null) => {
    setFile(next);
    setErrors({});
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files.item(0);
    if (dropped) choose(dropped);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setErrors({ file: messages.required });
      return;
    }
    setErrors({});
    try {
      onUploaded(await upload.mutateAsync({ entity, file }));
    } catch (err) {
      const fields = firstFieldErrors(err);
      const { entity: entityError, file: fileError, ...rest } = fields;
      const restText = Object.values(rest).join('\n');
      const other = entityError || fileError ? restText || undefined : (errorText(err, t('errors.generic'), t('errors.network')) ?? undefined);
      setErrors({ entity: entityError, file: fileError, other });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('data_import.steps.upload')}>
      <Stack gap="md" maw={560}>
        <NativeSelect
          label={t('data_import.entity')}
          value={entity}
          data={importEntities.map((value) => ({ value, label: t(`data_import.entities.${value}`) }))}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isImportEntity(value)) onEntityChange(value);
          }}
          error={errors.entity}
          required
        />
        <Paper
          withBorder
          p="md"
          radius="md"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-dragging={dragging || undefined}
          style={{ borderStyle: 'dashed', borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined }}
        >
          <Stack gap="xs">
            <FileInput
              label={t('data_import.file')}
              description={t('data_import.file_hint')}
              placeholder={t('data_import.choose_file')}
              accept={IMPORT_FILE_TYPES}
              value={file}
              onChange={choose}
              error={errors.file}
              clearable
              required
            />
            <Text size="sm" c="dimmed">
              {t('data_import.drop_hint')}
            </Text>
          </Stack>
        </Paper>
        {errors.other && (
          <Alert color="red" role="alert" title={t('data_import.upload_failed')}>
            {errors.other}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={upload.isPending}>
            {t('data_import.upload')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
