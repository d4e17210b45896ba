import { type MailConfigResource, messages, type updateMailConfigRequestSchema } from '@app/contracts';
import type { z } from 'zod';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { mailerFromSettings } from '../../platform/tenant-mail';
import * as repo from './mail-settings.repository';

const DEFAULTS: MailConfigResource = { configured: false, host: '', port: 587, username: null, encryption: 'starttls', from_name: '', from_address: '', has_password: false };

function toResource(row: repo.MailSettingsRow | undefined): MailConfigResource {
  if (!row) return DEFAULTS;
  return {
    configured: true,
    host: row.host,
    port: row.port,
    username: row.username,
    encryption: row.encryption,
    from_name: row.fromName,
    from_address: row.fromAddress,
    has_password: row.password !== null,
  };
}

/** Admin area → email configuration: the tenant's own SMTP server; the password never leaves sealed. */
export function createMailSettingsService(app: AppContext) {
  return {
    async get(tenantId: string): Promise<MailConfigResource> {
      return toResource(await inTenant(app.db, tenantId, (tx) => repo.findMailSettings(tx, tenantId)));
    },

    async update(actor: AuditActor, input: z.output<typeof updateMailConfigRequestSchema>): Promise<MailConfigResource> {
      const tenantId = actor.tenantId;
      const saved = await inTenant(app.db, tenantId, async (tx) => {
        const before = await repo.findMailSettings(tx, tenantId);
        const row = await repo.saveMailSettings(tx, {
          tenantId,
          host: input.host,
          port: input.port,
          username: input.username || null,
          password: input.password ? app.secretBox.seal(input.password) : (before?.password ?? null),
          encryption: input.encryption,
          fromName: input.from_name,
          fromAddress: input.from_address,
        });
        await recordAudit(tx, actor, {
          model: 'mail_settings',
          modelId: tenantId,
          action: before ? 'updated' : 'created',
          before: before ? { ...toResource(before), password: before.password } : null,
          after: { ...toResource(row), password: row.password },
        });
        return row;
      });
      app.outbox.forgetTenantMailer(tenantId);
      return toResource(saved);
    },

    /** Sends one mail now through the tenant's saved server and reports the server's answer. */
    async sendTest(tenantId: string, to: string): Promise<string> {
      const row = await inTenant(app.db, tenantId, (tx) => repo.findMailSettings(tx, tenantId));
      if (!row) throw AppError.validation('host', messages.mailNotConfigured);
      const mailer = mailerFromSettings(row, app.secretBox);
      try {
        return await mailer.transport.send({
          from: mailer.from,
          to,
          subject: 'Test mail',
          text: 'This is a test mail from your email configuration. If you can read it, mail is delivered.',
          html: null,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new AppError('mail_test_failed', message.slice(0, 500), 422, { to: [message.slice(0, 500)] });
      } finally {
        mailer.transport.close();
      }
    },
  };
}

export type MailSettingsService = ReturnType<typeof createMailSettingsService>;
