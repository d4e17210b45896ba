import { and, asc, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { businesses, businessUsers, plans } from '../../db/schema';

export type PlanRow = typeof plans.$inferSelect;
export type PlanWithCount = PlanRow & { businessesCount: number };

/** Businesses on a plan: those that picked it, and for the default plan those that picked none. */
const businessesOnPlan = sql<number>`(
  select count(*)::int from ${businesses}
  where ${businesses.tenantId} = ${plans.tenantId}
    and (${businesses.planId} = ${plans.id} or (${businesses.planId} is null and ${plans.isDefault}))
)`;

/** Cheapest first: a yearly price counts as a twelfth per month, so plans of either interval compare. */
const monthlyPrice = sql`case when ${plans.interval} = 'year' then ${plans.price} / 12.0 else ${plans.price} end`;

export async function listPlans(tx: Tx, tenantId: string): Promise<PlanWithCount[]> {
  return tx
    .select({ plan: plans, businessesCount: businessesOnPlan })
    .from(plans)
    .where(eq(plans.tenantId, tenantId))
    .orderBy(asc(monthlyPrice), asc(plans.name))
    .then((rows) => rows.map((row) => ({ ...row.plan, businessesCount: row.businessesCount })));
}

export async function findPlan(tx: Tx, tenantId: string, id: string): Promise<PlanWithCount | undefined> {
  const rows = await tx
    .select({ plan: plans, businessesCount: businessesOnPlan })
    .from(plans)
    .where(and(eq(plans.tenantId, tenantId), eq(plans.id, id)))
    .limit(1);
  const row = rows[0];
  return row ? { ...row.plan, businessesCount: row.businessesCount } : undefined;
}

/** Locks the tenant's plan rows, so that two admins changing the default one after the other see each other's change. */
export async function lockPlans(tx: Tx, tenantId: string): Promise<PlanRow[]> {
  return tx.select().from(plans).where(eq(plans.tenantId, tenantId)).orderBy(asc(plans.id)).for('update');
}

export async function insertPlan(tx: Tx, row: typeof plans.$inferInsert): Promise<void> {
  await tx.insert(plans).values(row);
}

export async function updatePlan(tx: Tx, tenantId: string, id: string, patch: Partial<typeof plans.$inferInsert>): Promise<void> {
  await tx.update(plans).set(patch).where(and(eq(plans.tenantId, tenantId), eq(plans.id, id)));
}

export async function clearDefault(tx: Tx, tenantId: string, exceptId: string): Promise<void> {
  await tx.update(plans).set({ isDefault: false }).where(and(eq(plans.tenantId, tenantId), eq(plans.isDefault, true), ne(plans.id, exceptId)));
}

export async function deletePlan(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx.delete(plans).where(and(eq(plans.tenantId, tenantId), eq(plans.id, id)));
}

/** The plan the business picked, else the tenant's default: one row or none. */
function planOfBusinessQuery(tx: Tx, tenantId: string, businessId: string) {
  return tx
    .select({ plan: plans })
    .from(businesses)
    .innerJoin(plans, and(eq(plans.tenantId, businesses.tenantId), or(eq(plans.id, businesses.planId), and(isNull(businesses.planId), eq(plans.isDefault, true)))))
    .where(and(eq(businesses.tenantId, tenantId), eq(businesses.id, businessId)))
    .limit(1);
}

/**
 * The plan a business is on (the one it picked, else the tenant's default; undefined when the
 * tenant sells none), holding the business row so that two people added at once are counted one
 * after the other against the plan's team limit.
 */
export async function lockedPlanOfBusiness(tx: Tx, tenantId: string, businessId: string): Promise<PlanRow | undefined> {
  const rows = await planOfBusinessQuery(tx, tenantId, businessId).for('update', { of: businesses });
  return rows[0]?.plan;
}

/** The plan a business is on (the one it picked, else the default); undefined when the tenant sells none. */
export async function planOfBusiness(tx: Tx, tenantId: string, businessId: string): Promise<PlanRow | undefined> {
  const rows = await planOfBusinessQuery(tx, tenantId, businessId);
  return rows[0]?.plan;
}

/** Each plan's name and features, cheapest first: what the menus of every bootstrap read (no business counts). */
export async function planFeaturesCheapestFirst(tx: Tx, tenantId: string): Promise<{ name: string; features: string[] }[]> {
  return tx.select({ name: plans.name, features: plans.features }).from(plans).where(eq(plans.tenantId, tenantId)).orderBy(asc(monthlyPrice), asc(plans.name));
}

/** The cheapest plan that includes `feature`. */
export async function cheapestPlanWith(tx: Tx, tenantId: string, feature: string): Promise<PlanRow | undefined> {
  const rows = await tx
    .select()
    .from(plans)
    .where(and(eq(plans.tenantId, tenantId), sql`${plans.features} @> ${JSON.stringify([feature])}::jsonb`))
    .orderBy(asc(monthlyPrice), asc(plans.name))
    .limit(1);
  return rows[0];
}

/** The cheapest plan that lets `users` people work in a business. */
export async function cheapestPlanForUsers(tx: Tx, tenantId: string, users: number): Promise<PlanRow | undefined> {
  const rows = await tx
    .select()
    .from(plans)
    .where(and(eq(plans.tenantId, tenantId), or(isNull(plans.maxTeamUsers), sql`${plans.maxTeamUsers} >= ${users}`)))
    .orderBy(asc(monthlyPrice), asc(plans.name))
    .limit(1);
  return rows[0];
}

/** Businesses that picked the plan themselves (not those on it as the default). */
export async function countBusinessesPicking(tx: Tx, tenantId: string, planId: string): Promise<number> {
  const rows = await tx.select({ n: count() }).from(businesses).where(and(eq(businesses.tenantId, tenantId), eq(businesses.planId, planId)));
  return rows[0]?.n ?? 0;
}

/**
 * The largest team (active and invited people) of the businesses that would be on the plan: those
 * that picked it and, when it is the default, those that picked none.
 */
export async function largestTeamOnPlan(tx: Tx, tenantId: string, planId: string, isDefault: boolean): Promise<number> {
  const onPlan = isDefault ? or(eq(businesses.planId, planId), isNull(businesses.planId)) : eq(businesses.planId, planId);
  const teams = tx
    .select({ size: count(businessUsers.userId).as('size') })
    .from(businesses)
    .innerJoin(businessUsers, and(eq(businessUsers.tenantId, businesses.tenantId), eq(businessUsers.businessId, businesses.id), inArray(businessUsers.status, ['active', 'invited'])))
    .where(and(eq(businesses.tenantId, tenantId), onPlan))
    .groupBy(businesses.id)
    .as('teams');
  const rows = await tx.select({ largest: sql<number>`coalesce(max(${teams.size}), 0)::int` }).from(teams);
  return rows[0]?.largest ?? 0;
}

/** People who work in the business or were invited to: what a plan's team limit counts. */
export async function countTeamUsers(tx: Tx, tenantId: string, businessId: string): Promise<number> {
  const rows = await tx
    .select({ n: count() })
    .from(businessUsers)
    .where(and(eq(businessUsers.tenantId, tenantId), eq(businessUsers.businessId, businessId), inArray(businessUsers.status, ['active', 'invited'])));
  return rows[0]?.n ?? 0;
}
