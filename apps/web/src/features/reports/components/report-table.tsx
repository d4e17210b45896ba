import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportResponse, ReportRow } from '@app/contracts';

/** The label of a row: a fixed row's translated name, else the customer's, item's or tax's own. */
export function useRowLabel() {
  const { t } = useTranslation();
  return (row: ReportRow) => (row.key ? t(`reports.rows.${row.key}`) : row.label);
}

export function ReportTable({ report, formatMoney, caption }: { report: ReportResponse; formatMoney: (minor: number) => string; caption: string }) {
  const { t } = useTranslation();
  const labelOf = useRowLabel();
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped highlightOnHover>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('reports.columns.label')}</Table.Th>
            {report.columns.map((column) => (
              <Table.Th key={column} scope="col" ta="right">
                {t(`reports.columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row, index) => (
            <Table.Tr key={`${row.key ?? row.label}-${index}`} fw={row.kind === 'line' ? undefined : 700}>
              <Table.Th scope="row" fw={row.kind === 'line' ? 400 : 700}>
                {labelOf(row)}
              </Table.Th>
              {row.values.map((value, column) => (
                <Table.Td key={report.columns[column] ?? column} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(value)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
