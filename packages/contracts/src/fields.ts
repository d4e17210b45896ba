import { z } from 'zod';
import { formatMessage, sharedMessages as messages } from './shared-messages';
import { MAX_AMOUNT_DIGITS, digitsWithinSafeRange } from './money';

/**
 * The field rules every request schema is built from, so that what the database cannot hold is
 * refused with a field message before it gets there. fields.test.ts walks every exported request
 * schema and fails when a string field lacks the storable-text check or an integer field lacks a
 * maximum, so a raw `z.string()` or an unbounded `z.number()` cannot slip back in.
 */

/** The largest value of an int4 column: ids of the reference lists, counts, days, years. */
export const INT4_MAX = 2_147_483_647;

/**
 * Text PostgreSQL stores as sent: a text column refuses NUL (invalid byte sequence 0x00), jsonb
 * refuses the escape \u0000 and unpaired surrogates, and a text column turns an unpaired surrogate
 * into U+FFFD.
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !UNPAIRED_SURROGATE.test(value);
}

/** Carried by every request string (first, and aborting, so its message is the one shown). */
export const storableTextCheck = z.refine<string>((value) => isStorableText(value), { message: messages.unstorableText, abort: true });

type TextParams = { error?: string };

/** Every string a request carries starts here (ids, dates, names, filters, settings). */
export function text(params: TextParams = {}) {
  return z.string(params).check(storableTextCheck);
}

/** An error for a schema whose own type check failed: required when missing or blank, else `message`. */
export function requiredOr(message: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null || issue.input === '' ? messages.required : message);
}

type IntegerOptions = { min?: number; max?: number; message?: string };

function integerRange({ min = 0, max = INT4_MAX, message }: IntegerOptions) {
  return { min, max, message: message ?? formatMessage(messages.integerRange, { min: String(min), max: String(max) }) };
}

/** A whole number sent as a JSON number; `max` defaults to what an int4 column holds. */
export function integer(options: IntegerOptions = {}) {
  const { min, max, message } = integerRange(options);
  return z.number({ error: requiredOr(message) }).int({ message, abort: true }).min(min, { message, abort: true }).max(max, message);
}

/** The same from a query string or path ('12'), and in the body fields that always took '12' too. */
export function coercedInteger(options: IntegerOptions = {}) {
  const { min, max, message } = integerRange(options);
  return z.coerce.number({ error: requiredOr(message) }).int({ message, abort: true }).min(min, { message, abort: true }).max(max, message);
}

/** A reference-list id (currency, country) in a body, query or path. */
export const referenceIdSchema = coercedInteger({ min: 1 });

/** `?page`: 0 and 1 both mean the first page. */
export const pageSchema = coercedInteger({ min: 0 }).default(1);
export const MAX_PAGE_SIZE = 500;
export function pageSizeSchema(defaultSize: number, max = MAX_PAGE_SIZE) {
  return coercedInteger({ min: 1, max }).default(defaultSize);
}

/**
 * Dates are kept to years PostgreSQL, JavaScript and the PDF all agree on: the product has no
 * business before 1900 (no invoice, due date or filter needs one) and the range leaves centuries
 * of room for expiry, due and schedule dates.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** 'YYYY-MM-DD' naming a day of the calendar ('2026-02-30' and '0000-00-00' do not). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function isDateInRange(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

const dateOutOfRange = formatMessage(messages.dateOutOfRange, { from: `${MIN_YEAR}-01-01`, to: `${MAX_YEAR}-12-31` });

/** The one date of every request: 'YYYY-MM-DD', a real day, within MIN_YEAR..MAX_YEAR. */
export const isoDateSchema = text({ error: messages.required })
  .trim()
  .min(1, { message: messages.required, abort: true })
  .refine(isCalendarDate, { message: messages.invalidDate, abort: true })
  .refine(isDateInRange, dateOutOfRange);

/** A calendar year (dashboard's financial year), within the same range as dates. */
export const calendarYearSchema = coercedInteger({ min: MIN_YEAR, max: MAX_YEAR });

type ListOptions = { min?: number; max: number; requiredMessage?: string; maxMessage?: string };

/**
 * An array with its bounds stated in its messages: a missing or too short list says what it needs
 * (`requiredMessage`, by default "Field is required"), a long one says its maximum.
 */
export function listOf<T extends z.ZodType>(item: T, { min = 0, max, requiredMessage = messages.required, maxMessage }: ListOptions) {
  const missing = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? requiredMessage : messages.invalidList);
  const list = z.array(item, { error: missing }).max(max, maxMessage ?? formatMessage(messages.tooManyItems, { max: String(max) }));
  return min > 0 ? list.min(min, requiredMessage) : list;
}

type MinorUnitsMessages = { invalid: string; tooManyDigits: string; tooLarge: string };

/**
 * An amount in minor units (prices, payments: bigint columns read as JS numbers), as a JSON
 * integer or a string of digits: at most 20 digits and never beyond what a JS number holds
 * exactly (the client would silently round it). The minimum depends on the currency: the server
 * checks it once it knows the document or counterparty.
 */
export function minorUnitsSchema(problems: MinorUnitsMessages) {
  return z.union([z.number(), text()], { error: requiredOr(problems.invalid) }).transform((raw, ctx): number => {
    const digits = typeof raw === 'number' ? (Number.isInteger(raw) && raw >= 0 ? BigInt(raw).toString() : '-') : raw.trim();
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (digits === '') return fail(messages.required);
    if (!/^\d+$/.test(digits)) return fail(problems.invalid);
    if (digits.replace(/^0+(?=\d)/, '').length > MAX_AMOUNT_DIGITS) return fail(problems.tooManyDigits);
    if (!digitsWithinSafeRange(digits)) return fail(problems.tooLarge);
    return Number(digits);
  });
}
