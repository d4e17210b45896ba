import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, displayInvoiceStatus, dueDateOptions, financialYearRange, financialYearStart, isOverdue, isValidIsoDate, todayInTimeZone } from './dates';

describe('todayInTimeZone', () => {
  it('finds the date on both sides of the date line around midnight UTC', () => {
    // Kiritimati is UTC+14, Pago Pago UTC−11: they are 25 hours apart, so two calendar days.
    const justAfterMidnight = new Date('2026-01-01T00:00:00Z');
    expect(todayInTimeZone(justAfterMidnight, 'UTC')).toBe('2026-01-01');
    expect(todayInTimeZone(justAfterMidnight, 'Pacific/Kiritimati')).toBe('2026-01-01');
    expect(todayInTimeZone(justAfterMidnight, 'Pacific/Pago_Pago')).toBe('2025-12-31');
    const justBeforeMidnight = new Date('2025-12-31T23:59:59.999Z');
    expect(todayInTimeZone(justBeforeMidnight, 'UTC')).toBe('2025-12-31');
    expect(todayInTimeZone(justBeforeMidnight, 'Pacific/Kiritimati')).toBe('2026-01-01');
    expect(todayInTimeZone(justBeforeMidnight, 'Pacific/Pago_Pago')).toBe('2025-12-31');
    // Kiritimati reaches the next day at 10:00 UTC.
    expect(todayInTimeZone(new Date('2025-12-31T09:59:59Z'), 'Pacific/Kiritimati')).toBe('2025-12-31');
    expect(todayInTimeZone(new Date('2025-12-31T10:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-01-01');
    // Pago Pago reaches the next day at 11:00 UTC.
    expect(todayInTimeZone(new Date('2026-01-01T10:59:59Z'), 'Pacific/Pago_Pago')).toBe('2025-12-31');
    expect(todayInTimeZone(new Date('2026-01-01T11:00:00Z'), 'Pacific/Pago_Pago')).toBe('2026-01-01');
  });

  it('handles leap days and daylight saving changes', () => {
    expect(todayInTimeZone(new Date('2024-02-28T23:59:00Z'), 'UTC')).toBe('2024-02-28');
    expect(todayInTimeZone(new Date('2024-02-28T23:59:00Z'), 'Pacific/Kiritimati')).toBe('2024-02-29');
    expect(todayInTimeZone(new Date('2024-03-01T05:00:00Z'), 'Pacific/Pago_Pago')).toBe('2024-02-29');
    // New York moves from UTC−5 to UTC−4 on 2026-03-08.
    expect(todayInTimeZone(new Date('2026-03-08T04:59:59Z'), 'America/New_York')).toBe('2026-03-07');
    expect(todayInTimeZone(new Date('2026-03-08T05:00:00Z'), 'America/New_York')).toBe('2026-03-08');
    expect(todayInTimeZone(new Date('2026-03-09T03:59:59Z'), 'America/New_York')).toBe('2026-03-08');
    expect(todayInTimeZone(new Date('2026-03-09T04:00:00Z'), 'America/New_York')).toBe('2026-03-09');
  });

  it('refuses an unknown time zone', () => {
    expect(() => todayInTimeZone(new Date('2026-01-01T00:00:00Z'), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('addDays', () => {
  it('does calendar arithmetic across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2000-02-28', 1)).toBe('2000-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2024-01-01', 365)).toBe('2024-12-31');
    expect(addDays('2026-05-15', 0)).toBe('2026-05-15');
  });

  it('is not affected by daylight saving changes', () => {
    // Europe and the US change clocks in these weeks; calendar days stay calendar days.
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-10-24', 7)).toBe('2026-10-31');
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
  });

  it('undoes itself', () => {
    const dateArb = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(dateArb, fc.integer({ min: -5000, max: 5000 }), (date, days) => {
        const moved = addDays(date, days);
        expect(isValidIsoDate(moved)).toBe(true);
        expect(addDays(moved, -days)).toBe(date);
        expect(moved > date).toBe(days > 0);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses invalid dates and fractional days', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-13-01', 1)).toThrow(RangeError);
    expect(() => addDays('26-01-01', 1)).toThrow(RangeError);
    expect(() => addDays('2026-01-01', 1.5)).toThrow(RangeError);
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2023-02-29')).toBe(false);
  });
});

describe('dueDateOptions', () => {
  it('offers the spec quick options', () => {
    expect(dueDateOptions.map((option) => [option.key, option.days])).toEqual([
      ['same_day', 0],
      ['next_day', 1],
      ['days_7', 7],
      ['days_15', 15],
      ['days_30', 30],
      ['days_45', 45],
      ['days_60', 60],
    ]);
  });
});

describe('isOverdue and displayInvoiceStatus', () => {
  const today = '2026-06-15';

  it('is overdue only after the due date', () => {
    expect(isOverdue('2026-06-14', today, 'unpaid', 'sent')).toBe(true);
    expect(isOverdue('2026-06-15', today, 'unpaid', 'sent')).toBe(false);
    expect(isOverdue('2026-06-16', today, 'unpaid', 'sent')).toBe(false);
    expect(isOverdue(null, today, 'unpaid', 'sent')).toBe(false);
  });

  it('counts unpaid and partially paid invoices that still expect payment', () => {
    expect(isOverdue('2026-01-01', today, 'partially_paid', 'viewed')).toBe(true);
    expect(isOverdue('2026-01-01', today, 'paid', 'sent')).toBe(false);
    for (const status of ['open', 'sent', 'viewed', 'approved', 'rejected'] as const) expect(isOverdue('2026-01-01', today, 'unpaid', status)).toBe(true);
    for (const status of ['draft', 'void', 'completed'] as const) expect(isOverdue('2026-01-01', today, 'unpaid', status)).toBe(false);
  });

  it('shows overdue in place of the stored status', () => {
    expect(displayInvoiceStatus({ status: 'sent', paid_status: 'unpaid', due_date: '2026-06-01' }, today)).toBe('overdue');
    expect(displayInvoiceStatus({ status: 'sent', paid_status: 'unpaid', due_date: '2026-07-01' }, today)).toBe('sent');
    expect(displayInvoiceStatus({ status: 'draft', paid_status: 'unpaid', due_date: '2026-06-01' }, today)).toBe('draft');
    expect(displayInvoiceStatus({ status: 'approved', paid_status: 'paid', due_date: '2026-06-01' }, today)).toBe('approved');
  });
});

describe('financialYearRange', () => {
  it('covers twelve months from the start month', () => {
    expect(financialYearRange('1-12', 2026)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(financialYearRange('4-3', 2026)).toEqual({ from: '2026-04-01', to: '2027-03-31' });
    expect(financialYearRange('7-6', 2026)).toEqual({ from: '2026-07-01', to: '2027-06-30' });
    expect(financialYearRange('10-9', 2026)).toEqual({ from: '2026-10-01', to: '2027-09-30' });
  });

  it('ends on a leap day when the year ends in February of a leap year', () => {
    expect(financialYearRange('3-2', 2027)).toEqual({ from: '2027-03-01', to: '2028-02-29' });
    expect(financialYearRange('3-2', 2026)).toEqual({ from: '2026-03-01', to: '2027-02-28' });
  });

  it('refuses a malformed financial year', () => {
    for (const fiscalYear of ['4-5', '13-12', '0-11', '1-1', 'april', '']) expect(() => financialYearRange(fiscalYear, 2026), fiscalYear).toThrow(RangeError);
  });

  it('finds the financial year containing a date', () => {
    expect(financialYearStart('4-3', '2026-03-31')).toBe(2025);
    expect(financialYearStart('4-3', '2026-04-01')).toBe(2026);
    expect(financialYearStart('1-12', '2026-12-31')).toBe(2026);
  });
});
