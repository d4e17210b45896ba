import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvRows } from './csv-rows';
import { type SheetCell, type SheetColumn, type SheetFormat, escapeFormula, writeSheet } from './sheet-writer';
import { xlsxRows } from './xlsx-rows';

const COLUMNS: SheetColumn[] = [{ header: 'Name' }, { header: 'Total', kind: 'number' }, { header: 'Date', kind: 'date' }];

async function written(format: SheetFormat, rows: Iterable<readonly SheetCell[]> | AsyncIterable<readonly SheetCell[]>, columns = COLUMNS, sheetName?: string): Promise<Buffer> {
  const out = new PassThrough();
  const [content] = await Promise.all([buffer(out), writeSheet(format, columns, rows, out, sheetName)]);
  return content;
}

async function readBack(format: SheetFormat, content: Buffer): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const row of format === 'csv' ? csvRows(content) : xlsxRows(content)) rows.push([...row.cells]);
  return rows;
}

/** exceljs loads an ArrayBuffer; a pooled Buffer's view is copied out. */
function toArrayBuffer(content: Buffer): ArrayBuffer {
  return new Uint8Array(content).buffer;
}

const HOSTILE = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'];

describe('writeSheet', () => {
  it.each(['csv', 'xlsx'] as const)('escapes every text cell that would start a formula in %s, keeps numbers and plain text as they are', async (format) => {
    const rows: SheetCell[][] = [...HOSTILE.map((text): SheetCell[] => [text, -12.5, '2026-01-31']), ['Zoë & Søn', 0, null]];
    const back = await readBack(format, await written(format, rows));
    expect(back[0]).toEqual(['Name', 'Total', 'Date']);
    // XML turns a lone carriage return into a line feed as it is read: the cell is still escaped.
    const readAs = (text: string) => (format === 'xlsx' ? text.replace(/\r/g, '\n') : text);
    expect(back.slice(1, 1 + HOSTILE.length).map((row) => row[0])).toEqual(HOSTILE.map((text) => readAs(`'${text}`)));
    expect(back[1]?.[1]).toBe('-12.5');
    expect(back.at(-1)?.slice(0, 2)).toEqual(['Zoë & Søn', '0']);
  });

  it('writes dates as real dates in XLSX, read the same day in any time zone', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(toArrayBuffer(await written('xlsx', [['A', 1, '2026-03-01']])));
    const cell = workbook.worksheets[0]?.getCell('C2');
    expect(cell?.value).toBeInstanceOf(Date);
    expect(cell?.value instanceof Date ? cell.value.toISOString().slice(0, 10) : null).toBe('2026-03-01');
    expect(cell?.numFmt).toBe('yyyy-mm-dd');
  });

  it('starts a CSV with a byte-order mark so spreadsheets read UTF-8', async () => {
    const content = await written('csv', [['Å', 1, null]]);
    expect([...content.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('escapes a header that would start a formula and names the sheet only with characters Excel allows', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(toArrayBuffer(await written('xlsx', [], [{ header: '=cmd' }], 'Sales [2026]: Q1/Q2 and more than thirty-one')));
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Sales  2026   Q1 Q2 and more th');
    expect(sheet?.getCell('A1').value).toBe("'=cmd");
    expect(escapeFormula('plain')).toBe('plain');
  });

  it('streams rows from an async source in order', async () => {
    async function* source(): AsyncGenerator<SheetCell[]> {
      for (let index = 1; index <= 2_000; index++) yield [`Row ${index}`, index, null];
    }
    for (const format of ['csv', 'xlsx'] as const) {
      const back = await readBack(format, await written(format, source()));
      expect(back).toHaveLength(2_001);
      expect(back[2_000]?.slice(0, 2)).toEqual(['Row 2000', '2000']);
    }
  });

  it('reads the rows only as fast as the file is taken: an unread file holds a few pages of rows, not the source', async () => {
    let pulled = 0;
    // Text that does not compress, so what waits is the file's bytes and not rows already squeezed into a few.
    async function* source(): AsyncGenerator<SheetCell[]> {
      for (let index = 1; index <= 300_000; index++) {
        pulled = index;
        yield [`Row ${index} ${randomBytes(24).toString('hex')}`, index, '2026-01-31'];
      }
    }
    const out = new PassThrough();
    const writing = writeSheet('xlsx', COLUMNS, source(), out);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pulled).toBeGreaterThan(0);
    // The zip's own buffers (about a megabyte each side of the compressor) hold a bounded share, whatever the source's length.
    expect(pulled).toBeLessThan(100_000);
    // Reading the file lets the rest through (their order is the test above's; a file this size is past what the import reads).
    const [content] = await Promise.all([buffer(out), writing]);
    expect(pulled).toBe(300_000);
    expect(content.subarray(0, 2).toString()).toBe('PK');
  });

  it('fails the file when its rows fail, in either format', async () => {
    async function* failing(): AsyncGenerator<SheetCell[]> {
      yield ['First', 1, null];
      throw new Error('the database went away');
    }
    for (const format of ['csv', 'xlsx'] as const) {
      const out = new PassThrough();
      out.resume();
      await expect(writeSheet(format, COLUMNS, failing(), out)).rejects.toThrow('the database went away');
    }
  });

  it('leaves out characters XML cannot hold and cuts text at the cell limit, so the file still opens', async () => {
    const long = 'x'.repeat(40_000);
    const content = await written('xlsx', [['Bell\u0007 and NUL\u0000 and a lone \uD800 surrogate, an emoji 😀 kept', 1, null], [long, 2, 'not a date']]);
    const back = await readBack('xlsx', content);
    expect(back[1]?.[0]).toBe('Bell and NUL and a lone  surrogate, an emoji 😀 kept');
    expect(back[2]?.[0]).toHaveLength(32_767);
    expect(back[2]?.[2]).toBe('not a date');
  });
});

