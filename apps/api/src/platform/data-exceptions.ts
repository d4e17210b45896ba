import { INT4_MAX, isCalendarDate, isDateInRange, isStorableText, messages } from '@app/contracts';

type DataExceptionKind = 'text' | 'number' | 'date' | 'length' | 'format';

/**
 * A value PostgreSQL refused as data (SQLSTATE class 22, "data exception"): a request value that
 * got past its schema. It is the client's value, so it is answered with a 422, never a 500.
 */
export type DataException = { code: string; kind: DataExceptionKind; message: string };

const DATA_EXCEPTIONS: Readonly<Record<string, { kind: DataExceptionKind; message: string }>> = {
  '22001': { kind: 'length', message: messages.valueTooLong }, // string_data_right_truncation
  '22003': { kind: 'number', message: messages.numberOutOfRange }, // numeric_value_out_of_range
  '22007': { kind: 'date', message: messages.invalidDate }, // invalid_datetime_format
  '22008': { kind: 'date', message: messages.invalidDate }, // datetime_field_overflow
  '22021': { kind: 'text', message: messages.unstorableText }, // character_not_in_repertoire: NUL in text
  '22P05': { kind: 'text', message: messages.unstorableText }, // untranslatable_character: \u0000 in jsonb
  '22P02': { kind: 'format', message: messages.invalidValue }, // invalid_text_representation (an unpaired surrogate in jsonb too)
};
const OTHER_DATA_EXCEPTION = { kind: 'format', message: messages.invalidValue } as const;
const DATA_EXCEPTION_CODE = /^22[0-9A-Z]{3}$/;

/**
 * The data exception an error carries, on itself or on a cause: drizzle wraps the driver's error
 * (DrizzleQueryError), and both PGlite and node-postgres put the SQLSTATE in `code`.
 */
export function dataExceptionOf(error: unknown): DataException | null {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && DATA_EXCEPTION_CODE.test(code)) return { code, ...(DATA_EXCEPTIONS[code] ?? OTHER_DATA_EXCEPTION) };
    current = cause;
  }
  return null;
}

type Found = { field: string; message: string };
type Candidate = { path: string; value: unknown };

/** The walk is bounded: a request's body may be large, and this runs on an error path. */
const MAX_DEPTH = 32;
const MAX_VALUES = 10_000;

function* leaves(value: unknown, path: string, depth = 0): Generator<Candidate> {
  if (value !== null && typeof value === 'object') {
    if (depth >= MAX_DEPTH) return;
    for (const [key, child] of Object.entries(value)) yield* leaves(child, path ? `${path}.${key}` : key, depth + 1);
    return;
  }
  yield { path, value };
}

function isOutOfIntegerRange(value: unknown): boolean {
  if (typeof value === 'number') return Math.abs(value) > INT4_MAX;
  return typeof value === 'string' && /^-?\d+$/.test(value.trim()) && Math.abs(Number(value)) > INT4_MAX;
}

function isImpossibleDate(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return false;
  const day = value.slice(0, 10);
  return !isCalendarDate(day) || !isDateInRange(day);
}

const isUnstorableText = (value: unknown) => typeof value === 'string' && !isStorableText(value);

/**
 * Which request field (in params, query, then body) most likely carried the refused value, with
 * the message for it: the text with NUL or an unpaired surrogate, the integer beyond int4, the
 * impossible date, the longest text. Null when nothing in the request looks like it.
 */
export function fieldOfDataException(exception: DataException, parts: { params: unknown; query: unknown; body: unknown }): Found | null {
  const candidates: Candidate[] = [];
  for (const part of [parts.params, parts.query, parts.body]) {
    for (const candidate of leaves(part, '')) {
      if (candidates.length >= MAX_VALUES) break;
      candidates.push(candidate);
    }
  }
  const first = (test: (value: unknown) => boolean, message: string): Found | null => {
    const hit = candidates.find((candidate) => test(candidate.value));
    return hit ? { field: hit.path || 'body', message } : null;
  };
  switch (exception.kind) {
    case 'text':
    case 'format':
      return first(isUnstorableText, messages.unstorableText);
    case 'number':
      return first(isOutOfIntegerRange, messages.numberOutOfRange);
    case 'date':
      return first(isImpossibleDate, messages.invalidDate);
    case 'length': {
      const texts = candidates.filter((candidate) => typeof candidate.value === 'string');
      const longest = texts.reduce<Candidate | null>((best, candidate) => (best && String(best.value).length >= String(candidate.value).length ? best : candidate), null);
      return longest ? { field: longest.path || 'body', message: messages.valueTooLong } : null;
    }
  }
}
