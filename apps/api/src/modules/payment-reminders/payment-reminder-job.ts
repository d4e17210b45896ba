import { formatMoney, reminderDueDates, todayInTimeZone } from '@app/domain';
import { inTenant } from '../../db/tenant-tx';
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

/** The reminder for one invoice; the wording follows the invoice's dates, not the rule, so a caught-up reminder stays true. */
export function reminderMail(invoice: repo.DueInvoice, sender: repo.ReminderSender, today: string): MailDraft {
  const money = moneyFormatOf(invoice.currencyId);
  const due = formatDocumentDate(invoice.dueDate);
  const when = invoice.dueDate > today ? `is due on ${due}` : invoice.dueDate === today ? 'is due today' : `was due on ${due}`;
  const subject = invoice.dueDate < today ? `Payment reminder: invoice ${invoice.invoiceNumber} is overdue` : `Payment reminder: invoice ${invoice.invoiceNumber} ${when}`;
  const text = [
    `Dear ${invoice.customerName},`,
    '',
    `This is a reminder from ${sender.name}: invoice ${invoice.invoiceNumber} for ${formatMoney(invoice.total, money)} ${when}. The amount still due is ${formatMoney(invoice.dueAmount, money)}.`,
    '',
    'If you have already paid, please disregard this message.',
    '',
    'Thank you,',
    sender.name,
  ].join('\n');
  return { to: invoice.customerEmail, replyTo: sender.email, subject: subject.slice(0, 255), text, secrets: [] };
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
        mailIds.push(await app.outbox.write(tx, scope.tenantId, reminderMail(invoice, sender, today)));
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
