import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { ALL_ABILITIES, type OutgoingEventStatus } from '@app/contracts';
import type { AppDb, Tx } from '../../db/client';
import { businessUsers, businesses, roles, users, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type EventRow = typeof webhookEvents.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

/** The endpoints a caller manages: the tenant's own (businessId null) or one business's. */
export type EndpointScope = { tenantId: string; businessId: string | null };

const inScope = (scope: EndpointScope) =>
  and(eq(webhookEndpoints.tenantId, scope.tenantId), scope.businessId === null ? isNull(webhookEndpoints.businessId) : eq(webhookEndpoints.businessId, scope.businessId));

const count = sql<number>`count(*)::int`;

export async function insertEndpoint(tx: Tx, row: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [inserted] = await tx.insert(webhookEndpoints).values(row).returning();
  if (!inserted) throw new Error('The endpoint was not stored');
  return inserted;
}

export async function findEndpoint(tx: Tx, scope: EndpointScope, id: string): Promise<EndpointRow | null> {
  const rows = await tx
    .select()
    .from(webhookEndpoints)
    .where(and(inScope(scope), eq(webhookEndpoints.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function listEndpoints(tx: Tx, scope: EndpointScope, status: EndpointRow['status'] | undefined, offset: number, limit: number) {
  const where = and(inScope(scope), status ? eq(webhookEndpoints.status, status) : undefined);
  const rows = await tx.select().from(webhookEndpoints).where(where).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id)).offset(offset).limit(limit);
  const [total] = await tx.select({ count }).from(webhookEndpoints).where(where);
  return { rows, total: total?.count ?? 0 };
}

export async function updateEndpoint(tx: Tx, scope: EndpointScope, id: string, changes: Partial<typeof webhookEndpoints.$inferInsert>): Promise<EndpointRow | null> {
  const [updated] = await tx
    .update(webhookEndpoints)
    .set(changes)
    .where(and(inScope(scope), eq(webhookEndpoints.id, id)))
    .returning();
  return updated ?? null;
}

export async function deleteEndpoint(tx: Tx, scope: EndpointScope, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(webhookEndpoints)
    .where(and(inScope(scope), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

/** Deliveries still to be sent to an endpoint a person disabled: they end unsent. */
export async function cancelPendingDeliveries(tx: Tx, tenantId: string, endpointId: string): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ status: 'cancelled', nextAttemptAt: null, replayRequested: false })
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
}

function attemptWhere(tenantId: string, endpointId: string, status: AttemptRow['status'] | undefined): SQL | undefined {
  return and(eq(webhookAttempts.tenantId, tenantId), eq(webhookAttempts.endpointId, endpointId), status ? eq(webhookAttempts.status, status) : undefined);
}

export async function listAttempts(tx: Tx, tenantId: string, endpointId: string, status: AttemptRow['status'] | undefined, offset: number, limit: number) {
  return tx
    .select({ attempt: webhookAttempts, eventType: webhookEvents.type })
    .from(webhookAttempts)
    .innerJoin(webhookEvents, and(eq(webhookEvents.tenantId, webhookAttempts.tenantId), eq(webhookEvents.id, webhookAttempts.eventId)))
    .where(attemptWhere(tenantId, endpointId, status))
    .orderBy(desc(webhookAttempts.createdAt), desc(webhookAttempts.id))
    .offset(offset)
    .limit(limit);
}

export async function countAttemptsByStatus(tx: Tx, tenantId: string, endpointId: string): Promise<{ succeeded: number; failed: number }> {
  const rows = await tx.select({ status: webhookAttempts.status, count }).from(webhookAttempts).where(attemptWhere(tenantId, endpointId, undefined)).groupBy(webhookAttempts.status);
  return { succeeded: rows.find((row) => row.status === 'succeeded')?.count ?? 0, failed: rows.find((row) => row.status === 'failed')?.count ?? 0 };
}

export async function findAttempt(tx: Tx, tenantId: string, endpointId: string, id: string) {
  const rows = await tx
    .select({ attempt: webhookAttempts, event: webhookEvents })
    .from(webhookAttempts)
    .innerJoin(webhookEvents, and(eq(webhookEvents.tenantId, webhookAttempts.tenantId), eq(webhookEvents.id, webhookAttempts.eventId)))
    .where(and(eq(webhookAttempts.tenantId, tenantId), eq(webhookAttempts.endpointId, endpointId), eq(webhookAttempts.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** Asks for one more attempt now; the delivery's status changes only should it succeed. */
export async function requestReplay(tx: Tx, tenantId: string, deliveryId: string, now: Date): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ replayRequested: true, nextAttemptAt: now })
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, deliveryId)));
}

/** Per event: its deliveries by status, for the event's own status. */
const deliveryCounts = {
  pending: sql<number>`(select count(*)::int from ${webhookDeliveries} d where d.tenant_id = ${webhookEvents.tenantId} and d.event_id = ${webhookEvents.id} and d.status = 'pending')`,
  failed: sql<number>`(select count(*)::int from ${webhookDeliveries} d where d.tenant_id = ${webhookEvents.tenantId} and d.event_id = ${webhookEvents.id} and d.status = 'failed')`,
  all: sql<number>`(select count(*)::int from ${webhookDeliveries} d where d.tenant_id = ${webhookEvents.tenantId} and d.event_id = ${webhookEvents.id})`,
};

/** An event's status from its deliveries: none (no endpoint wanted it), any still pending, any failed, else delivered. */
function statusIs(status: OutgoingEventStatus): SQL {
  switch (status) {
    case 'no_endpoints':
      return sql`${deliveryCounts.all} = 0`;
    case 'pending':
      return sql`${deliveryCounts.pending} > 0`;
    case 'failed':
      return sql`${deliveryCounts.pending} = 0 and ${deliveryCounts.failed} > 0`;
    case 'delivered':
      return sql`${deliveryCounts.all} > 0 and ${deliveryCounts.pending} = 0 and ${deliveryCounts.failed} = 0`;
  }
}

export type EventFilter = { type?: string | undefined; status?: OutgoingEventStatus | undefined };

/** The events a scope sees: all the tenant's for the platform, a business's own for it. */
function eventWhere(tenantId: string, businessId: string | null, filter: EventFilter): SQL | undefined {
  return and(
    eq(webhookEvents.tenantId, tenantId),
    businessId === null ? undefined : eq(webhookEvents.businessId, businessId),
    filter.type ? eq(webhookEvents.type, filter.type) : undefined,
    filter.status ? statusIs(filter.status) : undefined,
  );
}

export async function listEvents(tx: Tx, tenantId: string, businessId: string | null, filter: EventFilter, offset: number, limit: number) {
  const where = eventWhere(tenantId, businessId, filter);
  const rows = await tx
    .select({ event: webhookEvents, businessName: businesses.name, ...deliveryCounts })
    .from(webhookEvents)
    .leftJoin(businesses, and(eq(businesses.tenantId, webhookEvents.tenantId), eq(businesses.id, webhookEvents.businessId)))
    .where(where)
    .orderBy(desc(webhookEvents.createdAt), desc(webhookEvents.id))
    .offset(offset)
    .limit(limit);
  const [total] = await tx.select({ count }).from(webhookEvents).where(where);
  return { rows, total: total?.count ?? 0 };
}

export async function findEvent(tx: Tx, tenantId: string, businessId: string | null, id: string) {
  const rows = await tx
    .select({ event: webhookEvents, businessName: businesses.name, ...deliveryCounts })
    .from(webhookEvents)
    .leftJoin(businesses, and(eq(businesses.tenantId, webhookEvents.tenantId), eq(businesses.id, webhookEvents.businessId)))
    .where(and(eventWhere(tenantId, businessId, {}), eq(webhookEvents.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** The deliveries of an event to the endpoints the caller manages: every endpoint for the tenant's admins, only its own for a business. */
export async function deliveriesOfEvent(tx: Tx, tenantId: string, businessId: string | null, eventId: string) {
  return tx
    .select({ delivery: webhookDeliveries, url: webhookEndpoints.url, endpointBusinessId: webhookEndpoints.businessId })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.tenantId, webhookDeliveries.tenantId), eq(webhookEndpoints.id, webhookDeliveries.endpointId)))
    .where(
      and(
        eq(webhookDeliveries.tenantId, tenantId),
        eq(webhookDeliveries.eventId, eventId),
        businessId === null ? undefined : eq(webhookEndpoints.businessId, businessId),
      ),
    )
    .orderBy(asc(webhookDeliveries.createdAt));
}

/**
 * Makes the deliveries of events not yet fanned out: one per enabled endpoint subscribed to the
 * event's type, of the tenant (every business) or of the event's business. Locked rows belong to
 * another dispatcher run.
 */
export async function fanOut(tx: Tx, tenantId: string, now: Date, limit: number): Promise<number> {
  const waiting = await tx
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.tenantId, tenantId), isNull(webhookEvents.fannedOutAt)))
    .orderBy(asc(webhookEvents.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (waiting.length === 0) return 0;
  const ids = waiting.map((row) => row.id);
  await tx.execute(sql`
    insert into ${webhookDeliveries} (tenant_id, id, endpoint_id, event_id, status, attempts, next_attempt_at, created_at)
    select ev.tenant_id, gen_random_uuid(), ep.id, ev.id, 'pending', 0, ${now}, ${now}
    from ${webhookEvents} ev
    join ${webhookEndpoints} ep on ep.tenant_id = ev.tenant_id
      and ep.status = 'enabled'
      and (ep.business_id is null or ep.business_id = ev.business_id)
      and (ep.events @> array['*']::text[] or ep.events @> array[ev.type]::text[])
    where ev.tenant_id = ${tenantId} and ev.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    on conflict do nothing`);
  await tx
    .update(webhookEvents)
    .set({ fannedOutAt: now })
    .where(and(eq(webhookEvents.tenantId, tenantId), inArray(webhookEvents.id, ids)));
  return ids.length;
}

/** On the partial index of deliveries with an attempt ahead. */
const dueNow = (now: Date) => and(or(eq(webhookDeliveries.status, 'pending'), eq(webhookDeliveries.replayRequested, true)), lte(webhookDeliveries.nextAttemptAt, now));

/**
 * Takes up to `limit` due deliveries of the tenant for this run: each is moved to `leaseUntil`, so
 * another run does not send it meanwhile and a run that dies leaves it due again then. An
 * endpoint holds at most `cap` taken and unfinished (`held` counts those it holds already):
 * endpoints without room are left out in the query, so one endpoint's backlog never holds up the
 * others. `crowded` tells that due deliveries were left for want of room: the run is not done.
 */
export async function leaseDue(tx: Tx, tenantId: string, now: Date, leaseUntil: Date, limit: number, held: ReadonlyMap<string, number>, cap: number) {
  const full = [...held].flatMap(([endpointId, count]) => (count >= cap ? [endpointId] : []));
  const due = await tx
    .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), dueNow(now), full.length > 0 ? notInArray(webhookDeliveries.endpointId, full) : undefined))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(limit * 4)
    .for('update', { skipLocked: true });
  const taking = new Map<string, number>();
  const ids: string[] = [];
  for (const row of due) {
    const count = taking.get(row.endpointId) ?? 0;
    if (ids.length === limit || count + (held.get(row.endpointId) ?? 0) >= cap) continue;
    taking.set(row.endpointId, count + 1);
    ids.push(row.id);
  }
  const crowded = full.length > 0 || ids.length < Math.min(due.length, limit);
  if (ids.length === 0) return { leased: [], crowded };
  await tx
    .update(webhookDeliveries)
    .set({ nextAttemptAt: leaseUntil })
    .where(and(eq(webhookDeliveries.tenantId, tenantId), inArray(webhookDeliveries.id, ids)));
  const leased = await tx
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, and(eq(webhookEndpoints.tenantId, webhookDeliveries.tenantId), eq(webhookEndpoints.id, webhookDeliveries.endpointId)))
    .innerJoin(webhookEvents, and(eq(webhookEvents.tenantId, webhookDeliveries.tenantId), eq(webhookEvents.id, webhookDeliveries.eventId)))
    .where(and(eq(webhookDeliveries.tenantId, tenantId), inArray(webhookDeliveries.id, ids)));
  return { leased, crowded };
}

/**
 * Ends an attempt's lease: the delivery as it was leased (same status and replay mark) gets
 * `changes`; one a person cancelled or marked for replay meanwhile keeps what they did.
 */
export async function finishDelivery(tx: Tx, leased: Pick<DeliveryRow, 'tenantId' | 'id' | 'status' | 'replayRequested'>, changes: Partial<typeof webhookDeliveries.$inferInsert>): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set(changes)
    .where(
      and(
        eq(webhookDeliveries.tenantId, leased.tenantId),
        eq(webhookDeliveries.id, leased.id),
        eq(webhookDeliveries.status, leased.status),
        eq(webhookDeliveries.replayRequested, leased.replayRequested),
      ),
    );
}

export async function insertAttempt(tx: Tx, row: typeof webhookAttempts.$inferInsert): Promise<void> {
  await tx.insert(webhookAttempts).values(row);
}

/** Locks the endpoint's row for the transaction (every attempt's record takes it first). */
export async function lockEndpoint(tx: Tx, tenantId: string, endpointId: string): Promise<void> {
  await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, endpointId)))
    .for('update');
}

export async function clearFailing(tx: Tx, tenantId: string, endpointId: string): Promise<void> {
  await tx
    .update(webhookEndpoints)
    .set({ failingSince: null })
    .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, endpointId), isNotNull(webhookEndpoints.failingSince)));
}

/** Since when the endpoint fails: now, unless it already was. The endpoint as it now is (null once deleted). */
export async function markFailing(tx: Tx, tenantId: string, endpointId: string, now: Date): Promise<EndpointRow | null> {
  const [row] = await tx
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(webhookEndpoints.tenantId, tenantId), eq(webhookEndpoints.id, endpointId)))
    .returning();
  return row ?? null;
}

export type Recipient = { email: string; name: string };

/** A business endpoint's keepers: its active members (only its owners, or only `userId`). */
function businessKeepers(tx: Tx, tenantId: string, businessId: string, who: { userId: string } | 'owners'): Promise<Recipient[]> {
  return tx
    .select({ email: users.email, name: users.name })
    .from(businessUsers)
    .innerJoin(users, and(eq(users.tenantId, businessUsers.tenantId), eq(users.id, businessUsers.userId)))
    .where(
      and(
        eq(businessUsers.tenantId, tenantId),
        eq(businessUsers.businessId, businessId),
        eq(businessUsers.status, 'active'),
        eq(users.status, 'active'),
        who === 'owners' ? eq(businessUsers.isOwner, true) : eq(businessUsers.userId, who.userId),
      ),
    );
}

/** A tenant endpoint's keepers: its active platform users (only those whose role may edit webhooks, or only `userId`). */
function platformKeepers(tx: Tx, tenantId: string, who: { userId: string } | 'editors'): Promise<Recipient[]> {
  return tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .innerJoin(roles, and(eq(roles.tenantId, users.tenantId), eq(roles.id, users.platformRoleId)))
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.isPlatformUser, true),
        eq(users.status, 'active'),
        who === 'editors' ? sql`(${roles.abilities} ? 'edit-webhook' or ${roles.abilities} ? ${ALL_ABILITIES})` : eq(users.id, who.userId),
      ),
    );
}

/**
 * Who is told that an endpoint was disabled: its creator while still active where the endpoint
 * lives (a member of its business, or a platform user); else whoever may fix it (the business's
 * owners, or the tenant's platform users who may edit webhooks), so a disabling is never silent
 * because the person who made the endpoint has left.
 */
export async function endpointKeepers(tx: Tx, endpoint: EndpointRow): Promise<Recipient[]> {
  const { tenantId, businessId, createdBy } = endpoint;
  if (createdBy) {
    const creator = businessId ? await businessKeepers(tx, tenantId, businessId, { userId: createdBy }) : await platformKeepers(tx, tenantId, { userId: createdBy });
    if (creator.length > 0) return creator;
  }
  return businessId ? businessKeepers(tx, tenantId, businessId, 'owners') : platformKeepers(tx, tenantId, 'editors');
}

/** Tenants with work for the dispatcher: deliveries due, or events not fanned out for `settledMs`. Read as the owner, across tenants. */
export async function tenantsWithWork(db: AppDb, now: Date, eventsBefore: Date): Promise<string[]> {
  const due = await db
    .selectDistinct({ tenantId: webhookDeliveries.tenantId })
    .from(webhookDeliveries)
    .where(dueNow(now))
    .limit(1000);
  const waiting = await db
    .selectDistinct({ tenantId: webhookEvents.tenantId })
    .from(webhookEvents)
    .where(and(isNull(webhookEvents.fannedOutAt), lte(webhookEvents.createdAt, eventsBefore)))
    .limit(1000);
  return [...new Set([...due, ...waiting].map((row) => row.tenantId))];
}
