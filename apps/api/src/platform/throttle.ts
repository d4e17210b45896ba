import ipaddr from 'ipaddr.js';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { AppDb, Tx } from '../db/client';
import { throttleCounters } from '../db/schema';
import type { Clock } from './clock';
import { sha256 } from './crypto';
import { TooManyAttemptsError } from './errors';
import { type JobQueue, periodicJob } from './jobs';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * How one counter limits: at most `maxPerWindow` counted attempts per window (the window starts
 * at the first attempt after the previous one ended), and after `consecutive` failures in a row
 * the next attempt waits `delayMs(consecutive)`.
 */
export type ThrottlePolicy = { windowMs: number; maxPerWindow: number; delayMs(consecutive: number): number };

/** 1 s after the 5th failure in a row, doubling up to 5 minutes (the 14th and later). */
function growingDelay(consecutive: number): number {
  return consecutive < 5 ? 0 : Math.min(2 ** (consecutive - 5) * SECOND, 5 * MINUTE);
}

export const throttlePolicies = {
  /** ASVS 2.2.1: at most 100 failed attempts an hour per account, with growing delays. */
  account: { windowMs: HOUR, maxPerWindow: 100, delayMs: growingDelay },
  /** One client address, whatever account or token it tries, in every tenant. */
  address: { windowMs: HOUR, maxPerWindow: 100, delayMs: growingDelay },
  /** The second factor locks for 15 minutes after 10 wrong codes in a row, and again after each further one. */
  secondFactor: { windowMs: HOUR, maxPerWindow: 100, delayMs: (consecutive: number) => (consecutive >= 10 ? 15 * MINUTE : 0) },
  /** Lookups that answer something about another business (the customer preview), per user and per business. */
  lookupPerUser: { windowMs: HOUR, maxPerWindow: 100, delayMs: () => 0 },
  lookupPerBusiness: { windowMs: HOUR, maxPerWindow: 300, delayMs: () => 0 },
} as const satisfies Record<string, ThrottlePolicy>;

/** One counter: the digest of what it counts and the policy it follows. */
export type ThrottleSubject = { key: string; policy: ThrottlePolicy };

function subject(policy: ThrottlePolicy, ...parts: string[]): ThrottleSubject {
  return { key: sha256(parts.join('\n')), policy };
}

/**
 * The block an address belongs to: an IPv4 address itself (also when mapped into IPv6), an IPv6
 * address's /64 (one subscriber usually holds a whole /64, so counting single addresses would
 * give them billions of budgets).
 */
export function addressBlock(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (!(address instanceof ipaddr.IPv6)) return address.toString();
  return `${address.parts
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** What is counted. Emails are compared lower-cased, so every spelling of an address is one account. */
export const throttleSubjects = {
  account: (tenantId: string, email: string) => subject(throttlePolicies.account, 'account', tenantId, email.trim().toLowerCase()),
  address: (ip: string) => subject(throttlePolicies.address, 'address', addressBlock(ip)),
  /** An API client's secret, tried by its public id (the OAuth token endpoint). */
  apiClient: (tenantId: string, clientId: string) => subject(throttlePolicies.account, 'api-client', tenantId, clientId),
  secondFactor: (tenantId: string, email: string) => subject(throttlePolicies.secondFactor, 'second-factor', tenantId, email.trim().toLowerCase()),
  lookupByUser: (tenantId: string, userId: string, lookup: string) => subject(throttlePolicies.lookupPerUser, 'lookup-user', lookup, tenantId, userId),
  lookupByBusiness: (tenantId: string, businessId: string, lookup: string) => subject(throttlePolicies.lookupPerBusiness, 'lookup-business', lookup, tenantId, businessId),
};

type CounterRow = typeof throttleCounters.$inferSelect;

/** The counter after one more attempt at `now`, counted as a failure until it succeeds. */
function afterAttempt(row: CounterRow, policy: ThrottlePolicy, now: Date): Omit<CounterRow, 'key'> {
  const at = now.getTime();
  const windowOver = row.windowStartedAt.getTime() + policy.windowMs <= at;
  const windowStartedAt = windowOver ? now : row.windowStartedAt;
  const windowAttempts = (windowOver ? 0 : row.windowAttempts) + 1;
  // A run of failures ends when nothing was tried for a whole window.
  const consecutiveFailures = (row.lastAttemptAt.getTime() + policy.windowMs <= at ? 0 : row.consecutiveFailures) + 1;
  const delay = policy.delayMs(consecutiveFailures);
  const windowFull = windowAttempts >= policy.maxPerWindow ? windowStartedAt.getTime() + policy.windowMs : 0;
  const until = Math.max(delay > 0 ? at + delay : 0, windowFull);
  return { windowStartedAt, windowAttempts, consecutiveFailures, lastAttemptAt: now, blockedUntil: until > 0 ? new Date(until) : null };
}

/** An attempt in progress: it counts as a failure unless `succeeded()` is called. */
export type Attempt = { succeeded(): Promise<void> };

/**
 * Failure budgets in the database, so every app process shares them. An attempt is counted as a
 * failure before the credential is checked (a burst of parallel guesses cannot slip past the
 * delays) and given back when it succeeds; an attempt while any of its counters is blocked is
 * refused with 429 and `Retry-After` and is not counted.
 */
export class Throttle {
  constructor(
    private readonly db: AppDb,
    private readonly clock: Clock,
  ) {}

  /** Counts an attempt against every subject, or throws 429 when one of them is blocked. */
  async attempt(subjects: readonly ThrottleSubject[]): Promise<Attempt> {
    const now = this.clock.now();
    const policyOf = new Map(subjects.map((s) => [s.key, s.policy]));
    const keys = [...policyOf.keys()].sort();
    const blockedUntil = await this.db.transaction(async (tx) => {
      await tx
        .insert(throttleCounters)
        .values(keys.map((key) => ({ key, windowStartedAt: now, windowAttempts: 0, consecutiveFailures: 0, lastAttemptAt: now })))
        .onConflictDoNothing();
      // Locked in key order, so two attempts sharing counters never deadlock.
      const rows = await tx.select().from(throttleCounters).where(inArray(throttleCounters.key, keys)).orderBy(throttleCounters.key).for('update');
      const blocked = Math.max(0, ...rows.map((row) => row.blockedUntil?.getTime() ?? 0));
      if (blocked > now.getTime()) return blocked;
      for (const row of rows) {
        const policy = policyOf.get(row.key);
        if (policy) await tx.update(throttleCounters).set(afterAttempt(row, policy, now)).where(eq(throttleCounters.key, row.key));
      }
      return null;
    });
    if (blockedUntil !== null) throw new TooManyAttemptsError(Math.max(1, Math.ceil((blockedUntil - now.getTime()) / SECOND)));
    return { succeeded: () => this.giveBack(keys, policyOf) };
  }

  /** Runs `work` as one attempt: it succeeds when `work` returns, and stays a failure when it throws. */
  async guard<T>(subjects: readonly ThrottleSubject[], work: () => Promise<T>): Promise<T> {
    const attempt = await this.attempt(subjects);
    const result = await work();
    await attempt.succeeded();
    return result;
  }

  /** Forgets the subjects' counters (a password reset proved the account's mailbox). */
  async forget(subjects: readonly ThrottleSubject[]): Promise<void> {
    await this.db.delete(throttleCounters).where(
      inArray(
        throttleCounters.key,
        subjects.map((s) => s.key),
      ),
    );
  }

  /** A success ends the run of failures and takes its own attempt off the window's count. */
  private async giveBack(keys: readonly string[], policyOf: ReadonlyMap<string, ThrottlePolicy>): Promise<void> {
    await this.db.transaction(async (tx: Tx) => {
      const rows = await tx.select().from(throttleCounters).where(inArray(throttleCounters.key, [...keys])).orderBy(throttleCounters.key).for('update');
      for (const row of rows) {
        const policy = policyOf.get(row.key);
        if (!policy) continue;
        const windowAttempts = Math.max(0, row.windowAttempts - 1);
        if (windowAttempts === 0) {
          await tx.delete(throttleCounters).where(eq(throttleCounters.key, row.key));
          continue;
        }
        const windowFull = windowAttempts >= policy.maxPerWindow ? new Date(row.windowStartedAt.getTime() + policy.windowMs) : null;
        await tx.update(throttleCounters).set({ windowAttempts, consecutiveFailures: 0, blockedUntil: windowFull }).where(eq(throttleCounters.key, row.key));
      }
    });
  }
}

export const EXPIRE_THROTTLE_COUNTERS_JOB = 'throttle-counters-expire';
/** Every policy's window is at most this long, so a counter idle for longer holds nothing. */
const LONGEST_WINDOW_MS = Math.max(...Object.values(throttlePolicies).map((p) => p.windowMs));

/** Deletes the counters with no attempt for a whole window and no block left; returns how many. */
export async function expireThrottleCounters(db: AppDb, now: Date): Promise<number> {
  const idleSince = new Date(now.getTime() - LONGEST_WINDOW_MS);
  const deleted = await db
    .delete(throttleCounters)
    .where(and(lt(throttleCounters.lastAttemptAt, idleSince), or(isNull(throttleCounters.blockedUntil), lt(throttleCounters.blockedUntil, now))))
    .returning({ key: throttleCounters.key });
  return deleted.length;
}

/** Every ten minutes: the table holds at most the last hour's counters (plus ten minutes). */
export function createThrottleExpiryJob(app: { db: AppDb; jobs: JobQueue; clock: Clock }) {
  return periodicJob(app.jobs, EXPIRE_THROTTLE_COUNTERS_JOB, () => expireThrottleCounters(app.db, app.clock.now()));
}
