import { lt, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { floodCounters } from '../db/schema';
import type { RateLimitRule } from './app-context';
import type { Clock } from './clock';
import { sha256 } from './crypto';
import { TooManyAttemptsError } from './errors';
import { type JobQueue, periodicJob } from './jobs';
import { addressBlock } from './throttle';

/** The longest window a flood limit may have: the expiry job deletes windows older than this. */
export const LONGEST_FLOOD_WINDOW_MS = 60 * 60 * 1000;

/** What a flood limit counts: the digest of its parts, like the credential throttle's keys. */
export type FloodSubject = { key: string };

function subject(...parts: string[]): FloodSubject {
  return { key: sha256(['flood', ...parts].join('\n')) };
}

/** Emails are compared lower-cased, so every spelling of an address is one count. */
export const floodSubjects = {
  signUp: (ip: string) => subject('sign-up', addressBlock(ip)),
  forgotPassword: (ip: string, tenantId: string, email: string) => subject('forgot-password', addressBlock(ip), tenantId, email.trim().toLowerCase()),
  verificationResend: (tenantId: string, userId: string) => subject('verification-resend', tenantId, userId),
  publicLink: (ip: string) => subject('public-link', addressBlock(ip)),
};

/**
 * Flood limits for public routes that check no credential (sign-up, forgot-password, the
 * verification resend, public document links), counted in `flood_counters` so every app process
 * shares them. A fixed window: it starts at the first request after the previous window ended, and
 * every request in it counts, refused ones included (that is what a flood looks like). One upsert
 * statement per request on an unlogged table; credential failures are counted by `Throttle` instead.
 */
export class FloodLimit {
  constructor(
    private readonly db: AppDb,
    private readonly clock: Clock,
  ) {}

  /** Counts a request; throws 429 with the seconds until the window ends when the subject is over `rule`. */
  async hit(subject: FloodSubject, rule: RateLimitRule): Promise<void> {
    // The expiry job deletes windows older than this; a longer one would be cut short.
    if (rule.windowMs > LONGEST_FLOOD_WINDOW_MS) throw new Error(`A flood window may last at most ${LONGEST_FLOOD_WINDOW_MS} ms`);
    const now = this.clock.now();
    const windowOver = sql`${floodCounters.windowStartedAt} <= ${new Date(now.getTime() - rule.windowMs).toISOString()}::timestamptz`;
    const rows = await this.db
      .insert(floodCounters)
      .values({ key: subject.key, windowStartedAt: now, hits: 1 })
      .onConflictDoUpdate({
        target: floodCounters.key,
        set: {
          windowStartedAt: sql`case when ${windowOver} then excluded.window_started_at else ${floodCounters.windowStartedAt} end`,
          // Capped just past the limit: a flood never overflows the column.
          hits: sql`case when ${windowOver} then 1 else least(${floodCounters.hits} + 1, ${rule.max + 1}::integer) end`,
        },
      })
      .returning({ windowStartedAt: floodCounters.windowStartedAt, hits: floodCounters.hits });
    const counted = rows[0];
    if (!counted || counted.hits <= rule.max) return;
    const endsAt = counted.windowStartedAt.getTime() + rule.windowMs;
    throw new TooManyAttemptsError(Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)));
  }
}

export const EXPIRE_FLOOD_COUNTERS_JOB = 'flood-counters-expire';

/** Deletes the windows that ended (every window is at most LONGEST_FLOOD_WINDOW_MS); returns how many. */
export async function expireFloodCounters(db: AppDb, now: Date): Promise<number> {
  const deleted = await db
    .delete(floodCounters)
    .where(lt(floodCounters.windowStartedAt, new Date(now.getTime() - LONGEST_FLOOD_WINDOW_MS)))
    .returning({ key: floodCounters.key });
  return deleted.length;
}

/** Every ten minutes: the table holds at most the last hour's windows (plus ten minutes). */
export function createFloodCounterExpiryJob(app: { db: AppDb; jobs: JobQueue; clock: Clock }) {
  return periodicJob(app.jobs, EXPIRE_FLOOD_COUNTERS_JOB, () => expireFloodCounters(app.db, app.clock.now()));
}
