import {
  type InvoiceReminderDelivery,
  type PaymentReminderListResponse,
  type PaymentReminderRequest,
  type PaymentReminderResource,
  type PaymentReminderType,
  listMeta,
  messages,
  paymentReminderRequestSchema,
} from '@app/contracts';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { type BusinessScope, pageOffset } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError, refusingTaken } from '../../platform/errors';
import * as repo from './payment-reminders.repository';

const RULE_CONSTRAINT = 'payment_reminders_rule_unique';

function toResource(row: repo.PaymentReminderRow): PaymentReminderResource {
  return { id: row.id, type: row.type, days: row.days, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

const auditView = (row: repo.ReminderFields) => ({ type: row.type, days: row.days });

/** A rule the business already has (same type and days) is refused, as the database would. */
const guardUnique = <T>(work: () => Promise<T>) => refusingTaken({ [RULE_CONSTRAINT]: { field: 'days', message: messages.reminderTaken } }, work);

/** Settings → payment reminders: the rules; the job that mails by them is in payment-reminder-job.ts. */
export function createPaymentReminderService(app: AppContext) {
  return {
    async list(scope: BusinessScope, query: { page: number; limit: number; type?: PaymentReminderType | undefined }): Promise<PaymentReminderListResponse> {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const rows = await repo.listReminders(tx, scope, query.type, pageOffset(query.page, query.limit), query.limit);
        const total = await repo.countReminders(tx, scope, query.type);
        const everyone = query.type ? await repo.countReminders(tx, scope) : total;
        return { data: rows.map(toResource), meta: { ...listMeta(query.page, query.limit, total), payment_reminder_total_count: everyone } };
      });
    },

    async get(scope: BusinessScope, id: string): Promise<PaymentReminderResource> {
      const row = await inTenant(app.db, scope.tenantId, (tx) => repo.findReminder(tx, scope, id));
      if (!row) throw AppError.notFound();
      return toResource(row);
    },

    async create(actor: AuditActor, scope: BusinessScope, input: PaymentReminderRequest): Promise<PaymentReminderResource> {
      const fields = paymentReminderRequestSchema.parse(input);
      return guardUnique(() =>
        inTenant(app.db, scope.tenantId, async (tx) => {
          const now = app.clock.now();
          const row = await repo.insertReminder(tx, { tenantId: scope.tenantId, businessId: scope.businessId, id: newId(), ...fields, createdAt: now, updatedAt: now });
          await recordAudit(tx, actor, { model: 'payment_reminder', modelId: row.id, action: 'created', after: auditView(row) });
          return toResource(row);
        }),
      );
    },

    /** Invoices this rule already reminded stay reminded: changing the days does not mail them again. */
    async update(actor: AuditActor, scope: BusinessScope, id: string, input: PaymentReminderRequest): Promise<PaymentReminderResource> {
      const fields = paymentReminderRequestSchema.parse(input);
      return guardUnique(() =>
        inTenant(app.db, scope.tenantId, async (tx) => {
          const found = await repo.findReminder(tx, scope, id);
          if (!found) throw AppError.notFound();
          const row = await repo.updateReminder(tx, scope, id, fields, app.clock.now());
          await recordAudit(tx, actor, { model: 'payment_reminder', modelId: id, action: 'updated', before: auditView(found), after: auditView(row) });
          return toResource(row);
        }),
      );
    },

    async remove(actor: AuditActor, scope: BusinessScope, id: string): Promise<void> {
      await inTenant(app.db, scope.tenantId, async (tx) => {
        const found = await repo.findReminder(tx, scope, id);
        if (!found) throw AppError.notFound();
        await repo.deleteReminder(tx, scope, id);
        await recordAudit(tx, actor, { model: 'payment_reminder', modelId: id, action: 'deleted', before: auditView(found) });
      });
    },

    /** What was mailed for one of the business's own invoices (404 for any other invoice). */
    async deliveries(scope: BusinessScope, invoiceId: string): Promise<InvoiceReminderDelivery[]> {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        if (!(await repo.ownInvoiceExists(tx, scope, invoiceId))) throw AppError.notFound();
        return (await repo.deliveriesOfInvoice(tx, scope, invoiceId)).map((row) => ({
          reminder_id: row.reminderId,
          type: row.type,
          days: row.days,
          sent_to: row.sentTo,
          sent_at: row.sentAt.toISOString(),
        }));
      });
    },
  };
}

export type PaymentReminderService = ReturnType<typeof createPaymentReminderService>;
