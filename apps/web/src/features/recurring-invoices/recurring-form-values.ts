import { type RecurringFrequency, type RecurringInvoiceRequest, type RecurringInvoiceResource, recurringInvoiceRequestSchema } from '@app/contracts';
import { type Schedule, dateInTimeZone, joinCron, nextOccurrences, presetCron, scheduleProblem, zonedTimeToUtc } from '@app/domain';
import { type DocumentFlags, type DocumentFormValues, type FormErrors, buildRequest, emptyLine, formPathOf, pricingValuesFromResource } from '../documents';

export type EndsOn = 'never' | 'date' | 'count';

/**
 * The shared document form's number (the recurring invoice's own), lines, discount, taxes and
 * notes (its dates are unused: invoices made by the schedule get their own), plus the schedule.
 */
export type RecurringFormValues = DocumentFormValues & {
  repeat_interval: RecurringFrequency;
  minute: string;
  hour: string;
  day_of_month: string;
  month: string;
  week_day: string;
  start_date: string;
  ends: EndsOn;
  end_date: string;
  count: string;
  timezone: string;
  due_in_days: string;
  send_automatically: boolean;
  auto_pay_enabled: boolean;
  status: 'active' | 'on_hold';
};

/** Spec section 9: weekly, on Sunday, at midnight; send automatically on, auto pay off, active. */
export function newRecurringValues(today: string, timeZone: string, customerId: string | null): RecurringFormValues {
  return {
    customer_id: customerId,
    number: '',
    date: today,
    due_date: '',
    reference_number: '',
    template_name: null,
    notes: '',
    discount_type: 'fixed',
    discount: '',
    taxes: [],
    items: [emptyLine()],
    repeat_interval: 'weekly',
    minute: '0',
    hour: '0',
    day_of_month: '*',
    month: '*',
    week_day: '0',
    start_date: today,
    ends: 'never',
    end_date: '',
    count: '',
    timezone: timeZone,
    due_in_days: '',
    send_automatically: true,
    auto_pay_enabled: false,
    status: 'active',
  };
}

/** The stored recurring invoice as form values (amounts back to decimal text in its currency). */
export function recurringValuesFromResource(recurring: RecurringInvoiceResource, precision: number): RecurringFormValues {
  return {
    ...newRecurringValues(recurring.start_date, recurring.timezone, recurring.customer_id),
    number: recurring.number,
    reference_number: recurring.reference_number ?? '',
    template_name: recurring.template_name,
    notes: recurring.notes ?? '',
    ...pricingValuesFromResource(recurring, precision),
    repeat_interval: recurring.repeat_interval,
    minute: recurring.minute,
    hour: recurring.hour,
    day_of_month: recurring.day_of_month,
    month: recurring.month,
    week_day: recurring.week_day,
    ends: recurring.end_date ? 'date' : recurring.count !== null ? 'count' : 'never',
    end_date: recurring.end_date ?? '',
    count: recurring.count === null ? '' : String(recurring.count),
    due_in_days: recurring.due_in_days === null ? '' : String(recurring.due_in_days),
    send_automatically: recurring.send_automatically,
    auto_pay_enabled: recurring.auto_pay_enabled,
    // A completed or working schedule is saved as active: the server works out where it stands.
    status: recurring.status === 'on_hold' ? 'on_hold' : 'active',
  };
}

const wholeNumber = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** The request body; amount conversions that fail come back as form errors. */
export function buildRecurringRequest(values: RecurringFormValues, flags: DocumentFlags, precision: number): { body: RecurringInvoiceRequest; errors: FormErrors } {
  const { body: document, errors } = buildRequest('invoice', values, flags, precision, false);
  const custom = values.repeat_interval === 'custom';
  const count = values.ends === 'count' ? wholeNumber(values.count) : null;
  if (values.ends === 'count' && count === null) errors.count = 'invalid';
  const dueDays = values.due_in_days.trim() === '' ? null : wholeNumber(values.due_in_days);
  if (values.due_in_days.trim() !== '' && dueDays === null) errors.due_in_days = 'invalid';
  // The document part is built untyped by the shared form; the whole body goes through the API's schema (validateRecurring) before it is sent.
  const body = {
    customer_id: document.customer_id,
    template_name: document.template_name,
    notes: document.notes,
    tax_per_item_enabled: document.tax_per_item_enabled,
    discount_per_item_enabled: document.discount_per_item_enabled,
    discount_type: document.discount_type,
    discount: document.discount,
    taxes: document.taxes,
    items: document.items,
    number: values.number.trim() || null,
    reference_number: values.reference_number.trim() || null,
    repeat_interval: values.repeat_interval,
    minute: custom ? values.minute : undefined,
    hour: custom ? values.hour : undefined,
    day_of_month: custom ? values.day_of_month : undefined,
    month: custom ? values.month : undefined,
    week_day: custom ? values.week_day : undefined,
    start_date: values.start_date,
    end_date: values.ends === 'date' ? values.end_date || null : null,
    count,
    timezone: values.timezone,
    due_in_days: dueDays,
    send_automatically: values.send_automatically,
    auto_pay_enabled: values.auto_pay_enabled,
    status: values.status,
  } as RecurringInvoiceRequest;
  return { body, errors };
}

/** Validates with the API's own request schema; errors come back by form path. */
export function validateRecurring(values: RecurringFormValues, flags: DocumentFlags, precision: number, messagesFor: { count: string; dueDays: string; endDate: string }): FormErrors {
  const { body, errors } = buildRecurringRequest(values, flags, precision);
  if (errors.count) errors.count = messagesFor.count;
  if (errors.due_in_days) errors.due_in_days = messagesFor.dueDays;
  if (values.ends === 'date' && values.end_date === '') errors.end_date = messagesFor.endDate;
  const parsed = recurringInvoiceRequestSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = formPathOf('invoice', issue.path.join('.'));
      errors[path] ??= issue.message;
    }
  }
  return errors;
}

/** The schedule the form describes, as the domain evaluates it; null while it is incomplete or invalid. */
export function scheduleOfValues(values: Pick<RecurringFormValues, 'repeat_interval' | 'minute' | 'hour' | 'day_of_month' | 'month' | 'week_day' | 'start_date' | 'ends' | 'end_date' | 'count' | 'timezone'>): Schedule | null {
  const cron =
    values.repeat_interval === 'custom'
      ? joinCron({ minute: values.minute, hour: values.hour, day_of_month: values.day_of_month, month: values.month, day_of_week: values.week_day })
      : presetCron[values.repeat_interval];
  const schedule: Schedule = {
    frequency: values.repeat_interval,
    cron,
    timeZone: values.timezone,
    startsOn: values.start_date,
    endsOn: values.ends === 'date' && values.end_date !== '' ? values.end_date : null,
    limitCount: values.ends === 'count' ? wholeNumber(values.count) : null,
  };
  return scheduleProblem(schedule) === null ? schedule : null;
}

/**
 * The next runs from today on (as the server counts: from local midnight in the schedule's zone),
 * each with the invoice date it gives.
 */
export function previewRuns(schedule: Schedule, now: Date, count: number): { run_at: string; invoice_date: string }[] {
  const startOfToday = zonedTimeToUtc(dateInTimeZone(now, schedule.timeZone), 0, 0, schedule.timeZone);
  return nextOccurrences(schedule, count, { notBefore: startOfToday }).map((run) => ({ run_at: run.toISOString(), invoice_date: dateInTimeZone(run, schedule.timeZone) }));
}
