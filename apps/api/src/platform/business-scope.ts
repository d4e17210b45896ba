import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { requireBusiness } from './request-context';

/** The tenant and the selected business: every business-owned query filters on both in SQL. */
export type BusinessScope = { tenantId: string; businessId: string };

export function businessScope(request: FastifyRequest): BusinessScope {
  return { tenantId: request.ctx.tenant.id, businessId: requireBusiness(request).id };
}

/** An ILIKE pattern matching `term` anywhere, with its own wildcards escaped; undefined when blank. */
export function containsPattern(term: string | undefined): string | undefined {
  const trimmed = term?.trim();
  return trimmed ? `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
}

/** Where a reader of every page (an export) left off: the last row's sort value, as the database writes it as text, and its id. */
export type KeysetCursor = { key: string; id: string };

export function pageOffset(page: number, limit: number): number {
  return Math.max(page - 1, 0) * limit;
}

/**
 * "In use" checks: each returns the ids among `ids` that some other record references. A record
 * is deletable only when no check claims it; modules that add references (invoices, payments)
 * add their check to the owning module's list.
 */
export type UsageCheck = (tx: Tx, scope: BusinessScope, ids: readonly string[]) => Promise<ReadonlySet<string>>;

export async function idsInUse(checks: readonly UsageCheck[], tx: Tx, scope: BusinessScope, ids: readonly string[]): Promise<Set<string>> {
  const used = new Set<string>();
  if (ids.length === 0) return used;
  for (const check of checks) for (const id of await check(tx, scope, ids)) used.add(id);
  return used;
}
