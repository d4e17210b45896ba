import { describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@app/contracts';
import { AppError } from '../../platform/errors';
import type { AcceptedFile } from '../attachments/attachment-files';
import { MAX_UPLOAD_ROWS } from './sheet-rows';
import { readSheetRows } from './spreadsheet';
import { HEADER_CELLS, invoiceRowsXml, rowXml, sheetXml, xlsxFile } from './test-sheets';
import { MAX_UNPACKED_BYTES } from '../../platform/spreadsheet/xlsx-rows';

const HEADER = HEADER_CELLS.join(',');
const xlsx = (content: Buffer): AcceptedFile => ({ fileName: 'invoices.xlsx', content, sniffed: { kind: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } });
const csv = (text: string): AcceptedFile => ({ fileName: 'invoices.csv', content: Buffer.from(text), sniffed: { kind: 'csv', mime: 'text/csv' } });

function csvRows(count: number): string {
  const lines = [HEADER];
  for (let index = 1; index <= count; index++) lines.push(`Acme Co,ap@acme.example,INV-${index},2025-01-01,,10`);
  return `${lines.join('\n')}\n`;
}

/** The message of the 422 on `file` that reading `file` ends with. */
async function refusal(file: AcceptedFile): Promise<string | undefined> {
  try {
    await readSheetRows(file);
  } catch (error) {
    if (error instanceof AppError && error.status === 422) return error.fieldErrors?.file?.[0];
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('reading an XLSX file', () => {
  it('reads shared, rich and inline strings, numbers, booleans, formula results and dates of both date systems', async () => {
    const strings = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
      <si><t>Customer Name</t></si><si><r><t>Initech </t></r><r><t>Ltd</t></r><rPh><t>ignored</t></rPh></si><si><t>  padded@initech.example  </t></si></sst>`;
    const styles = `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
      <numFmts><numFmt numFmtId="164" formatCode="yyyy/mm/dd;@"/><numFmt numFmtId="165" formatCode="&quot;$&quot;#,##0.00"/></numFmts>
      <cellStyleXfs><xf numFmtId="14"/></cellStyleXfs>
      <cellXfs><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs></styleSheet>`;
    const inline = (reference: string, text: string) => `<c r="${reference}" t="inlineStr"><is><t>${text}</t></is></c>`;
    // Header names as people type them; an unknown column (paid) is ignored.
    const header = `<row r="1"><c r="A1" t="s"><v>0</v></c>${inline('B1', 'Customer Email')}${inline('C1', 'invoice-number')}${inline('D1', 'Invoice Date')}${inline('E1', 'due_date')}${inline('F1', 'TOTAL')}${inline('G1', 'paid')}</row>`;
    const body = [
      '<row r="3"><c r="A3" t="s"><v>1</v></c><c r="B3" t="s"><v>2</v></c><c r="C3" t="str"><f>"EXT-"&amp;1</f><v>EXT-1</v></c>',
      '<c r="D3" s="1"><v>45809</v></c><c r="E3" s="2"><v>45838.75</v></c><c r="F3" s="3"><v>1234.5</v></c><c r="G3" t="b"><v>1</v></c></row>',
      '<row r="5"><c r="A5" t="inlineStr"><is><t>Second Co</t></is></c><c t="inlineStr"><is><t>second@example.com</t></is></c><c/><c t="e"><v>#N/A</v></c></row>',
      '<row r="6"><c r="B6" t="inlineStr"><is><t> </t></is></c></row>',
    ].join('');
    const rows = await readSheetRows(xlsx(xlsxFile(sheetXml(header + body), { 'xl/sharedStrings.xml': strings, 'xl/styles.xml': styles })));
    expect(rows).toEqual([
      { rowNumber: 3, values: { customer_name: 'Initech Ltd', customer_email: 'padded@initech.example', invoice_number: 'EXT-1', invoice_date: '2025-06-01', due_date: '2025-06-30', total: '1234.5' } },
      { rowNumber: 5, values: { customer_name: 'Second Co', customer_email: 'second@example.com', invoice_number: '', invoice_date: '', due_date: '', total: '' } },
    ]);

    const in1904 = await readSheetRows(xlsx(xlsxFile(sheetXml(`${rowXml(1, HEADER_CELLS)}<row r="2"><c r="D2" s="1"><v>44347</v></c><c r="A2" t="inlineStr"><is><t>X</t></is></c></row>`), { 'xl/styles.xml': styles }, { date1904: true })));
    expect(in1904[0]?.values.invoice_date).toBe('2025-06-01');
  });

  it('takes the first sheet the workbook names, wherever its part is', async () => {
    const file = xlsxFile(sheetXml(rowXml(1, ['wrong sheet'])), {
      'xl/worksheets/sheet2.xml': sheetXml(invoiceRowsXml(1)),
      'xl/workbook.xml': `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:rel="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="A" sheetId="2" rel:id="rId2"/><sheet name="B" sheetId="1" rel:id="rId1"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Target="/xl/worksheets/sheet2.xml"/></Relationships>`,
    });
    expect((await readSheetRows(xlsx(file))).map((row) => row.values.invoice_number)).toEqual(['INV-1']);
  });

  it(`accepts ${MAX_UPLOAD_ROWS} rows and stops at the next one, before reading the rest of the sheet`, async () => {
    expect(await readSheetRows(xlsx(xlsxFile(sheetXml(invoiceRowsXml(MAX_UPLOAD_ROWS)))))).toHaveLength(MAX_UPLOAD_ROWS);
    expect(await refusal(xlsx(xlsxFile(sheetXml(invoiceRowsXml(MAX_UPLOAD_ROWS + 1)))))).toBe(messages.uploadTooManyRows);
    // Broken XML after row 600 is never reached; the same break early in the sheet is.
    const broken = '<row r="9999"><c r="A9999"><v>1</c></row>';
    expect(await refusal(xlsx(xlsxFile(sheetXml(invoiceRowsXml(600) + broken))))).toBe(messages.uploadTooManyRows);
    expect(await refusal(xlsx(xlsxFile(sheetXml(invoiceRowsXml(10) + broken))))).toBe(messages.invalidInvoiceUpload);
  });

  it('refuses a zip bomb: a sheet inflating past the limit, and a part declaring more than the limit', async () => {
    const padding = ' '.repeat(MAX_UNPACKED_BYTES + 1024);
    const bomb = xlsxFile(sheetXml(`${rowXml(1, HEADER_CELLS)}${padding}${rowXml(2, ['Acme Co', 'ap@acme.example', 'INV-1', '2025-01-01', '', 10])}`));
    expect(bomb.length).toBeLessThan(200_000);
    expect(await refusal(xlsx(bomb))).toBe(messages.uploadTooLarge);
    const strings = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>${padding}</t></si></sst>`;
    expect(await refusal(xlsx(xlsxFile(sheetXml(invoiceRowsXml(1)), { 'xl/sharedStrings.xml': strings })))).toBe(messages.uploadTooLarge);
  });

  it('refuses a damaged file and checks the columns', async () => {
    const good = xlsxFile(sheetXml(invoiceRowsXml(3)));
    expect(await refusal(xlsx(good.subarray(0, good.length - 40)))).toBe(messages.invalidInvoiceUpload);
    expect(await refusal(xlsx(Buffer.from('not a zip at all')))).toBe(messages.invalidInvoiceUpload);
    expect(await refusal(xlsx(xlsxFile(sheetXml(rowXml(1, ['customer_name', 'total'])))))).toBe(formatMessage(messages.uploadMissingColumns, { columns: 'customer_email, invoice_number, invoice_date, due_date' }));
    expect(await refusal(xlsx(xlsxFile(sheetXml(rowXml(1, HEADER_CELLS)))))).toBe(messages.uploadHasNoRows);
  });
});

describe('the worker limits', () => {
  it('stops a read over its time limit or its memory limit: the file counts as too large', async () => {
    const file = csv(csvRows(3));
    await expect(readSheetRows(file, { timeMs: 1, memory: {} })).rejects.toMatchObject({ status: 422, fieldErrors: { file: [messages.uploadTooLarge] } });
    // A heap too small even to start in: the worker runs out of memory.
    await expect(readSheetRows(file, { timeMs: 10_000, memory: { maxOldGenerationSizeMb: 1, maxYoungGenerationSizeMb: 1 } })).rejects.toMatchObject({
      status: 422,
      fieldErrors: { file: [messages.uploadTooLarge] },
    });
    expect(await readSheetRows(file)).toHaveLength(3);
  });
});

describe('reading a CSV file', () => {
  it(`accepts ${MAX_UPLOAD_ROWS} rows and stops at the next one, before parsing the rest`, async () => {
    expect(await readSheetRows(csv(csvRows(MAX_UPLOAD_ROWS)))).toHaveLength(MAX_UPLOAD_ROWS);
    expect(await refusal(csv(csvRows(MAX_UPLOAD_ROWS + 1)))).toBe(messages.uploadTooManyRows);
    // An unclosed quote after row 600 is never parsed; the same one early is.
    expect(await refusal(csv(`${csvRows(600)}"unclosed,x\n`))).toBe(messages.uploadTooManyRows);
    expect(await refusal(csv(`${csvRows(10)}"unclosed,x\n`))).toBe(messages.invalidInvoiceUpload);
  });

  it('skips blank lines and blank rows, which do not count towards the limit', async () => {
    const rows = await readSheetRows(csv(`${HEADER}\n\n,,,,,\nAcme Co,ap@acme.example,INV-1,2025-01-01,,10\n`));
    expect(rows).toEqual([{ rowNumber: 3, values: { customer_name: 'Acme Co', customer_email: 'ap@acme.example', invoice_number: 'INV-1', invoice_date: '2025-01-01', due_date: '', total: '10' } }]);
    const blanks = Array.from({ length: MAX_UPLOAD_ROWS + 10 }, () => ',,,,,').join('\n');
    expect(await readSheetRows(csv(`${HEADER}\n${blanks}\nAcme Co,ap@acme.example,INV-1,2025-01-01,,10\n`))).toHaveLength(1);
  });
});
