import { formatMoney, reminderDueDates, todayInTimeZone } from '@app/domain';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import { templatedMail } from '../email-templates/email-templates.port';
import type { AppContext } from '../../platform/app-context';
import { businessSettingsOf } from '../businesses/businesses.service';
import { recordAudit, systemActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { periodicJob } from '../../platform/jobs';
import type { MailDraft } from '../../platform/outbox';
import { formatDocumentDate } from '../document-delivery/document-formatting';
import { moneyFormatOf } from '../document-delivery/document-pdf-model';
import * as repo from './payment-reminders.repository';

export const SEND_PAYMENT_REMINDERS_JOB = 'payment-reminders-send';

/**
 * The reminder for one invoice, from the tenant's `payment_reminder` template; the wording follows
 * the invoice's dates, not the rule, so a caught-up reminder stays true.
 */
function reminderMail(tx: Tx, tenantId: string, invoice: repo.DueInvoice, sender: repo.ReminderSender, today: string): Promise<MailDraft> {
  const money = moneyFormatOf(invoice.currencyId);
  const due = formatDocumentDate(invoice.dueDate);
  const duePhrase = invoice.dueDate > today ? `is due on ${due}` : invoice.dueDate === today ? 'is due today' : `was due on ${due}`;
  return templatedMail(tx, tenantId, 'payment_reminder', {
    to: invoice.customerEmail,
    replyTo: sender.email,
    variables: {
      business_name: sender.name,
      customer_name: invoice.customerName,
      document_number: invoice.invoiceNumber,
      total: formatMoney(invoice.total, money),
      amount_due: formatMoney(invoice.dueAmount, money),
      due_date: due,
      due_phrase: duePhrase,
      overdue: invoice.dueDate < today,
    },
    secrets: [],
  });
}

/**
 * Mails the business's due reminders in one transaction: each (invoice, rule) pair is claimed in
 * reminder_deliveries and its mail written to the outbox in the same transaction, so a pair is
 * mailed at most once however often and however concurrently the job runs. Returns the mail ids
 * to dispatch after commit.
 */
async function remindBusiness(app: AppContext, scope: BusinessScope, now: Date): Promise<string[]> {
  return inTenant(app.db, scope.tenantId, async (tx) => {
    const sender = await repo.findSender(tx, scope);
    if (!sender) return [];
    const today = todayInTimeZone(now, businessSettingsOf(scope.businessId, sender.settings).time_zone);
    const actor = systemActor(scope.tenantId, scope.businessId);
    const mailIds: string[] = [];
    for (const rule of await repo.remindersOfBusiness(tx, scope)) {
      for (const invoice of await repo.invoicesToRemind(tx, scope, rule.id, reminderDueDates(rule.type, rule.days, today))) {
        const claimed = await repo.claimDelivery(tx, { tenantId: scope.tenantId, invoiceId: invoice.id, reminderId: rule.id, businessId: scope.businessId, sentTo: invoice.customerEmail, sentAt: now });
        if (!claimed) continue;
        mailIds.push(await app.outbox.write(tx, scope.tenantId, { ...(await reminderMail(tx, scope.tenantId, invoice, sender, today)), businessId: scope.businessId }));
        await recordAudit(tx, actor, { model: 'reminder_delivery', modelId: invoice.id, label: invoice.invoiceNumber, action: 'created', after: { reminder_id: rule.id, type: rule.type, days: rule.days, sent_to: invoice.customerEmail } });
      }
    }
    return mailIds;
  });
}

/**
 * The background job: every business with rules, in every tenant, hourly and at start. Each
 * business is its own transaction, so one failing business does not hold back the others.
 */
export function createPaymentReminderJob(app: AppContext, onError: (scope: BusinessScope, error: unknown) => void) {
  async function run(): Promise<number> {
    const now = app.clock.now();
    let sent = 0;
    for (const scope of await repo.businessesWithReminders(app.db)) {
      try {
        const mailIds = await remindBusiness(app, scope, now);
        sent += mailIds.length;
      } catch (error) {
        onError(scope, error);
      }
    }
    return sent;
  }
  return periodicJob(app.jobs, SEND_PAYMENT_REMINDERS_JOB, run);
}

export type PaymentReminderJob = ReturnType<typeof createPaymentReminderJob>;
