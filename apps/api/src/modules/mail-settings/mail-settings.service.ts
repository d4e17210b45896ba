import { type MailConfigResource, messages, type updateMailConfigRequestSchema } from '@app/contracts';
import type { z } from 'zod';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { MailHostRefused } from '../../platform/mail-host-guard';
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

type MailConfigInput = z.output<typeof updateMailConfigRequestSchema>;

/** Whether saving `input` over `before` would send the stored password somewhere it was not sent before. */
function movesStoredPassword(before: repo.MailSettingsRow | undefined, input: MailConfigInput): boolean {
  if (!before?.password || !input.username) return false;
  return before.host.toLowerCase() !== input.host.toLowerCase() || before.port !== input.port || (before.username ?? '') !== input.username || before.encryption !== input.encryption;
}

/**
 * Admin area → email configuration: the tenant's own SMTP server; the password never leaves
 * sealed. The host must resolve to public addresses only (checked here and again at every send),
 * and the stored password follows no change of server, port, username or encryption: those need
 * it typed again.
 */
export function createMailSettingsService(app: AppContext) {
  /** The next mail uses the new settings at once in this process. */
  const forget = (owner: repo.MailSettingsOwner) => (owner.businessId ? app.outbox.forgetBusinessMailer(owner.tenantId, owner.businessId) : app.outbox.forgetTenantMailer(owner.tenantId));
  const modelOf = (owner: repo.MailSettingsOwner) => (owner.businessId ? 'business_mail_settings' : 'mail_settings');

  return {
    async get(owner: repo.MailSettingsOwner): Promise<MailConfigResource> {
      return toResource(await inTenant(app.db, owner.tenantId, (tx) => repo.findMailSettings(tx, owner)));
    },

    async update(actor: AuditActor, owner: repo.MailSettingsOwner, input: MailConfigInput): Promise<MailConfigResource> {
      const tenantId = owner.tenantId;
      await app.mailHosts.check(input.host).catch((error: unknown) => {
        throw error instanceof MailHostRefused ? AppError.validation('host', messages.mailHostRefused) : error;
      });
      const saved = await inTenant(app.db, tenantId, async (tx) => {
        const before = await repo.findMailSettings(tx, owner);
        if (!input.password && movesStoredPassword(before, input)) throw AppError.validation('password', messages.mailPasswordRequired);
        const kept = input.password ? app.secretBox.seal(input.password) : (before?.password ?? null);
        const row = await repo.saveMailSettings(tx, owner, {
          host: input.host,
          port: input.port,
          username: input.username || null,
          // Without a username no login is attempted, so no password is kept either.
          password: input.username ? kept : null,
          encryption: input.encryption,
          fromName: input.from_name,
          fromAddress: input.from_address,
        });
        await recordAudit(tx, actor, {
          model: modelOf(owner),
          modelId: owner.businessId ?? tenantId,
          action: before ? 'updated' : 'created',
          before: before ? { ...toResource(before), password: before.password } : null,
          after: { ...toResource(row), password: row.password },
        });
        return row;
      });
      forget(owner);
      return toResource(saved);
    },

    /** A business goes back to the tenant's mail server. */
    async remove(actor: AuditActor, owner: repo.MailSettingsOwner & { businessId: string }): Promise<MailConfigResource> {
      await inTenant(app.db, owner.tenantId, async (tx) => {
        const before = await repo.findMailSettings(tx, owner);
        if (!before) return;
        await repo.deleteBusinessMailSettings(tx, owner.tenantId, owner.businessId);
        await recordAudit(tx, actor, { model: modelOf(owner), modelId: owner.businessId, action: 'deleted', before: { ...toResource(before), password: before.password } });
      });
      forget(owner);
      return DEFAULTS;
    },

    /**
     * Sends one mail now through the saved server and reports the server's answer. Any
     * failure (refused host, closed port, timeout, TLS, login) answers the same 'could not
     * connect', so the answer cannot probe a network; `logFailure` gets the cause for the server log.
     */
    async sendTest(owner: repo.MailSettingsOwner, to: string, logFailure: (error: unknown) => void): Promise<string> {
      const row = await inTenant(app.db, owner.tenantId, (tx) => repo.findMailSettings(tx, owner));
      if (!row) throw AppError.validation('host', messages.mailNotConfigured);
      const mailer = mailerFromSettings(row, app.secretBox, app.mailHosts);
      try {
        return await mailer.transport.send({
          from: mailer.from,
          to,
          subject: 'Test mail',
          text: 'This is a test mail from your email configuration. If you can read it, mail is delivered.',
          html: null,
        });
      } catch (error) {
        logFailure(error);
        throw new AppError('mail_test_failed', messages.mailTestFailed, 422, { to: [messages.mailTestFailed] });
      } finally {
        mailer.transport.close();
      }
    },
  };
}

export type MailSettingsService = ReturnType<typeof createMailSettingsService>;
export type { MailSettingsOwner } from './mail-settings.repository';
