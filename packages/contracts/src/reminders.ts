import { z } from 'zod';
import { listQuerySchema } from './common';
import { integer } from './fields';
import { sharedMessages as messages } from './shared-messages';

/** Spec section 5: 'Reminder days: a number, 0 to 90'. */
export const MAX_REMINDER_DAYS = 90;
export const paymentReminderTypes = ['before_due', 'on_due', 'after_due'] as const;
export type PaymentReminderType = (typeof paymentReminderTypes)[number];

const listMetaShape = { current_page: z.number(), last_page: z.number(), per_page: z.number(), total: z.number() };

export const paymentReminderResourceSchema = z.object({
  id: z.string(),
  type: z.enum(paymentReminderTypes),
  days: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PaymentReminderResource = z.infer<typeof paymentReminderResourceSchema>;

/** An 'on due' rule is the due date itself, so its days are always 0 (one such rule per business). */
export const paymentReminderRequestSchema = z
  .object({
    type: z.enum(paymentReminderTypes, { error: messages.invalidReminderType }),
    days: integer({ max: MAX_REMINDER_DAYS, message: messages.reminderDaysRange }),
  })
  .transform((rule) => (rule.type === 'on_due' ? { ...rule, days: 0 } : rule));
export type PaymentReminderRequest = z.input<typeof paymentReminderRequestSchema>;
export type PaymentReminderPayload = z.output<typeof paymentReminderRequestSchema>;

export const paymentRemindersQuerySchema = listQuerySchema.extend({ type: z.enum(paymentReminderTypes).optional() });

export const paymentReminderListResponseSchema = z.object({
  data: z.array(paymentReminderResourceSchema),
  meta: z.object({ ...listMetaShape, payment_reminder_total_count: z.number() }),
});
export type PaymentReminderListResponse = z.infer<typeof paymentReminderListResponseSchema>;

/** A reminder mailed for an invoice (GET /invoices/{id}/reminders): the rule, when and to whom. */
export const invoiceReminderDeliverySchema = z.object({
  reminder_id: z.string(),
  type: z.enum(paymentReminderTypes),
  days: z.number(),
  sent_to: z.string(),
  sent_at: z.string(),
});
export type InvoiceReminderDelivery = z.infer<typeof invoiceReminderDeliverySchema>;
export const invoiceReminderDeliveriesResponseSchema = z.object({ data: z.array(invoiceReminderDeliverySchema) });
export type InvoiceReminderDeliveriesResponse = z.infer<typeof invoiceReminderDeliveriesResponseSchema>;
