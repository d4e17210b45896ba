import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { messages } from '@app/contracts';
import type { AppDb, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import type { BusinessScope } from './business-scope';
import type { Clock } from './clock';
import { sha256 } from './crypto';
import { AppError } from './errors';
import { type JobQueue, periodicJob } from './jobs';

/** The `Idempotency-Key` header of a write, with what identifies the request it came with. */
export type IdempotentRequest = { key: string; operation: string; body: unknown };

export type StoredResponse<Body> = { status: number; body: Body; replayed: boolean };

const HEADER = 'idempotency-key';
/** How long a key replays its first response; a retry after that is a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
export const EXPIRE_IDEMPOTENCY_KEYS_JOB = 'idempotency-keys-expire';
const MAX_KEY_LENGTH = 255;

/** The request's `Idempotency-Key` (null without one), tied to the operation and the validated body. */
export function idempotentRequestOf(request: FastifyRequest, operation: string): IdempotentRequest | null {
  const raw = request.headers[HEADER];
  if (raw === undefined) return null;
  const key = (Array.isArray(raw) ? raw.join(',') : raw).trim();
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) throw AppError.validation('idempotency_key', messages.idempotencyKeyInvalid);
  return { key, operation, body: request.body };
}

/** JSON with object keys sorted, so the same body always hashes the same whatever the key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, entry]) => entry !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(request: Pick<IdempotentRequest, 'operation' | 'body'>): string {
  return sha256(`${request.operation}\n${canonicalJson(request.body)}`);
}

/**
 * Runs a write at most once per key and business (the `Idempotency-Key` header), inside the caller's
 * transaction: the key is claimed first, so a concurrent request with the same key waits for
 * this one to commit (and then replays its response) or roll back (and then runs itself). A write
 * that fails rolls the key back with it, so the request can be retried. The same key with another
 * body, or for another operation, is refused.
 */
export async function runIdempotent<Body>(
  tx: Tx,
  scope: BusinessScope,
  request: IdempotentRequest | null,
  responseSchema: z.ZodType<Body>,
  write: () => Promise<{ status: number; body: Body }>,
): Promise<StoredResponse<Body>> {
  if (!request) return { ...(await write()), replayed: false };
  const hash = requestHash(request);
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ tenantId: scope.tenantId, businessId: scope.businessId, key: request.key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  const where = and(eq(idempotencyKeys.tenantId, scope.tenantId), eq(idempotencyKeys.businessId, scope.businessId), eq(idempotencyKeys.key, request.key));
  if (claimed.length === 0) {
    const [stored] = await tx.select().from(idempotencyKeys).where(where).limit(1);
    if (!stored || stored.responseStatus === null) throw new Error('An idempotency key was committed without its response');
    if (stored.requestHash !== hash) throw AppError.validation('idempotency_key', messages.idempotencyKeyReused);
    return { status: stored.responseStatus, body: responseSchema.parse(stored.responseBody), replayed: true };
  }
  const response = await write();
  await tx.update(idempotencyKeys).set({ responseStatus: response.status, responseBody: response.body }).where(where);
  return { ...response, replayed: false };
}

/** Deletes the keys claimed more than IDEMPOTENCY_KEY_TTL_MS before `now`, in every tenant (as the owner); returns how many. */
export async function expireIdempotencyKeys(db: AppDb, now: Date): Promise<number> {
  const expired = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return expired.length;
}

/** Hourly: a key lives at least its time to live and at most an hour longer. */
export function createIdempotencyExpiryJob(app: { db: AppDb; jobs: JobQueue; clock: Clock }) {
  return periodicJob(app.jobs, EXPIRE_IDEMPOTENCY_KEYS_JOB, () => expireIdempotencyKeys(app.db, app.clock.now()));
}
