import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@app/contracts';
import { OTHER_HOST, type Harness, type TestClient, type TestResponse, createHarness } from '../../../test/harness';
import { SIGN_UP_PASSWORD, signUpAndSignIn } from '../../../test/sign-up';
import { linkIn } from '../../../test/smtp';
import { fixedClock } from '../../platform/clock';
import { totpCodeAt } from '../../platform/totp';

const clock = fixedClock(new Date());
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ clock });
});
afterAll(async () => {
  await h.close();
});
// Every test starts with its counters' windows over.
afterEach(() => clock.advance(2 * 3_600_000));

const WRONG = 'Wr0ng!Password';
let addresses = 0;

/** A guest client at an address of its own (or `ip`), with a CSRF cookie. */
async function guestAt(ip?: string, host?: string): Promise<TestClient> {
  addresses += 1;
  const c = h.client(host);
  c.ip = ip ?? `198.51.100.${addresses}`;
  await c.csrf();
  return c;
}

function expectWait(response: TestResponse, seconds: number) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({ message: messages.tooManyAttempts });
  expect(response.headers['retry-after']).toBe(String(seconds));
}

/** Sends until the answer is not a 429, moving the clock by each Retry-After. */
async function whenLetThrough(send: () => Promise<TestResponse>): Promise<TestResponse> {
  for (;;) {
    const response = await send();
    if (response.status !== 429) return response;
    clock.advance(Number(response.headers['retry-after']) * 1000);
  }
}

describe('one failure budget per account', () => {
  it('counts session login, token login, confirm-password and change-password together; the sixth failure in a row waits', async () => {
    const email = 'budget@example.com';
    const owner = await signUpAndSignIn(h, { email });
    expect((await (await guestAt()).post('/api/v1/login', { email, password: WRONG })).status).toBe(422);
    expect((await (await guestAt()).post('/api/v1/login', { email: 'BUDGET@example.com', password: WRONG })).status).toBe(422);
    expect((await (await guestAt()).post('/api/v1/auth/login', { email, password: WRONG, device_name: 'cli' })).status).toBe(422);
    owner.ip = '203.0.113.10';
    expect((await owner.post('/api/v1/user/confirm-password', { password: WRONG })).status).toBe(422);
    owner.ip = '203.0.113.11';
    const change = await owner.put('/api/v1/me/change-password', { current_password: WRONG, password: 'An0ther!Pass', password_confirmation: 'An0ther!Pass' });
    expect(change.status).toBe(422);

    // From yet another address, and with the right password: the account waits.
    const rightful = await guestAt();
    expectWait(await rightful.post('/api/v1/login', { email, password: SIGN_UP_PASSWORD }), 1);
    expectWait(await rightful.post('/api/v1/auth/login', { email, password: SIGN_UP_PASSWORD, device_name: 'cli' }), 1);
    clock.advance(1000);
    expect((await rightful.post('/api/v1/login', { email, password: SIGN_UP_PASSWORD })).status).toBe(200);
    // The success ended the run: the next failure is an ordinary 422.
    expect((await (await guestAt()).post('/api/v1/login', { email, password: WRONG })).status).toBe(422);
  });

  it('answers an address without an account exactly like one with an account', async () => {
    await signUpAndSignIn(h, { email: 'exists@example.com' });
    const answers: TestResponse[] = [];
    for (const email of ['exists@example.com', 'nobody-here@example.com']) {
      for (let i = 0; i < 5; i += 1) expect((await (await guestAt()).post('/api/v1/login', { email, password: WRONG })).status).toBe(422);
      answers.push(await (await guestAt()).post('/api/v1/login', { email, password: WRONG }));
    }
    const [known, unknown] = answers;
    expect(known?.status).toBe(429);
    expect(unknown?.status).toBe(known?.status);
    expect(unknown?.body).toEqual(known?.body);
    expect(unknown?.headers['retry-after']).toBe(known?.headers['retry-after']);
  });
});

describe('one failure budget per client address', () => {
  it('counts passwords of different accounts and every kind of emailed token together', async () => {
    const ip = '192.0.2.77';
    const attacker = await guestAt(ip);
    expect((await attacker.post('/api/v1/login', { email: 'first@example.com', password: WRONG })).status).toBe(422);
    expect((await attacker.post('/api/v1/login', { email: 'second@example.com', password: WRONG })).status).toBe(422);
    const reset = await attacker.post('/api/v1/reset-password', { token: 'not-a-token', email: 'third@example.com', password: 'N3w!Password', password_confirmation: 'N3w!Password' });
    expect(reset.status).toBe(422);
    expect((await attacker.post('/api/v1/verify-email', { token: 'not-a-token' })).status).toBe(422);
    expect((await attacker.get('/api/v1/invitations/not-a-token')).status).toBe(404);
    expectWait(await attacker.get('/api/v1/onboarding-invitations/not-a-token'), 1);
    expectWait(await attacker.post('/api/v1/accept-user-invitation/not-a-token', { name: 'Someone Else', password: 'N3w!Password', password_confirmation: 'N3w!Password' }), 1);
    // Another address is not affected.
    expect((await (await guestAt()).get('/api/v1/onboarding-invitations/not-a-token')).status).toBe(404);
  });

  it("spans tenants, while an account's budget is its tenant's own", async () => {
    const ip = '192.0.2.88';
    for (let i = 0; i < 3; i += 1) expect((await (await guestAt(ip)).post('/api/v1/login', { email: `spray${i}@example.com`, password: WRONG })).status).toBe(422);
    for (let i = 3; i < 5; i += 1) expect((await (await guestAt(ip, OTHER_HOST)).post('/api/v1/login', { email: `spray${i}@example.com`, password: WRONG })).status).toBe(422);
    expectWait(await (await guestAt(ip, OTHER_HOST)).post('/api/v1/login', { email: 'spray9@example.com', password: WRONG }), 1);

    // Five failures for one address in the landlord tenant leave the same address in tenant B alone.
    for (let i = 0; i < 5; i += 1) await (await guestAt()).post('/api/v1/login', { email: 'shared@example.com', password: WRONG });
    expectWait(await (await guestAt()).post('/api/v1/login', { email: 'shared@example.com', password: WRONG }), 1);
    expect((await (await guestAt(undefined, OTHER_HOST)).post('/api/v1/login', { email: 'shared@example.com', password: WRONG })).status).toBe(422);
  });

  it('counts an IPv6 client by its /64', async () => {
    for (let i = 1; i <= 5; i += 1) expect((await (await guestAt(`2001:db8:5:6::${i}`)).post('/api/v1/verify-email', { token: 'nope' })).status).toBe(422);
    expectWait(await (await guestAt('2001:db8:5:6:ffff::1')).post('/api/v1/verify-email', { token: 'nope' }), 1);
    expect((await (await guestAt('2001:db8:5:7::1')).post('/api/v1/verify-email', { token: 'nope' })).status).toBe(422);
  });
});

describe('the second factor', () => {
  it('locks for 15 minutes after 10 wrong codes, whether sent to the challenge (code or recovery code) or with token login', async () => {
    const email = 'locked-2fa@example.com';
    const owner = await signUpAndSignIn(h, { email });
    await owner.post('/api/v1/user/confirm-password', { password: SIGN_UP_PASSWORD });
    const secret = (await owner.post('/api/v1/user/two-factor-authentication')).body.secret as string;
    expect((await owner.post('/api/v1/user/confirmed-two-factor-authentication', { code: await totpCodeAt(secret, clock.now()) })).status).toBe(200);
    clock.advance(30_000);

    const pending = await guestAt();
    expect((await pending.post('/api/v1/login', { email, password: SIGN_UP_PASSWORD })).body).toEqual({ two_factor: true });
    const wrongCode = async () => String((Number(await totpCodeAt(secret, clock.now())) + 500_000) % 1_000_000).padStart(6, '0');
    const tries: (() => Promise<TestResponse>)[] = [
      async () => pending.post('/api/v1/two-factor-challenge', { code: await wrongCode() }),
      async () => pending.post('/api/v1/two-factor-challenge', { recovery_code: 'aaaaa-bbbbb' }),
      async () => (await guestAt()).post('/api/v1/auth/login', { email, password: SIGN_UP_PASSWORD, device_name: 'cli', code: await wrongCode() }),
    ];
    for (let i = 0; i < 10; i += 1) {
      const attempt = tries[i % tries.length];
      if (attempt) expect((await whenLetThrough(attempt)).status).toBe(422);
    }

    const locked = await pending.post('/api/v1/two-factor-challenge', { code: await totpCodeAt(secret, clock.now()) });
    expect(locked.status).toBe(429);
    // Longer than any password delay (at most 5 minutes): the second factor's own lock.
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(300);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(900);
    const viaToken = await (await guestAt()).post('/api/v1/auth/login', { email, password: SIGN_UP_PASSWORD, device_name: 'cli', code: await totpCodeAt(secret, clock.now()) });
    expect(viaToken.status).toBe(429);

    clock.advance(Number(locked.headers['retry-after']) * 1000);
    expect((await pending.post('/api/v1/two-factor-challenge', { code: await totpCodeAt(secret, clock.now()) })).status).toBe(200);
  });
});

describe('a password reset', () => {
  it("works while the account's password attempts wait, and lifts the wait", async () => {
    const email = 'recover@example.com';
    await signUpAndSignIn(h, { email });
    for (let i = 0; i < 5; i += 1) await (await guestAt()).post('/api/v1/login', { email, password: WRONG });
    expectWait(await (await guestAt()).post('/api/v1/login', { email, password: SIGN_UP_PASSWORD }), 1);

    const owner = await guestAt();
    await owner.post('/api/v1/forgot-password', { email });
    await h.jobs.drain();
    const mail = await h.smtp.waitFor(email, (m) => m.subject.includes('Reset'));
    const token = linkIn(mail, /reset-password\/[\w-]+/).split('/')[1];
    const reset = await owner.post('/api/v1/reset-password', { token, email, password: 'N3w!Password', password_confirmation: 'N3w!Password' });
    expect(reset.status).toBe(200);
    expect((await (await guestAt()).post('/api/v1/login', { email, password: 'N3w!Password' })).status).toBe(200);
  });
});
