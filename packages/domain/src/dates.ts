import type { InvoicePaidStatus, InvoiceStatus } from '@app/contracts';
import type { InvoiceState } from './document-status';

/**
 * Calendar dates are 'YYYY-MM-DD' strings. Day arithmetic runs on UTC midnights, so daylight
 * saving changes never add or lose a day; the only time-zone step is finding "today" for a business.
 */
const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

function parseIsoDate(date: string): { year: number; month: number; day: number } {
  const match = isoDatePattern.exec(date);
  const [year, month, day] = [Number(match?.[1]), Number(match?.[2]), Number(match?.[3])];
  if (!match || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`Expected a YYYY-MM-DD date, got '${date}'`);
  }
  return { year, month, day };
}

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

function formatUtcDate(date: Date): string {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
}

/** month 1..12. */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isValidIsoDate(date: string): boolean {
  try {
    parseIsoDate(date);
    return true;
  } catch {
    return false;
  }
}

/** Making a formatter costs far more than using one: one per time zone, kept. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar date at instant `now` in an IANA time zone, e.g. 'Pacific/Kiritimati'. */
export function todayInTimeZone(now: Date, timeZone: string): string {
  const parts = dayFormatter(timeZone).formatToParts(now);
  const part = (type: 'year' | 'month' | 'day'): number => Number(parts.find((entry) => entry.type === type)?.value);
  return `${pad(part('year'), 4)}-${pad(part('month'), 2)}-${pad(part('day'), 2)}`;
}

export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`addDays: days must be an integer, got ${days}`);
  const { year, month, day } = parseIsoDate(date);
  return formatUtcDate(new Date(Date.UTC(year, month - 1, day) + days * DAY_MS));
}

export type DueDateOptionKey = 'same_day' | 'next_day' | 'days_7' | 'days_15' | 'days_30' | 'days_45' | 'days_60';

/** Spec section 9: due-date quick options (same day, next day, within 7, 15, 30, 45, 60 days). */
export const dueDateOptions: readonly { key: DueDateOptionKey; days: number }[] = [
  { key: 'same_day', days: 0 },
  { key: 'next_day', days: 1 },
  { key: 'days_7', days: 7 },
  { key: 'days_15', days: 15 },
  { key: 'days_30', days: 30 },
  { key: 'days_45', days: 45 },
  { key: 'days_60', days: 60 },
];

const statusesNeverOverdue: readonly InvoiceStatus[] = ['draft', 'void', 'completed'];

/** Past its due date (due before today), not fully paid, and in a status that still expects payment. */
export function isOverdue(dueDate: string | null, today: string, paidStatus: InvoicePaidStatus, status: InvoiceStatus): boolean {
  if (dueDate === null || paidStatus === 'paid' || statusesNeverOverdue.includes(status)) return false;
  return dueDate < today;
}

/** 'overdue' is never stored: it is shown in place of the status while the invoice is overdue. */
export function displayInvoiceStatus(state: InvoiceState & { due_date: string | null }, today: string): InvoiceStatus {
  return isOverdue(state.due_date, today, state.paid_status, state.status) ? 'overdue' : state.status;
}

function parseFiscalYear(fiscalYear: string): { startMonth: number; endMonth: number } {
  const match = /^(\d{1,2})-(\d{1,2})$/.exec(fiscalYear);
  const startMonth = Number(match?.[1]);
  const endMonth = Number(match?.[2]);
  const expectedEnd = startMonth === 1 ? 12 : startMonth - 1;
  if (!match || startMonth < 1 || startMonth > 12 || endMonth !== expectedEnd) {
    throw new RangeError(`Expected a financial year like '1-12' or '4-3', got '${fiscalYear}'`);
  }
  return { startMonth, endMonth };
}

/**
 * The financial year that starts in calendar year `year`: '1-12', 2026 → 2026-01-01..2026-12-31;
 * '4-3', 2026 → 2026-04-01..2027-03-31.
 */
export function financialYearRange(fiscalYear: string, year: number): { from: string; to: string } {
  const { startMonth, endMonth } = parseFiscalYear(fiscalYear);
  const endYear = startMonth === 1 ? year : year + 1;
  return {
    from: `${pad(year, 4)}-${pad(startMonth, 2)}-01`,
    to: `${pad(endYear, 4)}-${pad(endMonth, 2)}-${pad(daysInMonth(endYear, endMonth), 2)}`,
  };
}

/** The calendar year in which the financial year containing `date` starts (the `year` for financialYearRange). */
export function financialYearStart(fiscalYear: string, date: string): number {
  const { startMonth } = parseFiscalYear(fiscalYear);
  const { year, month } = parseIsoDate(date);
  return month >= startMonth ? year : year - 1;
}
