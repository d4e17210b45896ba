import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportJobResource, ImportPreviewResponse } from '@app/contracts';

type PreviewRow = ImportPreviewResponse['data'][number];

const INVALID_CELL = { backgroundColor: 'var(--mantine-color-red-0)' } as const;

function CellError({ message }: { message: string }) {
  return (
    <Text size="xs" c="red.9" fw={500}>
      {message}
    </Text>
  );
}

/** The preview's rows: one column per mapped field, a cell with an error shaded and its message under the value. */
export function PreviewTable({ job, rows }: { job: ImportJobResource; rows: readonly PreviewRow[] }) {
  const { t } = useTranslation();
  const shown = job.fields.filter((field) => (job.mapping[field.name] ?? null) !== null);
  const shownNames = new Set(shown.map((field) => field.name));
  const described = (name: string, message: string) => {
    const field = job.fields.find((candidate) => candidate.name === name);
    return field ? `${field.label}: ${message}` : message;
  };

  return (
    <Table.ScrollContainer minWidth={Math.max(480, 160 * (shown.length + 1))}>
      <Table withTableBorder withColumnBorders verticalSpacing="xs" aria-label={t('data_import.preview.table_label')}>
        <Table.Caption>{t('data_import.preview.caption', { count: rows.length })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('data_import.preview.row')}</Table.Th>
            {shown.map((field) => (
              <Table.Th key={field.name} scope="col">
                {field.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            // Errors of fields without a column here (an unmapped optional one, the row as a whole) show beside the row number.
            const elsewhere = Object.entries(row.errors).filter(([name]) => !shownNames.has(name));
            const invalid = Object.keys(row.errors).length > 0;
            return (
              <Table.Tr key={row.row_number} data-invalid={invalid || undefined}>
                <Table.Th scope="row" style={elsewhere.length > 0 ? INVALID_CELL : undefined}>
                  <Stack gap={2}>
                    <span>{row.row_number}</span>
                    {elsewhere.map(([name, message]) => (
                      <CellError key={name} message={described(name, message)} />
                    ))}
                  </Stack>
                </Table.Th>
                {shown.map((field) => {
                  const message = row.errors[field.name];
                  const value = row.values[field.name] ?? null;
                  return (
                    <Table.Td key={field.name} style={message ? INVALID_CELL : undefined} data-invalid={message ? true : undefined} data-field={field.name}>
                      <Stack gap={2}>
                        <Text size="sm" c={value === null || value === '' ? 'dimmed' : undefined}>
                          {value === null || value === '' ? '—' : value}
                        </Text>
                        {message && <CellError message={message} />}
                      </Stack>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
