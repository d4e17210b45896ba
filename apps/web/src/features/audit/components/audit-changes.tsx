import { Code, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AuditLogResource } from '@app/contracts';

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Before and after of each changed field of one entry. */
export function AuditChanges({ entry }: { entry: AuditLogResource }) {
  const { t } = useTranslation();
  const fields = Object.entries(entry.changes);
  if (fields.length === 0) return <Text size="sm">{t('audit.no_fields')}</Text>;
  return (
    <Table withTableBorder fz="sm" aria-label={t('audit.changes_of', { model: entry.model })}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('audit.field')}</Table.Th>
          <Table.Th>{t('audit.before')}</Table.Th>
          <Table.Th>{t('audit.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map(([field, change]) => (
          <Table.Tr key={field}>
            <Table.Td>
              <Code>{field}</Code>
            </Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>{show(change.before)}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>{show(change.after)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
