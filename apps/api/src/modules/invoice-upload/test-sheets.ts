import { strToU8, zipSync } from 'fflate';

/** Hand-made XLSX files for the spreadsheet tests: any sheet XML, any part order, deflated like real ones. */

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export const HEADER_CELLS = ['customer_name', 'customer_email', 'invoice_number', 'invoice_date', 'due_date', 'total'];

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);
}

/** One row: strings as inline strings, numbers as numbers, in columns A, B, C... */
export function rowXml(rowNumber: number, cells: readonly (string | number)[]): string {
  const xml = cells.map((value, index) => {
    const reference = `${String.fromCharCode(65 + index)}${rowNumber}`;
    return typeof value === 'number' ? `<c r="${reference}"><v>${value}</v></c>` : `<c r="${reference}" t="inlineStr"><is><t>${escapeXml(value)}</t></is></c>`;
  });
  return `<row r="${rowNumber}">${xml.join('')}</row>`;
}

/** A header row and `count` valid invoice rows (numbered from INV-1), as sheet rows. */
export function invoiceRowsXml(count: number): string {
  const rows = [rowXml(1, HEADER_CELLS)];
  for (let index = 1; index <= count; index++) rows.push(rowXml(index + 1, ['Acme Co', 'ap@acme.example', `INV-${index}`, '2025-01-01', '', 10]));
  return rows.join('');
}

export function sheetXml(sheetData: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN_NS}"><sheetData>${sheetData}</sheetData></worksheet>`;
}

/**
 * An XLSX file whose first sheet is `sheet`; `parts` adds or replaces parts (sharedStrings, styles).
 * The sheet is written first, before the workbook that names it, as some writers do.
 */
export function xlsxFile(sheet: string, parts: Record<string, string> = {}, options: { date1904?: boolean } = {}): Buffer {
  const files: Record<string, Uint8Array> = {
    'xl/worksheets/sheet1.xml': strToU8(sheet),
    '[Content_Types].xml': strToU8('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><workbookPr date1904="${options.date1904 ? 1 : 0}"/><sheets><sheet name="Invoices" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
  };
  for (const [name, xml] of Object.entries(parts)) files[name] = strToU8(xml);
  return Buffer.from(zipSync(files, { level: 6 }));
}
