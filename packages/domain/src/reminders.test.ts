import { describe, expect, it } from 'vitest';
import { REMINDER_CATCH_UP_DAYS, reminderDueDates, reminderOffset } from './reminders';

describe('reminderOffset', () => {
  it('places the rule day relative to the due date', () => {
    expect(reminderOffset('before_due', 7)).toBe(-7);
    expect(reminderOffset('on_due', 5)).toBe(0);
    expect(reminderOffset('after_due', 3)).toBe(3);
  });
});

describe('reminderDueDates', () => {
  it('covers invoices whose rule day is today or a few days past', () => {
    expect(REMINDER_CATCH_UP_DAYS).toBe(3);
    // 3 days after due, today 2026-03-10: due 2026-03-07 (on its day) back to 2026-03-04 (caught up).
    expect(reminderDueDates('after_due', 3, '2026-03-10')).toEqual({ from: '2026-03-04', to: '2026-03-07' });
    expect(reminderDueDates('on_due', 0, '2026-03-01')).toEqual({ from: '2026-02-26', to: '2026-03-01' });
  });

  it('never sends a before-due reminder once the invoice is due', () => {
    expect(reminderDueDates('before_due', 7, '2026-03-10')).toEqual({ from: '2026-03-14', to: '2026-03-17' });
    expect(reminderDueDates('before_due', 1, '2026-03-10')).toEqual({ from: '2026-03-10', to: '2026-03-11' });
    expect(reminderDueDates('before_due', 0, '2026-03-10')).toEqual({ from: '2026-03-10', to: '2026-03-10' });
  });

  it('crosses month and leap-year boundaries by calendar days', () => {
    expect(reminderDueDates('after_due', 90, '2028-05-29')).toEqual({ from: '2028-02-26', to: '2028-02-29' });
  });
});
