import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, type TestResponse, createHarness, errorsOf } from '../../../test/harness';
import { SIGN_UP_PASSWORD, requestSignUp, signUpAndSignIn, signUpToken } from '../../../test/sign-up';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { oneTimeTokens, outbox, pendingSignUps, users } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { createPasswordResetService } from './password-reset';
import { createPendingSignUpExpiryJob, createSignUpService } from './sign-up';

const clock = fixedClock(new Date());
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ clock });
});
afterAll(async () => {
  await h.close();
});

/** Rows in every tenant (the test reads as the owner). */
async function count(table: PgTable): Promise<number> {
  const [row] = await h.app.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? -1;
}

/** What a client can observe of an answer, apart from its date. */
function observable(response: TestResponse) {
  const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => name !== 'date'));
  return { status: response.status, body: response.body, headers };
}

/** Holds the jobs the requests queue instead of running them, and returns them. */
function holdJobs() {
  const held: { name: string; data: Record<string, unknown> }[] = [];
  const spy = vi.spyOn(h.jobs, 'send').mockImplementation(async (name, data) => {
    held.push({ name, data });
  });
  return { held, release: () => spy.mockRestore() };
}

describe('sign-up does not tell whether an address has an account', () => {
  it('answers an existing address exactly like a new one, and mails its owner instead of creating anything', async () => {
    await signUpAndSignIn(h, { email: 'taken@example.com', password: SIGN_UP_PASSWORD });
    const accounts = await count(users);
    const existing = await requestSignUp(h, { email: 'taken@example.com', password: 'Other!Passw0rd', business_name: 'Copycat Co' });
    const fresh = await requestSignUp(h, { email: 'fresh@example.com', password: 'Other!Passw0rd', business_name: 'Copycat Co' });
    expect(existing.status).toBe(202);
    expect(observable(existing)).toEqual(observable(fresh));
    expect(existing.headers['set-cookie']).toBeUndefined();

    await h.jobs.drain();
    const notice = await h.smtp.waitFor('taken@example.com', (m) => m.subject === 'Someone tried to sign up with your email address');
    expect(notice.text).toContain('/forgot-password');
    expect(h.smtp.mails.filter((m) => m.to.includes('taken@example.com') && m.subject.includes('Verify'))).toHaveLength(1);
    await h.smtp.waitFor('fresh@example.com', (m) => m.subject.includes('Verify'));
    // Nothing was made for either address yet, and the account kept its password.
    expect(await count(users)).toBe(accounts);
    expect((await h.client().login('taken@example.com', 'Other!Passw0rd')).status).toBe(422);
    expect((await h.client().login('taken@example.com', SIGN_UP_PASSWORD)).status).toBe(200);
  });

  it('the request does the same work for both: it stores the sign-up and queues one job; the job tells them apart', async () => {
    await signUpAndSignIn(h, { email: 'held@example.com' });
    const { held, release } = holdJobs();
    const before = { users: await count(users), outbox: await count(outbox), pending: await count(pendingSignUps) };
    try {
      await requestSignUp(h, { email: 'held@example.com' });
      await requestSignUp(h, { email: 'held-new@example.com' });
    } finally {
      release();
    }
    expect(held.map((job) => job.name)).toEqual(['sign-up-mail', 'sign-up-mail']);
    expect(held.map((job) => Object.keys(job.data).sort())).toEqual([
      ['origin', 'pendingSignUpId', 'tenantId'],
      ['origin', 'pendingSignUpId', 'tenantId'],
    ]);
    expect({ users: await count(users), outbox: await count(outbox), pending: await count(pendingSignUps) }).toEqual({ ...before, pending: before.pending + 2 });

    const signUps = createSignUpService(h.app);
    for (const job of held) await signUps.writeMail(job.data);
    // Run again (a retried job): nothing is mailed twice.
    for (const job of held) await signUps.writeMail(job.data);
    await h.jobs.drain();
    expect(await count(outbox)).toBe(before.outbox + 2);
    expect(await count(pendingSignUps)).toBe(before.pending + 1);
  });

  it('the first confirmed of two sign-ups of one address wins; the other link stops working', async () => {
    await requestSignUp(h, { email: 'twice@example.com', business_name: 'First Try' });
    const first = await signUpToken(h, 'twice@example.com');
    await requestSignUp(h, { email: 'twice@example.com', business_name: 'Second Try' });
    await h.jobs.drain();
    await h.smtp.waitFor('twice@example.com', () => h.smtp.mails.filter((m) => m.to.includes('twice@example.com')).length === 2);
    const second = await signUpToken(h, 'twice@example.com');
    expect(second).not.toBe(first);
    const guest = h.client();
    await guest.csrf();
    expect((await guest.post('/api/v1/verify-email', { token: second })).status).toBe(200);
    const stale = await guest.post('/api/v1/verify-email', { token: first });
    expect(errorsOf(stale).token?.[0]).toBe(messages.invalidToken);
    const owner = h.client();
    await owner.login('twice@example.com', SIGN_UP_PASSWORD);
    expect(((await owner.get('/api/v1/business/user/companies')).body.data as { name: string }[]).map((b) => b.name)).toEqual(['Second Try']);
  });

  it('a sign-up link is refused once the address got an account another way', async () => {
    await requestSignUp(h, { email: 'joined@example.com' });
    const token = await signUpToken(h, 'joined@example.com');
    const admin = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Joiner Co');
    await inviteAndAccept(h, admin, 'joined@example.com', 'viewer');
    const guest = h.client();
    await guest.csrf();
    expect((await guest.post('/api/v1/verify-email', { token })).status).toBe(422);
  });

  it('a sign-up link expires after 48 hours, and the hourly job deletes sign-ups never confirmed', async () => {
    await requestSignUp(h, { email: 'late-signup@example.com' });
    const token = await signUpToken(h, 'late-signup@example.com');
    clock.advance(48 * 3_600_000 + 60_000);
    const guest = h.client();
    await guest.csrf();
    expect((await guest.post('/api/v1/verify-email', { token })).status).toBe(422);
    expect(await createPendingSignUpExpiryJob({ db: h.app.db, jobs: h.jobs, clock }).run()).toBeGreaterThanOrEqual(1);
    expect(await h.app.db.select().from(pendingSignUps).where(eq(pendingSignUps.email, 'late-signup@example.com'))).toEqual([]);
  });
});

describe('forgot-password does not tell whether an address has an account', () => {
  it('the request only queues the same job for both; the job mails the account alone', async () => {
    const { held, release } = holdJobs();
    const before = { tokens: await count(oneTimeTokens), outbox: await count(outbox) };
    let answers: TestResponse[];
    try {
      const guest = h.client();
      await guest.csrf();
      answers = [await guest.post('/api/v1/forgot-password', { email: ADMIN_EMAIL }), await guest.post('/api/v1/forgot-password', { email: 'nobody@example.com' })];
    } finally {
      release();
    }
    const [known, unknown] = answers;
    expect(known?.body).toEqual({ message: messages.resetLinkSent });
    expect(unknown && observable(unknown)).toEqual(known && observable(known));
    expect(held).toEqual([
      { name: 'password-reset-mail', data: { tenantId: h.landlordId, email: ADMIN_EMAIL, origin: 'http://localhost' } },
      { name: 'password-reset-mail', data: { tenantId: h.landlordId, email: 'nobody@example.com', origin: 'http://localhost' } },
    ]);
    // Nothing was written for either address while answering.
    expect({ tokens: await count(oneTimeTokens), outbox: await count(outbox) }).toEqual(before);

    const resets = createPasswordResetService(h.app);
    for (const job of held) await resets.writeMail(job.data);
    await h.jobs.drain();
    expect(await count(oneTimeTokens)).toBe(before.tokens + 1);
    await h.smtp.waitFor(ADMIN_EMAIL, (m) => m.subject.includes('Reset'));
    expect(h.smtp.mails.some((m) => m.to.includes('nobody@example.com'))).toBe(false);
  });
});
