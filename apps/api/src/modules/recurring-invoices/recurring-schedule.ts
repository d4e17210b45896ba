import { type RecurringInvoicePayload, messages } from '@app/contracts';
import {
  type CronFieldName,
  type Schedule,
  type ScheduleFrequency,
  dateInTimeZone,
  firstOccurrence,
  invalidCronFields,
  joinCron,
  presetCron,
  zonedTimeToUtc,
} from '@app/domain';
import { AppError } from '../../platform/errors';
import type { RecurringRow } from './recurring-invoices.repository';

/** Request field of each cron field. */
const requestField: Record<CronFieldName, 'minute' | 'hour' | 'day_of_month' | 'month' | 'week_day'> = {
  minute: 'minute',
  hour: 'hour',
  day_of_month: 'day_of_month',
  month: 'month',
  day_of_week: 'week_day',
};

export function scheduleOfRow(row: Pick<RecurringRow, 'frequency' | 'schedule' | 'timeZone' | 'startsOn' | 'endsOn' | 'limitCount'>): Schedule {
  return { frequency: row.frequency as ScheduleFrequency, cron: row.schedule, timeZone: row.timeZone, startsOn: row.startsOn, endsOn: row.endsOn, limitCount: row.limitCount };
}

/**
 * The schedule a request describes (in a valid zone), checked. A custom schedule's missing fields come from the
 * weekly preset (midnight, Sunday: the spec's defaults).
 */
export function scheduleOfRequest(payload: RecurringInvoicePayload, timeZone: string, startsOn: string): Schedule {
  let cron = presetCron[payload.repeat_interval === 'custom' ? 'weekly' : payload.repeat_interval];
  if (payload.repeat_interval === 'custom') {
    const fields = { minute: payload.minute ?? '0', hour: payload.hour ?? '0', day_of_month: payload.day_of_month ?? '*', month: payload.month ?? '*', day_of_week: payload.week_day ?? '0' };
    const invalid = invalidCronFields(fields);
    if (invalid.length > 0) {
      throw new AppError('validation', messages.invalidScheduleField, 422, Object.fromEntries(invalid.map((name) => [requestField[name], [messages.invalidScheduleField]])));
    }
    cron = joinCron(fields);
  }
  const endsOn = payload.end_date ?? null;
  if (endsOn !== null && endsOn < startsOn) throw AppError.validation('end_date', messages.endBeforeStartDate);
  return { frequency: payload.repeat_interval, cron, timeZone, startsOn, endsOn, limitCount: payload.count ?? null };
}

/** Local midnight of the day `now` falls on in the schedule's zone: runs earlier that day still count. */
export function startOfToday(now: Date, timeZone: string): Date {
  return zonedTimeToUtc(dateInTimeZone(now, timeZone), 0, 0, timeZone);
}

/**
 * Where a schedule stands: its next run and status, given the runs already made. On hold keeps
 * its next run for display; a schedule with no run left is completed.
 */
export function planNextRun(schedule: Schedule, wanted: 'active' | 'on_hold', position: { after: Date | null; notBefore: Date | null; generated: number }): { nextRunAt: Date | null; status: 'active' | 'on_hold' | 'completed' } {
  const next = firstOccurrence(schedule, position);
  if (!next) return { nextRunAt: null, status: 'completed' };
  return { nextRunAt: next, status: wanted };
}

/** The invoice date of a run: its calendar date in the schedule's zone. */
export function invoiceDateOf(run: Date, timeZone: string): string {
  return dateInTimeZone(run, timeZone);
}
