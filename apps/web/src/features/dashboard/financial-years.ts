import { type BusinessSettings, resolveBusinessSettings } from '@app/contracts';
import { financialYearStart, todayInTimeZone } from '@app/domain';

/** How many financial years the selector offers, the current one first. */
const YEARS_OFFERED = 6;

/** The year (as the API counts it: the calendar year the financial year starts in) today falls in. */
export function currentFinancialYear(settings: BusinessSettings, now: Date): number {
  const resolved = resolveBusinessSettings(settings);
  const today = todayInTimeZone(now, resolved.time_zone);
  try {
    return financialYearStart(resolved.fiscal_year, today);
  } catch {
    // A malformed stored setting must not break the dashboard: fall back to calendar years, as the server does by default.
    return Number(today.slice(0, 4));
  }
}

export function financialYearsOffered(current: number): number[] {
  return Array.from({ length: YEARS_OFFERED }, (_, index) => current - index);
}

/** The year in the URL if it is one of those offered, else the current one. */
export function readYear(value: string | null, offered: readonly number[], current: number): number {
  const year = Number(value);
  return offered.includes(year) ? year : current;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 'YYYY-MM' → 'Mar 2026' (or 'Mar' on a chart axis, where the year is in the title). */
export function monthLabel(month: string, withYear = true): string {
  const [year, index] = month.split('-');
  const name = MONTHS[Number(index) - 1] ?? month;
  return withYear ? `${name} ${year ?? ''}`.trim() : name;
}
