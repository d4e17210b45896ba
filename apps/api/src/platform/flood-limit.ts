import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { throttleCounters } from '../db/schema';
import type { RateLimitRule } from './app-context';
import type { Clock } from './clock';
import { sha256 } from './crypto';
import { TooManyAttemptsError } from './errors';
import { COUNTER_IDLE_LIFETIME_MS, addressBlock } from './throttle';

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
 * verification resend, public document links), counted in `throttle_counters` so every app
 * process shares them. A fixed window: it starts at the first request after the previous window
 * ended, and every request in it counts, refused ones included (that is what a flood looks like).
 * One upsert statement per request; credential failures are counted by `Throttle` instead.
 */
export class FloodLimit {
  constructor(
    private readonly db: AppDb,
    private readonly clock: Clock,
  ) {}

  /** Counts a request; throws 429 with the seconds until the window ends when the subject is over `rule`. */
  async hit(subject: FloodSubject, rule: RateLimitRule): Promise<void> {
    // The expiry job deletes counters idle for longer than this; a longer window would be cut short.
    if (rule.windowMs > COUNTER_IDLE_LIFETIME_MS) throw new Error(`A flood window may last at most ${COUNTER_IDLE_LIFETIME_MS} ms`);
    const now = this.clock.now();
    const windowOver = sql`${throttleCounters.windowStartedAt} <= ${new Date(now.getTime() - rule.windowMs).toISOString()}::timestamptz`;
    const rows = await this.db
      .insert(throttleCounters)
      .values({ key: subject.key, windowStartedAt: now, windowAttempts: 1, consecutiveFailures: 0, lastAttemptAt: now })
      .onConflictDoUpdate({
        target: throttleCounters.key,
        set: {
          windowStartedAt: sql`case when ${windowOver} then excluded.window_started_at else ${throttleCounters.windowStartedAt} end`,
          // Capped just past the limit: a flood never overflows the column.
          windowAttempts: sql`case when ${windowOver} then 1 else least(${throttleCounters.windowAttempts} + 1, ${rule.max + 1}::integer) end`,
          lastAttemptAt: sql`excluded.last_attempt_at`,
        },
      })
      .returning({ windowStartedAt: throttleCounters.windowStartedAt, windowAttempts: throttleCounters.windowAttempts });
    const counted = rows[0];
    if (!counted || counted.windowAttempts <= rule.max) return;
    const endsAt = counted.windowStartedAt.getTime() + rule.windowMs;
    throw new TooManyAttemptsError(Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)));
  }
}
