import type { PaymentReminderType } from '@app/contracts';
import { addDays } from './dates';

/**
 * A reminder that could not go out on its day (the app was down) still goes out up to this many
 * days later, never later: a reminder weeks late would only confuse the customer.
 */
export const REMINDER_CATCH_UP_DAYS = 3;

/** Days from the due date to the rule's day: 7 before due → −7, on due → 0, 3 after due → +3. */
export function reminderOffset(type: PaymentReminderType, days: number): number {
  switch (type) {
    case 'before_due':
      return -days;
    case 'on_due':
      return 0;
    case 'after_due':
      return days;
  }
}

/**
 * The due dates of the invoices a rule reminds about on `today` (inclusive range), in the
 * business's calendar: those whose rule day (due date + offset) is today or at most
 * REMINDER_CATCH_UP_DAYS before it. A before-due reminder never goes out after the due date.
 */
export function reminderDueDates(type: PaymentReminderType, days: number, today: string): { from: string; to: string } {
  const offset = reminderOffset(type, days);
  const from = addDays(today, -offset - REMINDER_CATCH_UP_DAYS);
  const to = addDays(today, -offset);
  return { from: type === 'before_due' && from < today ? today : from, to };
}
