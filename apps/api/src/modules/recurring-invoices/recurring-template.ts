import { type RecurringInvoicePayload, messages, recurringInvoiceRequestSchema } from '@app/contracts';
import { isValidTimeZone, todayInTimeZone } from '@app/domain';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/app-context';
import type { AuditActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import { chooseTemplate, loadDocumentBusiness } from '../documents/document-business';
import { pricedColumns } from '../documents/document-core';
import { priceDocument } from '../documents/pricing';
import type { RecurringCore } from './recurring-core';
import type * as repo from './recurring-invoices.repository';
import { scheduleOfRequest } from './recurring-schedule';

/** The checked and priced request of a recurring invoice: everything but the schedule's position. */
export async function prepareTemplate(app: AppContext, core: RecurringCore, tx: Tx, actor: AuditActor, scope: BusinessScope, payload: RecurringInvoicePayload, before: repo.RecurringRow | null) {
  const { settings } = await loadDocumentBusiness(tx, scope.tenantId, scope.businessId);
  const customer = await core.customerFor(tx, scope, payload.customer_id, payload.customer_id === before?.customerId);
  if (payload.send_automatically && !customer.email) throw AppError.validation('customer_id', messages.recurringEmailRequired);
  const timeZone = payload.timezone || before?.timeZone || settings.time_zone;
  if (!isValidTimeZone(timeZone)) throw AppError.validation('timezone', messages.invalidTimeZone);
  const startsOn = payload.start_date ?? before?.startsOn ?? todayInTimeZone(app.clock.now(), timeZone);
  const schedule = scheduleOfRequest(payload, timeZone, startsOn);
  if ((!before || before.startsOn !== startsOn) && startsOn < todayInTimeZone(app.clock.now(), timeZone)) throw AppError.validation('start_date', messages.startDateInPast);
  const priced = await priceDocument(tx, scope, payload, settings, customer.currencyId);
  const templateName = await chooseTemplate(tx, actor, 'invoice', payload.template_name || before?.templateName);
  const fields = {
    customerId: customer.id,
    customerBusinessId: customer.counterpartyBusinessId,
    referenceNumber: payload.reference_number ?? null,
    currencyId: customer.currencyId,
    templateName,
    notes: payload.notes ?? null,
    ...pricedColumns(priced),
    frequency: schedule.frequency,
    schedule: schedule.cron,
    timeZone: schedule.timeZone,
    startsOn: schedule.startsOn,
    endsOn: schedule.endsOn,
    limitCount: schedule.limitCount,
    dueInDays: payload.due_in_days ?? null,
    sendAutomatically: payload.send_automatically,
    autoPayEnabled: payload.auto_pay_enabled,
  } satisfies Partial<repo.RecurringInsert>;
  return { fields, schedule, priced, settings };
}

/** A copy's request: on hold (so two schedules never bill the same by accident), starting today at the earliest. */
export async function copiedTemplateRequest(app: AppContext, core: RecurringCore, tx: Tx, scope: BusinessScope, source: repo.RecurringRow): Promise<RecurringInvoicePayload> {
  const today = todayInTimeZone(app.clock.now(), source.timeZone);
  const startsOn = source.startsOn < today ? today : source.startsOn;
  const custom = source.frequency === 'custom' ? source.schedule.split(' ') : [];
  return recurringInvoiceRequestSchema.parse({
    ...(await core.copyRequest(tx, scope.tenantId, source)),
    template_name: source.templateName,
    reference_number: source.referenceNumber,
    repeat_interval: source.frequency,
    ...(custom.length === 5 ? { minute: custom[0], hour: custom[1], day_of_month: custom[2], month: custom[3], week_day: custom[4] } : {}),
    start_date: startsOn,
    // An end already passed would leave the copy nothing to make: it starts open-ended instead.
    end_date: source.endsOn !== null && source.endsOn < startsOn ? null : source.endsOn,
    count: source.limitCount,
    timezone: source.timeZone,
    due_in_days: source.dueInDays,
    send_automatically: source.sendAutomatically,
    auto_pay_enabled: source.autoPayEnabled,
    status: 'on_hold',
  });
}
