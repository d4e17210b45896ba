import { type InvoiceResource, invoiceRequestSchema, messages } from '@app/contracts';
import { ZodError } from 'zod';
import { addDays, firstOccurrence } from '@app/domain';
import type { Tx } from '../../db/client';
import { inSavepoint, inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit, systemActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError, isUniqueViolation, isValidationRefusal } from '../../platform/errors';
import { periodicJob } from '../../platform/jobs';
import type { DocumentDelivery } from '../document-delivery/document-delivery.service';
import { type InvoiceService, invoiceEventObject } from '../invoices/invoices.service';
import { createRecurringCore } from './recurring-core';
import * as repo from './recurring-invoices.repository';
import { recurringAuditView } from './recurring-resource';
import { invoiceDateOf, scheduleOfRow } from './recurring-schedule';

export const GENERATE_RECURRING_JOB = 'recurring-invoices-generate';
const RUNS_KEY = 'recurring_runs_tenant_id_recurring_invoice_id_period_key_pk';

export type GenerateOptions = {
  /** Due schedules read per round. */
  batchSize?: number;
  /** Schedules worked on at once (each in its own transaction). */
  concurrency?: number;
  /** Missed periods made per schedule in one run; the rest wait for the next run. */
  maxPerSchedule?: number;
};

export type GenerateResult = {
  /** Invoices made. */
  generated: number;
  /** Schedules that reached their end. */
  completed: number;
  /** Schedules put on hold because their invoice could not be made (the reason is in the audit log). */
  held: number;
  /** Invoices sent to their customer (the mail committed to the outbox with the invoice). */
  sent: number;
  /** Sends that failed: the invoice stays open, to be sent by hand. */
  sendFailures: number;
};

/** `mailId`: the outbox mail of an automatic send, null when none was asked for or it failed (`sendFailed`). */
type Outcome = { kind: 'generated'; completed: boolean; mailId: string | null; sendFailed: boolean } | { kind: 'skipped' } | { kind: 'held' };

/**
 * Auto pay (issue 17 item 5), when the process has it: a generated invoice's first charge is asked
 * for in the invoice's own transaction, and due charges (first tries and retries) are made after
 * each run.
 */
export type AutoPayHook = {
  requestInTx(tx: Tx, vendor: BusinessScope, request: { invoiceId: string; invoiceNumber: string; recurringInvoiceId: string; counterpartyId: string; customerBusinessId: string | null }): Promise<void>;
  processDue(onError: (error: unknown) => void): Promise<unknown>;
};


/**
 * Makes the invoices of due schedules, exactly once per schedule and period: each period is one
 * transaction that locks the schedule (other workers skip it), records the run under the
 * (tenant, schedule, period) primary key, creates and finalizes the invoice, sends it when the
 * schedule says so and moves the schedule on. Missed periods are made one by one, each dated its
 * own period.
 */
export function createRecurringGenerator(app: AppContext, invoices: InvoiceService, delivery: DocumentDelivery<InvoiceResource>, onError: (error: unknown) => void = () => undefined, autoPay: AutoPayHook | null = null) {
  const core = createRecurringCore(app);
  async function generateOne(tenantId: string, id: string, now: Date): Promise<Outcome> {
    try {
      // The tenant's public origin (cached by the resolver), read before the transaction: on the
      // embedded database a second statement outside it would wait for it.
      const origin = await app.tenants.originOfTenant(tenantId);
      const outcome = await inTenant(app.db, tenantId, async (tx): Promise<Outcome> => {
        const row = await repo.lockDue(tx, tenantId, id, now);
        if (!row?.nextRunAt) return { kind: 'skipped' };
        const period = row.nextRunAt;
        const scope = { tenantId, businessId: row.businessId };
        const actor = systemActor(tenantId, row.businessId);
        const invoiceDate = invoiceDateOf(period, row.timeZone);
        const payload = invoiceRequestSchema.parse({
          ...(await core.copyRequest(tx, tenantId, row)),
          template_name: row.templateName,
          invoice_date: invoiceDate,
          due_date: row.dueInDays === null ? null : addDays(invoiceDate, row.dueInDays),
        });
        const invoice = await invoices.createInTx(tx, actor, scope, payload, { source: 'recurring', status: 'open', recurringInvoiceId: id });
        await repo.insertRun(tx, { tenantId, recurringInvoiceId: id, periodKey: period.toISOString(), invoiceId: invoice.id });
        await app.webhookEvents.record(tx, scope, 'recurring_invoice.generated', { recurring_invoice_id: id, invoice: invoiceEventObject(invoice) });
        if (row.autoPayEnabled && autoPay) {
          await autoPay.requestInTx(tx, scope, { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, recurringInvoiceId: id, counterpartyId: row.customerId, customerBusinessId: row.customerBusinessId });
        }
        const generated = row.generatedCount + 1;
        const next = firstOccurrence(scheduleOfRow(row), { after: period, generated });
        const updated = await repo.updateRecurring(tx, tenantId, id, { generatedCount: generated, nextRunAt: next, status: next ? 'active' : 'completed' }, now);
        if (!next) await recordAudit(tx, actor, { model: 'recurring_invoice', modelId: id, action: 'updated', before: recurringAuditView(row), after: { ...recurringAuditView(updated), event: 'completed' } });
        const mailId = row.sendAutomatically ? await sendInSavepoint(tx, actor, scope, invoice.id, origin) : null;
        return { kind: 'generated', completed: !next, mailId, sendFailed: row.sendAutomatically && mailId === null };
      });
      return outcome;
    } catch (error) {
      // Another worker made this period first: the key did its job.
      if (isUniqueViolation(error, RUNS_KEY)) return { kind: 'skipped' };
      const refusal = refusalOf(error);
      if (refusal) return hold(tenantId, id, refusal, now);
      throw error;
    }
  }

  /**
   * The automatic send, in the invoice's own transaction (the 'sent' status, the link and the
   * outbox mail commit with the invoice or not at all), inside a savepoint: a send that fails
   * (the customer's email was removed since, a PDF that cannot be rendered) leaves the invoice
   * made and open, to be sent by hand, and is reported.
   */
  async function sendInSavepoint(tx: Tx, actor: AuditActor, scope: BusinessScope, invoiceId: string, origin: string): Promise<string | null> {
    const request = { origin, userEmail: null };
    try {
      return await inSavepoint(tx, async (savepoint) => (await delivery.sendWithDefaultsInTx(savepoint, actor, scope, invoiceId, request)).mailId);
    } catch (error) {
      onError(error);
      // The invoice's history says why it was not mailed; only our own messages are shown to users.
      const reason = error instanceof AppError ? error.message : messages.somethingWentWrong;
      await recordAudit(tx, actor, { model: 'invoice', modelId: invoiceId, action: 'updated', after: { event: 'send_failed', reason } });
      return null;
    }
  }

  /**
   * Why the template's invoice was refused, if it was: by the invoice rules (422) or by the request
   * schema, which a template stored before a rule it now breaks (a tax type twice) fails.
   */
  function refusalOf(error: unknown): AppError | null {
    if (isValidationRefusal(error)) return error;
    if (!(error instanceof ZodError)) return null;
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of error.issues) (fieldErrors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
    return new AppError('validation', error.issues[0]?.message ?? messages.required, 422, fieldErrors);
  }

  /** The template no longer makes a valid invoice (archived customer, deleted tax type...): it waits for an edit. */
  async function hold(tenantId: string, id: string, reason: AppError, now: Date): Promise<Outcome> {
    return inTenant(app.db, tenantId, async (tx): Promise<Outcome> => {
      const row = await repo.lockDue(tx, tenantId, id, now);
      if (!row) return { kind: 'skipped' };
      const updated = await repo.updateRecurring(tx, tenantId, id, { status: 'on_hold' }, now);
      await recordAudit(tx, systemActor(tenantId, row.businessId), {
        model: 'recurring_invoice',
        modelId: id,
        action: 'updated',
        before: recurringAuditView(row),
        after: { ...recurringAuditView(updated), event: 'generation_failed', reason: reason.message, fields: reason.fieldErrors ?? null },
      });
      return { kind: 'held' };
    });
  }

  /** Makes every invoice due at `now` (the clock read once, so a run has a fixed horizon). */
  async function generateDue(now: Date, options: GenerateOptions = {}): Promise<GenerateResult> {
    const batchSize = options.batchSize ?? 200;
    const concurrency = options.concurrency ?? (app.database.kind === 'postgres' ? 4 : 1);
    const maxPerSchedule = options.maxPerSchedule ?? 366;
    const result: GenerateResult = { generated: 0, completed: 0, held: 0, sent: 0, sendFailures: 0 };
    const madeBy = new Map<string, number>();
    const done = new Set<string>();
    for (;;) {
      const due = (await repo.dueSchedules(app.db, now, batchSize, [...done])).filter((schedule) => !done.has(schedule.id));
      if (due.length === 0) break;
      let progressed = false;
      const work = async () => {
        for (let next = due.shift(); next; next = due.shift()) {
          const outcome = await generateOne(next.tenantId, next.id, now).catch((error: unknown) => {
            onError(error);
            return { kind: 'skipped' } as const;
          });
          if (outcome.kind !== 'generated') {
            // Held elsewhere, failed or on hold now: this run leaves it (a holder finishes its periods).
            if (outcome.kind === 'held') result.held += 1;
            done.add(next.id);
            continue;
          }
          progressed = true;
          result.generated += 1;
          if (outcome.completed) result.completed += 1;
          const made = (madeBy.get(next.id) ?? 0) + 1;
          madeBy.set(next.id, made);
          if (made >= maxPerSchedule) done.add(next.id);
          if (outcome.mailId) result.sent += 1;
          if (outcome.sendFailed) result.sendFailures += 1;
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, concurrency) }, work));
      if (!progressed) break;
    }
    if (autoPay) await autoPay.processDue(onError).catch(onError);
    return result;
  }

  return { generateDue, ...periodicJob(app.jobs, GENERATE_RECURRING_JOB, () => generateDue(app.clock.now()), 0) };
}

export type RecurringGenerator = ReturnType<typeof createRecurringGenerator>;
