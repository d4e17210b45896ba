import { z } from 'zod';
import { type NotificationSettingsResponse, type WebhookEventType, isNotificationEvent, notificationEvents, updateNotificationSettingsRequestSchema } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { findBusiness } from '../businesses/businesses.port';
import { counterpartyNameInTx } from '../counterparties/counterparties.port';
import { templatedMail } from '../email-templates/email-templates.port';
import { counterpartyOf, notificationTold } from './notification-mail';
import * as repo from './notifications.repository';

const recipientList = z.array(z.string());

async function settingsOf(tx: Tx, scope: BusinessScope): Promise<NotificationSettingsResponse['data']> {
  const stored = new Map((await repo.listSettings(tx, scope)).map((row) => [row.event, recipientList.parse(row.recipients)]));
  return notificationEvents.map((event) => ({ event, recipients: stored.get(event) ?? [] }));
}

/** Settings → notifications, and the mails they send. */
export function createNotificationService(app: AppContext) {
  return {
    async settings(scope: BusinessScope): Promise<NotificationSettingsResponse['data']> {
      return inTenant(app.db, scope.tenantId, (tx) => settingsOf(tx, scope));
    },

    async update(actor: AuditActor, scope: BusinessScope, input: z.input<typeof updateNotificationSettingsRequestSchema>): Promise<NotificationSettingsResponse['data']> {
      const parsed = updateNotificationSettingsRequestSchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const before = await settingsOf(tx, scope);
        // Events left out of the request keep their addresses.
        const sent = new Map(parsed.settings.map((setting) => [setting.event, setting.recipients]));
        const after = before.map((setting) => ({ event: setting.event, recipients: sent.get(setting.event) ?? setting.recipients }));
        await repo.replaceSettings(tx, scope, after, app.clock.now());
        const changed = (list: typeof before) => Object.fromEntries(list.filter((setting) => sent.has(setting.event)).map((setting) => [setting.event, setting.recipients]));
        await recordAudit(tx, actor, { model: 'business_settings', modelId: scope.businessId, action: 'updated', before: { notifications: changed(before) }, after: { notifications: changed(after) } });
        return after;
      });
    },

    /**
     * Hears every event of a business (webhook-events.ts) in the transaction of its change, and
     * writes one mail per chosen address to the outbox: a change that rolls back tells nobody.
     */
    async tell(tx: Tx, scope: BusinessScope, type: WebhookEventType, data: unknown): Promise<void> {
      if (!isNotificationEvent(type)) return;
      const recipients = recipientList.parse(await repo.recipientsFor(tx, scope, type));
      if (recipients.length === 0) return;
      const business = await findBusiness(tx, scope.tenantId, scope.businessId);
      if (!business) return;
      const counterparty = counterpartyOf(type, data);
      const counterpartyName = counterparty ? await counterpartyNameInTx(tx, scope.tenantId, scope.businessId, counterparty.kind, counterparty.id) : null;
      const told = notificationTold(type, data, counterpartyName);
      const variables = { business_name: business.name, event_type: type, headline: told.headline, details: told.details };
      for (const to of recipients) await app.outbox.write(tx, scope.tenantId, { ...(await templatedMail(tx, scope.tenantId, 'business_notification', { to, variables, secrets: [] })), businessId: scope.businessId });
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
