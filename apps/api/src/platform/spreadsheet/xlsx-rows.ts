import path from 'node:path';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';
import { type RawRow, SheetReadError } from './raw-rows';

/**
 * The rows of the first worksheet of an XLSX file, streamed: the zip is read by its central
 * directory (so the parts are read in the order needed, whatever their order in the file), every
 * inflated byte counts against one budget, and the worksheet is inflated only as far as the
 * caller reads. The XML parser (saxes) expands no external entities.
 */

/** What one file may unpack to in all (a zip bomb stops here). */
export const MAX_UNPACKED_BYTES = 20 * 1024 * 1024;
const MAX_ENTRIES = 10_000;
/** Excel's last column (XFD). */
const MAX_COLUMNS = 16_384;
/** Built-in number formats that show a date (ECMA-376 18.8.30 and the East Asian ones). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);
const MS_PER_DAY = 86_400_000;
/** Serial day 0 is 1899-12-30 (the 1900 system); the 1904 system counts 1462 days later. */
const UNIX_EPOCH_SERIAL = 25_569;
const DATE_1904_OFFSET = 1_462;

class UnpackBudget {
  private used = 0;

  /** A part read whole: what it says it unpacks to must fit first. */
  reserve(declaredBytes: number): void {
    if (this.used + declaredBytes > MAX_UNPACKED_BYTES) throw new SheetReadError('tooLarge');
  }

  /** Every inflated chunk, whatever its entry declared. */
  spend(bytes: number): void {
    this.used += bytes;
    if (this.used > MAX_UNPACKED_BYTES) throw new SheetReadError('tooLarge');
  }
}

type Handlers = {
  open?: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/** A parser calling `handlers` with element names without their namespace prefix. */
function xmlParser(handlers: Handlers): SaxesParser {
  const parser = new SaxesParser();
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  const { open, close, text } = handlers;
  if (open) parser.on('opentag', (tag: SaxesTagPlain) => open(local(tag.name), tag.attributes));
  if (close) parser.on('closetag', (tag: SaxesTagPlain) => close(local(tag.name)));
  if (text) {
    parser.on('text', text);
    parser.on('cdata', text);
  }
  return parser;
}

/** The inflated text of one part, chunk by chunk; the stream is closed when the reader stops. */
async function* partText(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: UnpackBudget): AsyncGenerator<string> {
  const stream = await zip.openReadStreamPromise(entry);
  const decoder = new TextDecoder();
  try {
    for await (const chunk of stream) {
      if (!(chunk instanceof Uint8Array)) throw new SheetReadError('unreadable');
      budget.spend(chunk.byteLength);
      yield decoder.decode(chunk, { stream: true });
    }
    yield decoder.decode();
  } finally {
    stream.destroy();
  }
}

async function parseWhole(zip: yauzl.ZipFile, entry: yauzl.Entry | undefined, budget: UnpackBudget, handlers: Handlers): Promise<void> {
  if (!entry) return;
  budget.reserve(entry.uncompressedSize);
  const parser = xmlParser(handlers);
  for await (const text of partText(zip, entry, budget)) parser.write(text);
  parser.close();
}

async function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  for await (const entry of zip.eachEntry()) {
    if (entries.size === MAX_ENTRIES) throw new SheetReadError('unreadable');
    entries.set(entry.fileName, entry);
  }
  return entries;
}

/** The path inside the zip of the first worksheet, in workbook order; whether dates count from 1904. */
async function firstSheet(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>, budget: UnpackBudget): Promise<{ part: string; date1904: boolean }> {
  const workbook: { firstRelationship: string | null; date1904: boolean } = { firstRelationship: null, date1904: false };
  await parseWhole(zip, entries.get('xl/workbook.xml'), budget, {
    open(name, attributes) {
      if (name === 'workbookPr') workbook.date1904 = ['1', 'true'].includes(attributes.date1904 ?? '');
      // The relationship id attribute is r:id under the usual prefix, whatever prefix the file uses.
      if (name === 'sheet' && workbook.firstRelationship === null) workbook.firstRelationship = Object.entries(attributes).find(([key]) => key.endsWith(':id'))?.[1] ?? null;
    },
  });
  const { firstRelationship, date1904 } = workbook;
  const targets = new Map<string, string>();
  await parseWhole(zip, entries.get('xl/_rels/workbook.xml.rels'), budget, {
    open(name, attributes) {
      if (name === 'Relationship' && attributes.Id && attributes.Target) targets.set(attributes.Id, attributes.Target);
    },
  });
  const target = firstRelationship === null ? undefined : targets.get(firstRelationship);
  if (!target) return { part: 'xl/worksheets/sheet1.xml', date1904 };
  return { part: target.startsWith('/') ? target.slice(1) : path.posix.normalize(`xl/${target}`), date1904 };
}

/** Whether a number format code shows a date or time (quoted text, escapes and [colour] sections aside). */
function isDateFormat(code: string): boolean {
  const bare = code.replace(/"[^"]*"/g, '').replace(/\\./g, '').replace(/\[[^\]]*\]/g, '');
  return /[ymdhs]/i.test(bare);
}

/** For each cell style (`s` of a cell), whether it shows numbers as dates. */
async function dateStyles(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>, budget: UnpackBudget): Promise<boolean[]> {
  const customFormats = new Map<number, string>();
  const styleFormats: number[] = [];
  let inCellStyles = false;
  await parseWhole(zip, entries.get('xl/styles.xml'), budget, {
    open(name, attributes) {
      if (name === 'numFmt') customFormats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      if (name === 'cellXfs') inCellStyles = true;
      if (name === 'xf' && inCellStyles) styleFormats.push(Number(attributes.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellStyles = false;
    },
  });
  return styleFormats.map((id) => {
    const custom = customFormats.get(id);
    return custom === undefined ? BUILT_IN_DATE_FORMATS.has(id) : isDateFormat(custom);
  });
}

/** The text of each shared string; phonetic runs (rPh) are not part of it. */
async function sharedStrings(zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>, budget: UnpackBudget): Promise<string[]> {
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let inPhonetic = false;
  await parseWhole(zip, entries.get('xl/sharedStrings.xml'), budget, {
    open(name) {
      if (name === 'si') current = '';
      if (name === 'rPh') inPhonetic = true;
      if (name === 't') inText = true;
    },
    close(name) {
      if (name === 'si' && current !== null) strings.push(current);
      if (name === 'si') current = null;
      if (name === 'rPh') inPhonetic = false;
      if (name === 't') inText = false;
    },
    text(text) {
      if (inText && !inPhonetic && current !== null) current += text;
    },
  });
  return strings;
}

/** 'C12' → 3. */
function columnOf(reference: string): number | null {
  const letters = /^[A-Za-z]+/.exec(reference)?.[0];
  if (!letters) return null;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column;
}

/** Days since the epoch of the workbook's date system as YYYY-MM-DD; null when out of range. */
function serialDate(serial: number, date1904: boolean): string | null {
  const ms = Math.round((serial - UNIX_EPOCH_SERIAL + (date1904 ? DATE_1904_OFFSET : 0)) * MS_PER_DAY);
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

type Cell = { column: number; type: string; style: number; value: string; inline: string };
type SheetContext = { strings: readonly string[]; dateStyles: readonly boolean[]; date1904: boolean };

/** A cell as text: shared and inline strings, dates as YYYY-MM-DD, numbers as written, formulas by their result. */
function cellText(cell: Cell, context: SheetContext): string {
  switch (cell.type) {
    case 's':
      return context.strings[Number(cell.value)] ?? '';
    case 'inlineStr':
      return cell.inline;
    case 'str':
      return cell.value;
    case 'b':
      return cell.value.trim() === '' ? '' : String(Number(cell.value) !== 0);
    case 'e':
      return '';
    case 'd':
      return cell.value.slice(0, 10);
    default: {
      const text = cell.value.trim();
      const number = Number(text);
      if (text === '' || !Number.isFinite(number)) return text;
      return (context.dateStyles[cell.style] && serialDate(number, context.date1904)) || String(number);
    }
  }
}

/** Rows of the worksheet XML as they are parsed, cells trimmed; rows without cells come out blank. */
async function* worksheetRows(zip: yauzl.ZipFile, entry: yauzl.Entry, budget: UnpackBudget, context: SheetContext): AsyncGenerator<RawRow> {
  const done: RawRow[] = [];
  let rowNumber = 0;
  let cells: string[] | null = null;
  let cell: Cell | null = null;
  let capture: 'value' | 'inline' | null = null;
  let inPhonetic = false;
  const parser = xmlParser({
    open(name, attributes) {
      if (name === 'row') {
        const number = Number(attributes.r);
        rowNumber = Number.isInteger(number) && number > rowNumber ? number : rowNumber + 1;
        cells = [];
      } else if (name === 'c' && cells) {
        const column = (attributes.r ? columnOf(attributes.r) : null) ?? cells.length + 1;
        if (column > MAX_COLUMNS) throw new SheetReadError('unreadable');
        cell = { column, type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), value: '', inline: '' };
      } else if (cell && name === 'v') {
        capture = 'value';
      } else if (cell && name === 't' && !inPhonetic) {
        capture = 'inline';
      } else if (name === 'rPh') {
        inPhonetic = true;
      }
    },
    close(name) {
      if (name === 'v' || name === 't') capture = null;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'c' && cell && cells) {
        cells[cell.column - 1] = cellText(cell, context).trim();
        cell = null;
      } else if (name === 'row' && cells) {
        done.push({ rowNumber, cells: Array.from(cells, (text) => text ?? '') });
        cells = null;
      }
    },
    text(text) {
      if (cell && capture === 'value') cell.value += text;
      else if (cell && capture === 'inline') cell.inline += text;
    },
  });
  for await (const text of partText(zip, entry, budget)) {
    parser.write(text);
    while (done.length > 0) {
      const row = done.shift();
      if (row) yield row;
    }
  }
  parser.close();
}

async function openZip(content: Buffer): Promise<yauzl.ZipFile> {
  try {
    return await yauzl.fromBufferPromise(content, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, decodeStrings: true });
  } catch {
    throw new SheetReadError('unreadable');
  }
}

/** The rows of the first worksheet; a damaged file throws 'unreadable', one unpacking past the budget 'tooLarge'. */
export async function* xlsxRows(content: Buffer): AsyncGenerator<RawRow> {
  const zip = await openZip(content);
  const budget = new UnpackBudget();
  try {
    const entries = await listEntries(zip);
    const sheet = await firstSheet(zip, entries, budget);
    const sheetEntry = entries.get(sheet.part);
    if (!sheetEntry) return;
    const context: SheetContext = { dateStyles: await dateStyles(zip, entries, budget), strings: await sharedStrings(zip, entries, budget), date1904: sheet.date1904 };
    yield* worksheetRows(zip, sheetEntry, budget, context);
  } catch (error) {
    if (error instanceof SheetReadError) throw error;
    // yauzl (a damaged archive, a size that does not match) or saxes (malformed XML).
    throw new SheetReadError('unreadable');
  } finally {
    zip.close();
  }
}
