import { messages } from '@app/contracts';

/**
 * How the import reads amounts and dates typed in other tools.
 *
 * Amounts: a point or a comma may be the decimal separator; the other one (or a space or an
 * apostrophe) groups thousands. `1234.5`, `1,234.50`, `1.234,50`, `1 234,50` and `1234,5` are
 * read; a single separator followed by exactly three digits (`1,000`, `1.000`) is refused as
 * ambiguous, since it is a thousand in one locale and one in another.
 * Dates: ISO `YYYY-MM-DD` (the XLSX reader gives date cells so); `DD.MM.YYYY` and
 * `DD/MM/YYYY` (day first, as most of the world writes them); anything else is refused.
 */
export type Parsed = { ok: true; value: string } | { ok: false; message: string };

const GROUPED_POINT_DECIMAL = /^-?\d{1,3}([, ']\d{3})+(\.\d+)?$/;
const GROUPED_COMMA_DECIMAL = /^-?\d{1,3}([. ']\d{3})+(,\d+)?$/;
const PLAIN = /^-?\d+([.,]\d+)?$/;
const AMBIGUOUS = /^-?\d{1,3}[.,]\d{3}$/;

/** The amount as a plain decimal text (`1234.50`), the form the money parsers read. */
export function readAmount(text: string): Parsed {
  const compact = text.replace(/^[^\d-]+|[^\d]+$/g, '').trim();
  if (AMBIGUOUS.test(compact)) return { ok: false, message: messages.importAmountAmbiguous };
  if (PLAIN.test(compact)) return { ok: true, value: compact.replace(',', '.') };
  if (GROUPED_POINT_DECIMAL.test(compact)) return { ok: true, value: compact.replace(/[, ']/g, '') };
  if (GROUPED_COMMA_DECIMAL.test(compact)) return { ok: true, value: compact.replace(/[. ']/g, '').replace(',', '.') };
  return { ok: false, message: messages.invalidPrice };
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const DAY_FIRST = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/;

/** The date as `YYYY-MM-DD`, or the text unchanged for the date schema to refuse. */
export function readDate(text: string): string {
  if (ISO.test(text)) return text;
  const match = DAY_FIRST.exec(text);
  if (!match) return text;
  const [, day = '', month = '', year = ''] = match;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}
