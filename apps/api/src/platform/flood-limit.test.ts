import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, createHarness } from '../../test/harness';
import { floodCounters } from '../db/schema';
import { fixedClock } from './clock';
import { TooManyAttemptsError } from './errors';
import { FloodLimit, LONGEST_FLOOD_WINDOW_MS, createFloodCounterExpiryJob, floodSubjects } from './flood-limit';

const clock = fixedClock(new Date('2030-01-01T00:00:00Z'));
const rule = { max: 3, windowMs: 60_000 };
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ clock });
});
afterAll(async () => {
  await h.close();
});

/** The seconds to wait when the hit is refused, or null when it was let through. */
async function retryAfter(hit: Promise<void>): Promise<number | null> {
  try {
    await hit;
    return null;
  } catch (error) {
    if (error instanceof TooManyAttemptsError) return error.retryAfterSeconds;
    throw error;
  }
}

let addresses = 0;
function freshAddress(): string {
  addresses += 1;
  return `203.0.113.${addresses}`;
}

describe('flood limits in the shared store', () => {
  it('counts one window across app processes: two limiters on one database refuse the request past the limit together', async () => {
    const first = new FloodLimit(h.app.db, clock);
    const second = new FloodLimit(h.app.db, clock);
    const subject = floodSubjects.signUp(freshAddress());
    const answers = [];
    for (const limiter of [first, second, first, second, first]) answers.push(await retryAfter(limiter.hit(subject, rule)));
    expect(answers).toEqual([null, null, null, 60, 60]);
  });

  it('starts a new window after the old one ended, and Retry-After counts down to its end', async () => {
    const limiter = new FloodLimit(h.app.db, clock);
    const subject = floodSubjects.publicLink(freshAddress());
    for (let i = 0; i < rule.max; i += 1) expect(await retryAfter(limiter.hit(subject, rule))).toBeNull();
    clock.advance(45_500);
    expect(await retryAfter(limiter.hit(subject, rule))).toBe(15);
    clock.advance(14_500);
    expect(await retryAfter(limiter.hit(subject, rule))).toBeNull();
    expect(await retryAfter(limiter.hit(subject, rule))).toBeNull();
  });

  it('keeps the count just past the limit however long the flood goes on', async () => {
    const limiter = new FloodLimit(h.app.db, clock);
    const subject = floodSubjects.publicLink(freshAddress());
    for (let i = 0; i < 20; i += 1) await retryAfter(limiter.hit(subject, rule));
    const rows = await h.app.db.select().from(floodCounters).where(eq(floodCounters.key, subject.key));
    expect(rows.map((row) => row.hits)).toEqual([rule.max + 1]);
  });

  it('counts an IPv6 client by its /64, and forgot-password by the address in any spelling, per tenant', async () => {
    const limiter = new FloodLimit(h.app.db, clock);
    for (let i = 0; i < rule.max; i += 1) await limiter.hit(floodSubjects.signUp(`2001:db8:1:2::${i + 1}`), rule);
    expect(await retryAfter(limiter.hit(floodSubjects.signUp('2001:db8:1:2:ffff::9'), rule))).toBe(60);
    expect(await retryAfter(limiter.hit(floodSubjects.signUp('2001:db8:1:3::1'), rule))).toBeNull();

    const ip = freshAddress();
    for (const spelling of ['Someone@Example.com', ' someone@example.com', 'SOMEONE@EXAMPLE.COM']) await limiter.hit(floodSubjects.forgotPassword(ip, h.landlordId, spelling), rule);
    expect(await retryAfter(limiter.hit(floodSubjects.forgotPassword(ip, h.landlordId, 'someone@example.com'), rule))).toBe(60);
    expect(await retryAfter(limiter.hit(floodSubjects.forgotPassword(ip, h.otherTenantId, 'someone@example.com'), rule))).toBeNull();
    expect(await retryAfter(limiter.hit(floodSubjects.forgotPassword(ip, h.landlordId, 'other@example.com'), rule))).toBeNull();
  });

  it('keeps no readable address in the store, and the expiry job deletes windows over an hour old', async () => {
    const limiter = new FloodLimit(h.app.db, clock);
    const [old, recent] = [floodSubjects.signUp(freshAddress()), floodSubjects.signUp(freshAddress())];
    await limiter.hit(old, rule);
    const keys = (await h.app.db.select({ key: floodCounters.key }).from(floodCounters)).map((row) => row.key);
    expect(keys).toContain(old.key);
    expect(keys.every((key) => /^[0-9a-f]{64}$/.test(key))).toBe(true);
    clock.advance(LONGEST_FLOOD_WINDOW_MS - 1000);
    await limiter.hit(recent, rule);
    clock.advance(1001);
    expect(await createFloodCounterExpiryJob(h.app).run()).toBeGreaterThan(0);
    const left = (await h.app.db.select({ key: floodCounters.key }).from(floodCounters)).map((row) => row.key);
    expect(left).toContain(recent.key);
    expect(left).not.toContain(old.key);
  });

  it('refuses a window longer than the store keeps windows', async () => {
    const limiter = new FloodLimit(h.app.db, clock);
    await expect(limiter.hit(floodSubjects.signUp(freshAddress()), { max: 1, windowMs: 2 * 3_600_000 })).rejects.toThrow('A flood window may last at most');
  });
});
