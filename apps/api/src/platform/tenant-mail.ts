import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { mailSettings } from '../db/schema';
import type { SecretBox } from './crypto';
import { type MailTransport, smtpTransport } from './mail';

export type MailSettingsRow = typeof mailSettings.$inferSelect;

/** A transport with the sender address that goes with it. */
export type Mailer = { transport: MailTransport; from: string };

const CACHE_MS = 5 * 60_000;

/** `"Name" <address>` with the characters that could break the header removed from the name. */
export function fromHeader(name: string, address: string): string {
  const clean = name.replace(/["\\\r\n<>]/g, '').trim();
  return clean ? `"${clean}" <${address}>` : address;
}

export function mailerFromSettings(row: MailSettingsRow, secretBox: SecretBox): Mailer {
  return {
    transport: smtpTransport({
      host: row.host,
      port: row.port,
      secure: row.encryption === 'tls',
      requireTls: row.encryption === 'starttls',
      ignoreTls: row.encryption === 'none',
      username: row.username ?? undefined,
      password: row.password ? secretBox.open(row.password) : undefined,
    }),
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

  constructor(private readonly secretBox: SecretBox) {}

  async lookup(tx: Tx, tenantId: string): Promise<Mailer | null> {
    const cached = this.cache.get(tenantId);
    if (cached && cached.until > Date.now()) return cached.mailer;
    const rows = await tx.select().from(mailSettings).where(eq(mailSettings.tenantId, tenantId)).limit(1);
    const row = rows[0];
    const mailer = row ? mailerFromSettings(row, this.secretBox) : null;
    cached?.mailer?.transport.close();
    this.cache.set(tenantId, { mailer, until: Date.now() + CACHE_MS });
    return mailer;
  }

  forget(tenantId: string): void {
    this.cache.get(tenantId)?.mailer?.transport.close();
    this.cache.delete(tenantId);
  }
}
