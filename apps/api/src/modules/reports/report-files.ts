import { PassThrough } from 'node:stream';
import type { TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { type ReportFormat, type ReportResponse, currencyById, reportColumns, reportLabels } from '@app/contracts';
import { renderPdfDefinition } from '../../platform/pdf/pdf-engine';
import { SHEET_CONTENT_TYPES, type SheetCell, type SheetColumn, writeSheet } from '../../platform/spreadsheet/sheet-writer';

export type ReportFile = { fileName: string; contentType: string; body: Buffer };

/** A report as one table: its header and its rows, money in major units of the business currency. */
type ReportTable = { title: string; columns: SheetColumn[]; rows: SheetCell[][] };

/** The one table of a report, which every download writes. */
export function reportTable(report: ReportResponse): ReportTable {
  const currency = currencyById(report.currency_id);
  const divisor = 10 ** (currency?.precision ?? 2);
  return {
    title: `${reportLabels[report.report]} ${report.from} – ${report.to} (${report.basis}, ${currency?.code ?? ''})`,
    columns: [{ header: reportLabels.label, kind: 'text', width: 40 }, ...reportColumns[report.report].map((column): SheetColumn => ({ header: reportLabels[column], kind: 'number', width: 16 }))],
    rows: report.rows.map((row) => [row.key ? reportLabels[row.key] : row.label, ...row.values.map((value) => value / divisor)]),
  };
}

async function sheetBytes(format: 'csv' | 'xlsx', table: ReportTable): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeSheet(format, table.columns, table.rows, out, 'Report');
  return Buffer.concat(chunks);
}

function pdfDefinition(report: ReportResponse, table: ReportTable): TDocumentDefinitions {
  const precision = currencyById(report.currency_id)?.precision ?? 2;
  const cell = (value: SheetCell, bold: boolean): TableCell => (typeof value === 'number' ? { text: value.toFixed(precision), alignment: 'right', bold } : { text: value ?? '', bold });
  return {
    info: { title: table.title },
    pageSize: 'A4',
    content: [
      { text: table.title, fontSize: 14, bold: true, margin: [0, 0, 0, 12] },
      {
        table: {
          headerRows: 1,
          widths: ['*', ...table.columns.slice(1).map(() => 'auto' as const)],
          body: [
            table.columns.map((column, index) => ({ text: column.header, bold: true, alignment: index === 0 ? 'left' : 'right' }) satisfies TableCell),
            ...table.rows.map((row, rowIndex) => row.map((value) => cell(value, report.rows[rowIndex]?.kind !== 'line'))),
          ],
        },
        layout: 'lightHorizontalLines',
      },
    ],
  };
}

/** The report as a file of `format`, from the same rows the screen shows. */
export async function renderReportFile(report: ReportResponse, format: ReportFormat): Promise<ReportFile> {
  const table = reportTable(report);
  const fileName = `${report.report}-${report.from}-${report.to}.${format}`;
  if (format === 'pdf') return { fileName, contentType: 'application/pdf', body: await renderPdfDefinition(pdfDefinition(report, table)) };
  return { fileName, contentType: SHEET_CONTENT_TYPES[format], body: await sheetBytes(format, table) };
}
