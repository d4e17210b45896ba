import type { InvoicePaidStatus, InvoiceStatus, RecurringFrequency, RecurringInvoiceListItem, RecurringInvoiceResource, RecurringInvoiceStatus } from '@app/contracts';
import { effectiveCron, invoiceBalance, nextOccurrences, splitCron } from '@app/domain';
import type { DocumentCustomer, DocumentLines } from '../documents/document-core';
import { customerFields, documentAmounts, lineResources } from '../documents/document-resource';
import type { GeneratedInvoiceRow, RecurringRow } from './recurring-invoices.repository';
import { invoiceDateOf, scheduleOfRow } from './recurring-schedule';

const UPCOMING = 5;

/** An active schedule whose run is due shows 'working': the generator is making its invoice. */
export function displayStatus(row: Pick<RecurringRow, 'status' | 'nextRunAt'>, now: Date): RecurringInvoiceStatus {
  if (row.status === 'active' && row.nextRunAt !== null && row.nextRunAt.getTime() <= now.getTime()) return 'working';
  return row.status;
}

export function toRecurringListItem(row: RecurringRow, businessName: string, customer: DocumentCustomer | undefined, now: Date): RecurringInvoiceListItem {
  const schedule = scheduleOfRow(row);
  const fields = splitCron(effectiveCron(schedule));
  return {
    id: row.id,
    business: { id: row.businessId, name: businessName },
    ...customerFields(row, customer),
    vendor_business_id: row.businessId,
    number: row.number,
    reference_number: row.referenceNumber,
    currency_id: row.currencyId,
    template_name: row.templateName,
    ...documentAmounts(row),
    repeat_interval: row.frequency as RecurringFrequency,
    frequency: effectiveCron(schedule),
    minute: fields?.minute ?? '',
    hour: fields?.hour ?? '',
    day_of_month: fields?.day_of_month ?? '',
    month: fields?.month ?? '',
    week_day: fields?.day_of_week ?? '',
    start_date: row.startsOn,
    end_date: row.endsOn,
    count: row.limitCount,
    generated_count: row.generatedCount,
    timezone: row.timeZone,
    next_run_at: row.nextRunAt?.toISOString() ?? null,
    next_invoice_date: row.nextRunAt ? invoiceDateOf(row.nextRunAt, row.timeZone) : null,
    due_in_days: row.dueInDays,
    send_automatically: row.sendAutomatically,
    auto_pay_enabled: row.autoPayEnabled,
    status: displayStatus(row, now),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The next runs from the stored next one (it included), within the schedule's ends. */
export function upcomingRuns(row: RecurringRow): { run_at: string; invoice_date: string }[] {
  if (!row.nextRunAt || row.status === 'completed') return [];
  const runs = nextOccurrences(scheduleOfRow(row), UPCOMING, { notBefore: row.nextRunAt, generated: row.generatedCount });
  return runs.map((run) => ({ run_at: run.toISOString(), invoice_date: invoiceDateOf(run, row.timeZone) }));
}

export function toRecurringResource(
  row: RecurringRow,
  businessName: string,
  customer: DocumentCustomer | undefined,
  lines: DocumentLines,
  generated: { invoices: GeneratedInvoiceRow[]; count: number },
  now: Date,
): RecurringInvoiceResource {
  return {
    ...toRecurringListItem(row, businessName, customer, now),
    ...lineResources(lines.items, lines.taxes, (tax) => tax.lineId),
    next_dates: upcomingRuns(row),
    invoices: generated.invoices.map((invoice) => ({
      id: invoice.id,
      invoice_number: invoice.invoiceNumber,
      invoice_date: invoice.invoiceDate,
      due_date: invoice.dueDate,
      status: invoice.status as InvoiceStatus,
      total: invoice.total,
      amount_paid: invoice.amountPaid,
      ...invoiceBalance({ status: invoice.status as InvoiceStatus, paid_status: invoice.paidStatus as InvoicePaidStatus, due_amount: invoice.dueAmount }),
      period: invoice.period,
    })),
    invoice_count: generated.count,
  };
}

/** The fields an audit row records for a recurring invoice. */
export function recurringAuditView(row: RecurringRow) {
  return {
    number: row.number,
    customer_id: row.customerId,
    status: row.status,
    frequency: row.frequency,
    schedule: row.schedule,
    time_zone: row.timeZone,
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    limit_count: row.limitCount,
    total: row.total,
    send_automatically: row.sendAutomatically,
  };
}
