/**
 * The bare baselines' authentication: the statements the app's request pipeline sends (tenant
 * context, live session, membership), rendered by drizzle from the app's own schema so the text is
 * the repository's byte for byte, and run straight on the driver. Every bare route that stands for
 * an authenticated API route runs them first, in a transaction of their own as the pipeline does.
 */
import { and, asc, desc, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AppDb } from '../apps/api/src/db/client';
import { businesses, businessUsers, invoiceTotals, oneTimeTokens, roles, sessions, users } from '../apps/api/src/db/schema';
import { sha256 } from '../apps/api/src/platform/crypto';
import type { Query, RawDb, Row } from './bench-kit';

export type BareStatement = { text: string; params: (values: Record<string, unknown>) => unknown[] };

/** Drizzle renders the query (so the text is the app's, byte for byte); placeholders become named values. */
function statement(built: { toSQL(): { sql: string; params: unknown[] } }, names: Record<string, string>): BareStatement {
  const { sql: text, params } = built.toSQL();
  const order = params.map((p) => (typeof p === 'string' && p in names ? names[p] : null));
  return {
    text,
    params: (values) => params.map((p, i) => (order[i] ? values[order[i] as string] : p)),
  };
}

/** The statements behind GET /api/v1/me and GET /api/v1/bootstrap (auth.repository, businesses.repository, invoice-list.repository, tenant-tx). */
export function appStatements(db: AppDb) {
  const T = '00000000-0000-4000-8000-00000000000a';
  const S = 'session-id-placeholder';
  const U = '00000000-0000-4000-8000-00000000000b';
  const B = '00000000-0000-4000-8000-00000000000c';
  const NOW = '2000-01-01T00:00:00.000Z';
  const DIRECTION = 'direction-placeholder';
  const names = { [T]: 'tenantId', [S]: 'sessionId', [U]: 'userId', [B]: 'businessId', [NOW]: 'now', [DIRECTION]: 'direction' };
  return {
    // db/tenant-tx.ts
    tenantContext: statement({ toSQL: () => new PgDialect().sqlToQuery(sql`select set_config('app.tenant_id', ${T}, true), set_config('role', 'app_user', true)`) }, names),
    // auth.repository findLiveSession
    liveSession: statement(
      db
        .select({ session: sessions, user: users, platformAbilities: roles.abilities })
        .from(sessions)
        .leftJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
        .leftJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.platformRoleId)))
        .where(and(eq(sessions.tenantId, T), eq(sessions.id, S), gt(sessions.expiresAt, new Date(NOW))))
        .limit(1),
      names,
    ),
    // auth.repository findMembership
    membership: statement(
      db
        .select({ isOwner: businessUsers.isOwner, abilities: roles.abilities, business: businesses })
        .from(businessUsers)
        .innerJoin(roles, and(eq(roles.tenantId, businessUsers.tenantId), eq(roles.id, businessUsers.roleId)))
        .innerJoin(businesses, and(eq(businesses.tenantId, businessUsers.tenantId), eq(businesses.id, businessUsers.businessId)))
        .where(and(eq(businessUsers.tenantId, T), eq(businessUsers.userId, U), eq(businessUsers.businessId, B), eq(businessUsers.status, 'active'), isNull(businesses.disabledAt)))
        .limit(1),
      names,
    ),
    // account.repository findPendingEmail (the user resource's pending_email)
    pendingEmail: statement(
      db
        .select({ email: oneTimeTokens.email })
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.tenantId, T),
            eq(oneTimeTokens.userId, U),
            eq(oneTimeTokens.purpose, 'email-change'),
            isNull(oneTimeTokens.usedAt),
            gt(oneTimeTokens.expiresAt, new Date(NOW)),
          ),
        )
        .orderBy(desc(oneTimeTokens.createdAt))
        .limit(1),
      names,
    ),
    // invoice-list.repository countByDirection (bootstrap's incoming and outgoing invoice counts)
    invoiceCount: statement(
      db
        .select({ count: sql<string>`coalesce(sum(${invoiceTotals.count}), 0)` })
        .from(invoiceTotals)
        .where(and(eq(invoiceTotals.tenantId, T), eq(invoiceTotals.businessId, B), eq(invoiceTotals.direction, sql`${DIRECTION}`))),
      names,
    ),
    // businesses.repository listUserCompanies(…, 0, 50)
    companies: statement(
      db
        .select({ id: businesses.id, name: businesses.name, slug: businesses.slug, logo: businesses.logo, role: roles.name })
        .from(businessUsers)
        .innerJoin(businesses, and(eq(businesses.tenantId, businessUsers.tenantId), eq(businesses.id, businessUsers.businessId)))
        .innerJoin(roles, and(eq(roles.tenantId, businessUsers.tenantId), eq(roles.id, businessUsers.roleId)))
        .where(and(eq(businessUsers.tenantId, T), eq(businessUsers.userId, U), eq(businessUsers.status, 'active'), isNull(businesses.disabledAt)))
        .orderBy(asc(businesses.name), asc(businesses.id))
        .offset(0)
        .limit(50),
      names,
    ),
  };
}

const sessionColumns = Object.keys(getTableColumns(sessions)).length;
const userColumnNames = Object.keys(getTableColumns(users));
const businessColumnNames = Object.keys(getTableColumns(businesses));

function asObject(names: string[], row: Row, offset = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  names.forEach((name, i) => {
    out[name] = row[offset + i];
  });
  return out;
}

function sessionCookieOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /(?:^|;\s*)session=([^;]+)/.exec(header);
  return match?.[1] ?? null;
}

export type BareAuth = { userId: string; sessionUser: Record<string, unknown> } | null;
export type BareMembership = { isOwner: unknown; abilities: unknown; business: Record<string, unknown> } | null;

/** The pipeline's identity and membership reads for one tenant, as bare SQL. */
export function bareAuthenticator(db: AppDb, tenantId: string) {
  const q = appStatements(db);
  const run = (query: Query, st: BareStatement, values: Record<string, unknown>) => query(st.text, st.params(values));

  /** modules/auth/authenticate.ts for a session cookie: tenant context, then the live session with its user. */
  async function authenticate(query: Query, cookieHeader: string | undefined): Promise<BareAuth> {
    const cookie = sessionCookieOf(cookieHeader);
    if (!cookie) return null;
    await run(query, q.tenantContext, { tenantId });
    const rows = await run(query, q.liveSession, { tenantId, sessionId: sha256(cookie), now: new Date().toISOString() });
    const row = rows[0];
    if (!row) return null;
    const user = asObject(userColumnNames, row, sessionColumns);
    if (user.status !== 'active') return null;
    return { userId: String(user.id), sessionUser: user };
  }

  /** The caller's membership of the business its header names. */
  async function membership(query: Query, userId: string, businessId: string | undefined): Promise<BareMembership> {
    if (!businessId) return null;
    const rows = await run(query, q.membership, { tenantId, userId, businessId });
    return rows[0] ? { isOwner: rows[0][0], abilities: rows[0][1], business: asObject(businessColumnNames, rows[0], 2) } : null;
  }

  /** Both, in one transaction, as the pipeline's onRequest hook runs them for a business route. */
  function authenticateMember(raw: RawDb, cookieHeader: string | undefined, businessId: string | undefined) {
    return raw.tx(async (query) => {
      const found = await authenticate(query, cookieHeader);
      return found ? { ...found, member: await membership(query, found.userId, businessId) } : null;
    });
  }

  return { statements: q, run, authenticate, membership, authenticateMember };
}

export const businessHeader = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
