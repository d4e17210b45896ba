import { z } from 'zod';
import { emailSchema } from './common';
import { listOf } from './fields';
import { messages } from './messages';
import type { WebhookEventType } from './webhook-events';

/**
 * Settings → notifications (manage-notifications): which of the business's events email whom.
 * Each is one of the webhook catalogue's events, told by mail through the outbox in the
 * transaction of the change, to the addresses the business chose; none chosen, none sent.
 */
export const notificationEvents = [
  'invoice.viewed',
  'invoice.approved',
  'invoice.rejected',
  'invoice.paid',
  'invoice.overdue',
  'payment.succeeded',
  'payment.failed',
  'estimate.approved',
  'estimate.rejected',
  'loan.funded',
  'loan.repaid',
] as const satisfies readonly WebhookEventType[];
export type NotificationEvent = (typeof notificationEvents)[number];

const notificationEventSet: ReadonlySet<string> = new Set(notificationEvents);

export function isNotificationEvent(type: string): type is NotificationEvent {
  return notificationEventSet.has(type);
}

/** At most this many addresses per event: a notification is for the people who act on it, not a mailing list. */
export const MAX_NOTIFICATION_RECIPIENTS = 10;

const recipientsSchema = listOf(emailSchema, { max: MAX_NOTIFICATION_RECIPIENTS }).refine((list) => new Set(list).size === list.length, messages.duplicateRecipient);

export const notificationSettingSchema = z.object({ event: z.enum(notificationEvents), recipients: recipientsSchema });

export const updateNotificationSettingsRequestSchema = z.object({
  settings: listOf(notificationSettingSchema, { max: notificationEvents.length }).refine((list) => new Set(list.map((s) => s.event)).size === list.length, messages.duplicateNotificationEvent),
});
export type UpdateNotificationSettingsRequest = z.input<typeof updateNotificationSettingsRequestSchema>;

/** Every event of the catalogue in its order, with the addresses it mails (empty: off). */
export const notificationSettingsResponseSchema = z.object({
  data: z.array(z.object({ event: z.enum(notificationEvents), recipients: z.array(z.string()) })),
});
export type NotificationSettingsResponse = z.infer<typeof notificationSettingsResponseSchema>;
