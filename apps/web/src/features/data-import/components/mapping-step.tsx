import { type FormEvent, useState } from 'react';
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type ImportJobResource, messages } from '@app/contracts';
import { errorText, firstFieldErrors } from '../../../lib/api-error';
import { useSaveImportMapping } from '../data-import-queries';
import { type ImportMapping, initialMapping, unmappedRequired } from '../import-mapping';
import { SavedMappings } from './saved-mappings';

/** Field errors keyed by field name, and what no field shows. */
export type MappingProblems = { fields: Record<string, string>; other: string | null };

const SAMPLE_COUNT = 3;
const SAMPLE_LENGTH = 24;

function shortSample(value: string): string {
  return value.length > SAMPLE_LENGTH ? `${value.slice(0, SAMPLE_LENGTH - 1)}…` : value;
}

/** A refused mapping's errors, whether the server names the field (`email`) or its place in the body (`mapping.email`). */
export function mappingProblems(err: unknown, fieldNames: readonly string[], fallback: string, network: string): MappingProblems {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  for (const [key, message] of Object.entries(firstFieldErrors(err))) {
    const name = key.replace(/^mapping\./, '');
    if (fieldNames.includes(name)) fields[name] = message;
    else rest.push(message);
  }
  const other = rest.length > 0 ? rest.join('\n') : Object.keys(fields).length > 0 ? null : errorText(err, fallback, network);
  return { fields, other };
}

interface MappingStepProps {
  job: ImportJobResource;
  /** Errors the preview came back with (a required field unmapped, say), shown on their fields. */
  problems: MappingProblems | null;
  onBack: () => void;
  onSaved: (job: ImportJobResource) => void;
}

/** Step 2: each field of the entity takes one of the file's columns (sample values shown); required fields are marked. */
export function MappingStep({ job, problems, onBack, onSaved }: MappingStepProps) {
  const { t } = useTranslation();
  const save = useSaveImportMapping(job.id);
  const [mapping, setMapping] = useState<ImportMapping>(() => initialMapping(job));
  const [shown, setShown] = useState<MappingProblems>(problems ?? { fields: {}, other: null });
  const fieldNames = job.fields.map((field) => field.name);

  const change = (field: string, index: number | null) => {
    setMapping((previous) => ({ ...previous, [field]: index }));
    setShown((previous) => ({ ...previous, fields: Object.fromEntries(Object.entries(previous.fields).filter(([name]) => name !== field)) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = unmappedRequired(job, mapping);
    if (missing.length > 0) {
      setShown({ fields: Object.fromEntries(missing.map((name) => [name, messages.required])), other: null });
      return;
    }
    setShown({ fields: {}, other: null });
    try {
      onSaved(await save.mutateAsync({ mapping, skip_invalid_rows: job.skip_invalid_rows }));
    } catch (err) {
      setShown(mappingProblems(err, fieldNames, t('errors.generic'), t('errors.network')));
    }
  };

  /** What the chosen column holds in its first rows, so the user sees whether it is the right one. */
  const sampleText = (column: ImportJobResource['columns'][number] | undefined) => {
    if (!column) return t('data_import.mapping.unmapped_hint');
    const samples = column.samples.filter((sample) => sample.trim() !== '').slice(0, SAMPLE_COUNT);
    if (samples.length === 0) return t('data_import.mapping.no_samples');
    return t('data_import.mapping.samples', { samples: samples.map(shortSample).join(' · ') });
  };

  const columnOptions = [
    { value: '', label: t('data_import.mapping.not_mapped') },
    ...job.columns.map((column) => ({
      value: String(column.index),
      label: column.header.trim() === '' ? t('data_import.mapping.column_number', { number: column.index + 1 }) : column.header,
    })),
  ];

  return (
    <Stack gap="md">
      <Text size="sm">{t('data_import.mapping.intro', { file: job.file_name })}</Text>
      {/* Outside the form: saving a mapping has a form of its own. */}
      <SavedMappings job={job} mapping={mapping} onApply={setMapping} />
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('data_import.steps.map')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            {job.fields.map((field) => {
              const index = mapping[field.name] ?? null;
              const column = index === null ? undefined : job.columns.find((candidate) => candidate.index === index);
              return (
                <Stack key={field.name} gap={4}>
                  <NativeSelect
                    label={field.label}
                    description={field.description ?? undefined}
                    required={field.required}
                    data={columnOptions}
                    value={index === null ? '' : String(index)}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      change(field.name, value === '' ? null : Number(value));
                    }}
                    error={shown.fields[field.name]}
                    data-field={field.name}
                  />
                  <Text size="xs" c="dimmed" data-testid={`samples-${field.name}`}>
                    {sampleText(column)}
                  </Text>
                </Stack>
              );
            })}
          </SimpleGrid>
          {shown.other && (
            <Alert color="red" role="alert" title={t('data_import.mapping.refused')}>
              {shown.other}
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={onBack}>
              {t('data_import.start_over')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('data_import.mapping.to_preview')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
