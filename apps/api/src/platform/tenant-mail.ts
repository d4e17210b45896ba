import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { businessMailSettings, mailSettings } from '../db/schema';
import type { SecretBox } from './crypto';
import { type MailTransport, type SmtpSettings, smtpTransport } from './mail';
import type { MailHostGuard } from './mail-host-guard';

/** The columns a mail server is made from: the tenant's settings or a business's. */
export type MailSettingsRow = Pick<typeof mailSettings.$inferSelect, 'host' | 'port' | 'username' | 'password' | 'encryption' | 'fromName' | 'fromAddress'>;

/** A transport with the sender address that goes with it. */
export type Mailer = { transport: MailTransport; from: string };

/** Other app processes see a tenant's new settings this long after the change at most (the process that saved them at once). */
const CACHE_MS = 10_000;

/** `"Name" <address>` with the characters that could break the header removed from the name. */
export function fromHeader(name: string, address: string): string {
  const clean = name.replace(/["\\\r\n<>]/g, '').trim();
  return clean ? `"${clean}" <${address}>` : address;
}

/**
 * A tenant's SMTP: every send checks the host again (it may resolve elsewhere by now) and connects
 * to the checked address, presenting the host name to TLS. A refused host fails the send.
 */
function guardedTransport(settings: SmtpSettings, mailHosts: MailHostGuard): MailTransport {
  return {
    async send(mail) {
      const target = await mailHosts.check(settings.host);
      const transport = smtpTransport({ ...settings, host: target.address, servername: target.servername });
      try {
        return await transport.send(mail);
      } finally {
        transport.close();
      }
    },
    close() {
      // Each send opens and closes its own connection.
    },
  };
}

export function mailerFromSettings(row: MailSettingsRow, secretBox: SecretBox, mailHosts: MailHostGuard): Mailer {
  return {
    transport: guardedTransport(
      {
        host: row.host,
        port: row.port,
        secure: row.encryption === 'tls',
        requireTls: row.encryption === 'starttls',
        ignoreTls: row.encryption === 'none',
        username: row.username ?? undefined,
        password: row.password ? secretBox.open(row.password) : undefined,
      },
      mailHosts,
    ),
    from: fromHeader(row.fromName, row.fromAddress),
  };
}

/**
 * Each tenant's own SMTP (admin → email configuration), cached per tenant. The settings are read
 * with the caller's tenant transaction (the embedded database has a single connection); a change
 * of settings calls `forget` so the next mail uses them.
 */
export class TenantMailers {
  private readonly cache = new Map<string, { mailer: Mailer | null; until: number }>();

  constructor(
    private readonly secretBox: SecretBox,
    private readonly mailHosts: MailHostGuard,
  ) {}

  async lookup(tx: Tx, tenantId: string): Promise<Mailer | null> {
    const cached = this.cache.get(tenantId);
    if (cached && cached.until > Date.now()) return cached.mailer;
    const rows = await tx.select().from(mailSettings).where(eq(mailSettings.tenantId, tenantId)).limit(1);
    const row = rows[0];
    const mailer = row ? mailerFromSettings(row, this.secretBox, this.mailHosts) : null;
    cached?.mailer?.transport.close();
    this.cache.set(tenantId, { mailer, until: Date.now() + CACHE_MS });
    return mailer;
  }

  /** A business's own SMTP (settings → email configuration), cached like the tenant's under the business's key. */
  async lookupBusiness(tx: Tx, tenantId: string, businessId: string): Promise<Mailer | null> {
    const key = `${tenantId}:${businessId}`;
    const cached = this.cache.get(key);
    if (cached && cached.until > Date.now()) return cached.mailer;
    const rows = await tx
      .select()
      .from(businessMailSettings)
      .where(and(eq(businessMailSettings.tenantId, tenantId), eq(businessMailSettings.businessId, businessId)))
      .limit(1);
    const row = rows[0];
    const mailer = row ? mailerFromSettings(row, this.secretBox, this.mailHosts) : null;
    cached?.mailer?.transport.close();
    this.cache.set(key, { mailer, until: Date.now() + CACHE_MS });
    return mailer;
  }

  forget(tenantId: string): void {
    this.cache.get(tenantId)?.mailer?.transport.close();
    this.cache.delete(tenantId);
  }

  forgetBusiness(tenantId: string, businessId: string): void {
    this.forget(`${tenantId}:${businessId}`);
  }
}
