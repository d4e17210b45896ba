import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, createHarness } from '../../test/harness';
import { throttleCounters } from '../db/schema';
import { fixedClock } from './clock';
import { TooManyAttemptsError } from './errors';
import { Throttle, addressBlock, createThrottleExpiryJob, throttleSubjects } from './throttle';

const clock = fixedClock(new Date('2030-01-01T00:00:00Z'));
let h: Harness;
let throttle: Throttle;
beforeAll(async () => {
  h = await createHarness({ clock });
  throttle = new Throttle(h.app.db, clock);
});
afterAll(async () => {
  await h.close();
});

/** The seconds to wait when `attempt` is refused, or null when it was let through (and left as a failure). */
async function retryAfter(attempt: Promise<unknown>): Promise<number | null> {
  try {
    await attempt;
    return null;
  } catch (error) {
    if (error instanceof TooManyAttemptsError) return error.retryAfterSeconds;
    throw error;
  }
}

let counter = 0;
function freshAccount() {
  counter += 1;
  return throttleSubjects.account(h.landlordId, `someone${counter}@example.com`);
}

describe('failure budgets in the shared store', () => {
  it('lets five failures in a row through, then waits 1 s, 2 s, 4 s ... up to 5 minutes', async () => {
    const account = freshAccount();
    for (let i = 0; i < 5; i += 1) expect(await retryAfter(throttle.attempt([account]))).toBeNull();
    const waits: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const wait = await retryAfter(throttle.attempt([account]));
      expect(wait).not.toBeNull();
      waits.push(wait ?? 0);
      clock.advance((wait ?? 0) * 1000);
      expect(await retryAfter(throttle.attempt([account]))).toBeNull();
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300]);
    clock.advance(3_600_000);
  });

  it('a success ends the run of failures, and a refused attempt is not counted', async () => {
    const account = freshAccount();
    for (let i = 0; i < 5; i += 1) await throttle.attempt([account]);
    expect(await retryAfter(throttle.attempt([account]))).toBe(1);
    expect(await retryAfter(throttle.attempt([account]))).toBe(1);
    clock.advance(1000);
    const attempt = await throttle.attempt([account]);
    await attempt.succeeded();
    for (let i = 0; i < 5; i += 1) expect(await retryAfter(throttle.attempt([account]))).toBeNull();
    expect(await retryAfter(throttle.attempt([account]))).toBe(1);
    clock.advance(3_600_000);
  });

  it('allows at most 100 failures an hour per account, even with successes in between', async () => {
    const account = freshAccount();
    const windowStart = clock.now().getTime();
    let failures = 0;
    while (failures < 100) {
      for (let i = 0; i < 4 && failures < 100; i += 1) {
        await throttle.attempt([account]);
        failures += 1;
      }
      if (failures < 100) await (await throttle.attempt([account])).succeeded();
      clock.advance(1000);
    }
    const wait = await retryAfter(throttle.attempt([account]));
    expect(wait).toBe(Math.ceil((windowStart + 3_600_000 - clock.now().getTime()) / 1000));
    clock.set(new Date(windowStart + 3_600_000));
    expect(await retryAfter(throttle.attempt([account]))).toBeNull();
    clock.advance(3_600_000);
  });

  it('counts a burst of parallel attempts one by one: only five get through', async () => {
    const account = freshAccount();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => retryAfter(throttle.attempt([account]))));
    expect(outcomes.filter((wait) => wait === null)).toHaveLength(5);
    expect(outcomes.filter((wait) => wait === 1)).toHaveLength(15);
    clock.advance(3_600_000);
  });

  it('an attempt is refused when any of its counters is blocked, and then counts on none of them', async () => {
    const blocked = freshAccount();
    const other = freshAccount();
    for (let i = 0; i < 5; i += 1) await throttle.attempt([blocked]);
    expect(await retryAfter(throttle.attempt([other, blocked]))).toBe(1);
    const rows = await h.app.db.select().from(throttleCounters);
    expect(rows.find((row) => row.key === other.key)?.windowAttempts ?? 0).toBe(0);
    clock.advance(3_600_000);
  });

  it('locks the second factor for 15 minutes after 10 wrong codes in a row, and again after each further one', async () => {
    const factor = throttleSubjects.secondFactor(h.landlordId, 'locked@example.com');
    for (let i = 0; i < 10; i += 1) expect(await retryAfter(throttle.attempt([factor]))).toBeNull();
    expect(await retryAfter(throttle.attempt([factor]))).toBe(900);
    clock.advance(900_000);
    expect(await retryAfter(throttle.attempt([factor]))).toBeNull();
    expect(await retryAfter(throttle.attempt([factor]))).toBe(900);
    clock.advance(3_600_000);
  });

  it('a reset forgets the counters it names', async () => {
    const account = freshAccount();
    for (let i = 0; i < 5; i += 1) await throttle.attempt([account]);
    expect(await retryAfter(throttle.attempt([account]))).toBe(1);
    await throttle.forget([account]);
    expect(await retryAfter(throttle.attempt([account]))).toBeNull();
    clock.advance(3_600_000);
  });
});

describe('client addresses', () => {
  it('counts an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 address', () => {
    expect(addressBlock('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressBlock('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(addressBlock('2001:0db8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(addressBlock('::1')).toBe('0:0:0:0::/64');
    expect(addressBlock('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressBlock('203.0.113.9')).toBe('203.0.113.9');
    expect(throttleSubjects.address('2001:db8:1:2::1').key).toBe(throttleSubjects.address('2001:db8:1:2:aaaa::1').key);
    expect(throttleSubjects.address('2001:db8:1:2::1').key).not.toBe(throttleSubjects.address('2001:db8:1:3::1').key);
  });

  it('keys hold no readable email or address', () => {
    const subject = throttleSubjects.account(h.landlordId, 'Readable@Example.com');
    expect(subject.key).toMatch(/^[0-9a-f]{64}$/);
    expect(subject.key).toBe(throttleSubjects.account(h.landlordId, 'readable@example.com').key);
    expect(subject.key).not.toBe(throttleSubjects.account(h.otherTenantId, 'readable@example.com').key);
  });
});

describe('expiry', () => {
  it('deletes counters idle for an hour', async () => {
    await h.app.db.delete(throttleCounters);
    const idle = freshAccount();
    const locked = throttleSubjects.secondFactor(h.landlordId, 'expiry@example.com');
    await throttle.attempt([idle]);
    for (let i = 0; i < 10; i += 1) await throttle.attempt([locked]);
    const job = createThrottleExpiryJob({ db: h.app.db, jobs: h.jobs, clock });
    clock.advance(30 * 60_000);
    expect(await job.run()).toBe(0);
    clock.advance(31 * 60_000);
    expect(await job.run()).toBe(2);
    expect(await h.app.db.select().from(throttleCounters)).toEqual([]);
  });
});
