import type { ReportRangePreset } from '@app/contracts';
import { addDays, financialYearRange, financialYearStart } from './dates';

/**
 * A report's period as calendar dates, both ends included. Presets are read from the business's
 * "today" (its time zone) and its financial year (setting fiscal_year): weeks start on Monday
 * (ISO 8601), quarters are the financial year's quarters, years are financial years, months are
 * calendar months.
 */
export type ReportPeriod = { from: string; to: string };

const pad = (value: number, length: number) => String(value).padStart(length, '0');

function monthStart(year: number, month: number): string {
  // month may be outside 1..12: it rolls over into the next or previous years.
  const zeroBased = year * 12 + (month - 1);
  return `${pad(Math.floor(zeroBased / 12), 4)}-${pad((zeroBased % 12) + 1, 2)}-01`;
}

/** The months [start, start + count) of calendar month `month` (1-based, may roll over). */
function months(year: number, month: number, count: number): ReportPeriod {
  return { from: monthStart(year, month), to: addDays(monthStart(year, month + count), -1) };
}

function isoWeekday(date: string): number {
  // 1 = Monday … 7 = Sunday; the date is read as a UTC midnight, so no time zone enters.
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The period of a preset on `today` (the business's date) in a financial year like '4-3'. */
export function reportPeriod(preset: Exclude<ReportRangePreset, 'custom'>, today: string, fiscalYear: string): ReportPeriod {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const fyStart = financialYearStart(fiscalYear, today);
  const fy = financialYearRange(fiscalYear, fyStart);
  const fyMonth = Number(fy.from.slice(5, 7));
  // Months since the financial year began, to find the quarter.
  const quarterStart = fyMonth + Math.floor(((year - fyStart) * 12 + month - fyMonth) / 3) * 3;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'this_week': {
      const monday = addDays(today, 1 - isoWeekday(today));
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'previous_week': {
      const monday = addDays(today, 1 - isoWeekday(today) - 7);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'this_month':
      return months(year, month, 1);
    case 'previous_month':
      return months(year, month - 1, 1);
    case 'this_quarter':
      return months(fyStart, quarterStart, 3);
    case 'previous_quarter':
      return months(fyStart, quarterStart - 3, 3);
    case 'this_year':
      return fy;
    case 'previous_year':
      return financialYearRange(fiscalYear, fyStart - 1);
  }
}
