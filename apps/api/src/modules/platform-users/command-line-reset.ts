import type { AppDb } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import { recordAudit, systemActor } from '../../platform/audit';
import { hashPassword } from '../../platform/passwords';
import * as authPort from '../auth/auth.port';
import { endAccessAfterPasswordChange } from '../auth/auth.service';
import { listTenants } from '../tenants/tenants.service';

const TENANT_PAGE = 200;

export type CommandLineReset = { email: string; password: string; tenant: string | null };
export type CommandLineResetResult =
  | { outcome: 'reset'; email: string; tenantName: string; status: string }
  | { outcome: 'unknown-email' }
  | { outcome: 'several-tenants'; tenants: { id: string; name: string }[] };

type Match = { tenantId: string; tenantName: string };

/** The tenants in which `email` belongs to a platform user; tenants are few, so each is asked in turn. */
async function tenantsWithPlatformUser(db: AppDb, email: string, tenant: string | null): Promise<Match[]> {
  const matches: Match[] = [];
  for (let offset = 0; ; offset += TENANT_PAGE) {
    const page = await listTenants(db, null, offset, TENANT_PAGE);
    for (const { tenant: row, domains } of page) {
      if (tenant !== null && row.id !== tenant && !domains.includes(tenant)) continue;
      const user = await inTenant(db, row.id, (tx) => authPort.findUserByEmail(tx, row.id, email));
      if (user?.isPlatformUser) matches.push({ tenantId: row.id, tenantName: row.name });
    }
    if (page.length < TENANT_PAGE) return matches;
  }
}

/**
 * A platform user's new password, set from the server's command line for when no mail server
 * can deliver a reset link. Like a reset by mail it ends every session, token and outstanding
 * link of the account, and it proves nothing about the mailbox, so an unverified address stays so.
 * Business users are refused: their owners reset them by mail or invite them again.
 */
export async function resetPlatformUserPassword(db: AppDb, now: Date, input: CommandLineReset): Promise<CommandLineResetResult> {
  const matches = await tenantsWithPlatformUser(db, input.email, input.tenant);
  const [match] = matches;
  if (!match) return { outcome: 'unknown-email' };
  if (matches.length > 1) return { outcome: 'several-tenants', tenants: matches.map((m) => ({ id: m.tenantId, name: m.tenantName })) };
  const passwordHash = await hashPassword(input.password);
  return inTenant(db, match.tenantId, async (tx) => {
    const user = await authPort.findUserByEmail(tx, match.tenantId, input.email);
    if (!user?.isPlatformUser) return { outcome: 'unknown-email' };
    await authPort.updateUser(tx, match.tenantId, user.id, { passwordHash, ...(user.status === 'invited' ? { status: 'active' } : {}) });
    await endAccessAfterPasswordChange(tx, match.tenantId, user.id, now, { keepSessionId: null, personalTokens: 'revoke' });
    const actor = systemActor(match.tenantId, null);
    await recordAudit(tx, actor, { model: 'user', modelId: user.id, action: 'updated', before: { password: 'unchanged' }, after: { password: 'reset from the command line' } });
    const status = user.status === 'invited' ? 'active' : user.status;
    return { outcome: 'reset', email: user.email, tenantName: match.tenantName, status };
  });
}
