import type { TFunction } from 'i18next';
import type { RecurringInvoiceListItem } from '@app/contracts';
import { formatDate } from '../../lib/format';

type ScheduleFields = Pick<RecurringInvoiceListItem, 'repeat_interval' | 'minute' | 'hour' | 'day_of_month' | 'month' | 'week_day' | 'timezone'>;

const isNumber = (field: string) => /^\d+$/.test(field);

/** '0' and '9' → '09:00'; fields that are not single numbers are shown as typed. */
function timeOf(hour: string, minute: string): string {
  return isNumber(hour) && isNumber(minute) ? `${hour.padStart(2, '0')}:${minute.padStart(2, '0')}` : `${hour}:${minute}`;
}

/** The schedule in words: 'Every week on Wednesday at 00:00 (Europe/Berlin)'. */
export function describeSchedule(schedule: ScheduleFields, t: TFunction): string {
  const time = timeOf(schedule.hour, schedule.minute);
  const zone = schedule.timezone;
  switch (schedule.repeat_interval) {
    case 'daily':
      return t('recurring_invoices.schedule.daily', { time, zone });
    case 'weekly':
      return isNumber(schedule.week_day)
        ? t('recurring_invoices.schedule.weekly', { day: t(`recurring_invoices.weekdays.${schedule.week_day}`), time, zone })
        : t('recurring_invoices.schedule.custom', { ...schedule, zone });
    case 'monthly':
      return t('recurring_invoices.schedule.monthly', { day: schedule.day_of_month, time, zone });
    case 'yearly':
      return isNumber(schedule.month)
        ? t('recurring_invoices.schedule.yearly', { day: schedule.day_of_month, month: t(`recurring_invoices.months.${schedule.month}`), time, zone })
        : t('recurring_invoices.schedule.custom', { ...schedule, zone });
    case 'custom':
      return t('recurring_invoices.schedule.custom', { ...schedule, zone });
  }
}

/** When it stops: never, on a date, or after a number of invoices. */
export function describeEnd(schedule: Pick<RecurringInvoiceListItem, 'end_date' | 'count'>, t: TFunction): string {
  if (schedule.end_date) return t('recurring_invoices.ends.on', { date: formatDate(schedule.end_date) });
  if (schedule.count !== null) return t('recurring_invoices.ends.after', { count: schedule.count });
  return t('recurring_invoices.ends.never');
}
