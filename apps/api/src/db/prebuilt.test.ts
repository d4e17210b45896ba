import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentActors, type DocumentActors } from '../../test/document-actors';
import { type Harness, createHarness } from '../../test/harness';
import { findLiveSession, findMembership } from '../modules/auth/auth.repository';
import { businesses, businessUsers, plans, roles, sessions, users } from './schema';
import { inTenant } from './tenant-tx';

/**
 * The authentication lookups are prebuilt (db/prebuilt.ts): they must answer exactly what drizzle's
 * own select of the same query answers, row for row and value for value (dates, JSON, a left join
 * that found nothing), and see only the caller's tenant.
 */
let h: Harness;
let actors: DocumentActors;
const NOW = new Date();

beforeAll(async () => {
  h = await createHarness();
  actors = await createDocumentActors(h);
});
afterAll(async () => {
  await h.close();
});

function drizzleSession(tenantId: string, id: string) {
  return inTenant(h.app.db, tenantId, async (tx) => {
    const rows = await tx
      .select({ session: sessions, user: users, platformAbilities: roles.abilities })
      .from(sessions)
      .leftJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
      .leftJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.platformRoleId)))
      .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, id), gt(sessions.expiresAt, NOW)))
      .limit(1);
    return rows[0];
  });
}

function drizzleMembership(tenantId: string, userId: string, businessId: string) {
  return inTenant(h.app.db, tenantId, async (tx) => {
    const rows = await tx
      .select({ isOwner: businessUsers.isOwner, abilities: roles.abilities, business: businesses, planFeatures: plans.features })
      .from(businessUsers)
      .innerJoin(roles, and(eq(roles.tenantId, businessUsers.tenantId), eq(roles.id, businessUsers.roleId)))
      .innerJoin(businesses, and(eq(businesses.tenantId, businessUsers.tenantId), eq(businesses.id, businessUsers.businessId)))
      .leftJoin(plans, and(eq(plans.tenantId, businesses.tenantId), or(eq(plans.id, businesses.planId), and(isNull(businesses.planId), eq(plans.isDefault, true)))))
      .where(and(eq(businessUsers.tenantId, tenantId), eq(businessUsers.userId, userId), eq(businessUsers.businessId, businessId), eq(businessUsers.status, 'active'), isNull(businesses.disabledAt)))
      .limit(1);
    return rows[0];
  });
}

describe('prebuilt authentication lookups', () => {
  it('answer every live session of both tenants as drizzle does, the platform user with abilities', async () => {
    for (const tenantId of [h.landlordId, h.otherTenantId]) {
      const ids = await inTenant(h.app.db, tenantId, (tx) => tx.select({ id: sessions.id }).from(sessions));
      expect(ids.length).toBeGreaterThan(0);
      for (const { id } of ids) {
        const prebuilt = await inTenant(h.app.db, tenantId, (tx) => findLiveSession(tx, tenantId, id, NOW));
        expect(prebuilt).toEqual(await drizzleSession(tenantId, id));
        expect(prebuilt?.session.expiresAt).toBeInstanceOf(Date);
      }
    }
    const admin = await inTenant(h.app.db, h.landlordId, (tx) => tx.select({ id: sessions.id }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(users.isPlatformUser, true)).limit(1));
    const found = await inTenant(h.app.db, h.landlordId, (tx) => findLiveSession(tx, h.landlordId, admin[0]?.id ?? '', NOW));
    expect(found?.platformAbilities).toEqual(expect.arrayContaining([expect.stringMatching(/^.+$/)]));
  });

  it('answer a session without a signed-in user with a null user, as a left join in drizzle does', async () => {
    const id = 'prebuilt-anonymous-session';
    await inTenant(h.app.db, h.landlordId, (tx) => tx.insert(sessions).values({ tenantId: h.landlordId, id, csrfToken: 'csrf', expiresAt: new Date(NOW.getTime() + 60_000) }));
    const prebuilt = await inTenant(h.app.db, h.landlordId, (tx) => findLiveSession(tx, h.landlordId, id, NOW));
    expect(prebuilt).toEqual(await drizzleSession(h.landlordId, id));
    expect(prebuilt?.user).toBeNull();
    expect(prebuilt?.platformAbilities).toBeNull();
  });

  it('answer nothing for an expired session', async () => {
    const id = 'prebuilt-expired-session';
    await inTenant(h.app.db, h.landlordId, (tx) => tx.insert(sessions).values({ tenantId: h.landlordId, id, csrfToken: 'csrf', expiresAt: new Date(NOW.getTime() - 1) }));
    expect(await inTenant(h.app.db, h.landlordId, (tx) => findLiveSession(tx, h.landlordId, id, NOW))).toBeUndefined();
  });

  it('answer memberships as drizzle does, and nothing across tenants or for another business', async () => {
    const { a1, a2, b1 } = actors;
    const owners = await inTenant(h.app.db, a1.tenantId, (tx) => tx.select({ userId: businessUsers.userId }).from(businessUsers).where(eq(businessUsers.businessId, a1.businessId)));
    const userId = owners[0]?.userId ?? '';
    for (const businessId of [a1.businessId, a2.businessId]) {
      const prebuilt = await inTenant(h.app.db, a1.tenantId, (tx) => findMembership(tx, a1.tenantId, userId, businessId));
      expect(prebuilt).toBeDefined();
      expect(prebuilt).toEqual(await drizzleMembership(a1.tenantId, userId, businessId));
      expect(prebuilt?.business.createdAt).toBeInstanceOf(Date);
    }
    // Tenant B's business asked for in tenant A's context, and tenant A's asked for under tenant B: row-level security hides both.
    expect(await inTenant(h.app.db, a1.tenantId, (tx) => findMembership(tx, a1.tenantId, userId, b1.businessId))).toBeUndefined();
    expect(await inTenant(h.app.db, b1.tenantId, (tx) => findMembership(tx, a1.tenantId, userId, a1.businessId))).toBeUndefined();
  });
});
