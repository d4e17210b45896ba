import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_HOST, type Harness, type TestClient, type TestResponse, createHarness, errorsOf } from '../../../test/harness';
import { SIGN_UP_PASSWORD, markUnverified, signUpAndSignIn } from '../../../test/sign-up';
import type { ReceivedMail } from '../../../test/smtp';
import { acceptInvitation, invitationToken } from '../../../test/team';
import { fixedClock } from '../../platform/clock';
import { EMAIL_CHANGES_PER_HOUR } from './email-change';

const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ clock });
});
afterAll(async () => {
  await h.close();
});
// Every test starts with the failure budgets' and the request limit's hour over.
afterEach(() => clock.advance(2 * 3_600_000));

const WRONG = 'Wr0ng!Password';
const CONFIRM_SUBJECT = 'Confirm your new email address';
let people = 0;
let addresses = 0;

/** A client address of its own, so budgets of one test never meet another's. */
function freshIp(): string {
  addresses += 1;
  return `198.51.100.${addresses}`;
}

async function newPerson(host?: string): Promise<{ c: TestClient; email: string }> {
  people += 1;
  const email = `mover${people}@example.com`;
  const c = await signUpAndSignIn(h, { name: `Mover Number ${people}`, email, business_name: `Moving Co ${people}` }, host);
  c.ip = freshIp();
  return { c, email };
}

/** PUT /me asking for `email`, with the current password unless told otherwise. */
function askFor(c: TestClient, email: string, currentPassword: string | null = SIGN_UP_PASSWORD): Promise<TestResponse> {
  return c.put('/api/v1/me', { name: 'Moving Person', email, ...(currentPassword === null ? {} : { current_password: currentPassword }) });
}

async function mailsTo(email: string, subject: string): Promise<ReceivedMail[]> {
  await h.jobs.drain();
  return h.smtp.mails.filter((m) => m.to.includes(email) && m.subject === subject);
}

/** The token of the latest confirmation link mailed to `email`. */
async function linkTo(email: string): Promise<string> {
  await h.jobs.drain();
  await h.smtp.waitFor(email, (m) => m.subject === CONFIRM_SUBJECT);
  const latest = (await mailsTo(email, CONFIRM_SUBJECT)).at(-1);
  return /\/confirm-email\/([\w-]+)/.exec(latest?.text ?? '')?.[1] ?? '';
}

async function guest(host?: string): Promise<TestClient> {
  const c = h.client(host);
  c.ip = freshIp();
  await c.csrf();
  return c;
}

async function confirm(token: string, host?: string): Promise<TestResponse> {
  return (await guest(host)).post('/api/v1/confirm-email', { token });
}

function expectWait(response: TestResponse) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({ message: messages.tooManyAttempts });
}

describe('asking to change the address', () => {
  it('needs the current password; a wrong one counts against the account like a failed sign-in', async () => {
    const { c, email } = await newPerson();
    const before = h.smtp.mails.length;
    const without = await askFor(c, 'new-home@example.com', null);
    expect(without.status).toBe(422);
    expect(errorsOf(without).current_password).toEqual([messages.currentPasswordForEmail]);
    for (let i = 0; i < 4; i += 1) {
      c.ip = freshIp();
      const wrong = await askFor(c, 'new-home@example.com', WRONG);
      expect(errorsOf(wrong).current_password).toEqual([messages.currentPasswordWrong]);
    }
    expect((await (await guest()).post('/api/v1/login', { email, password: WRONG })).status).toBe(422);
    // Five failures in a row on the account, from five addresses: the next attempt waits, whatever its kind.
    c.ip = freshIp();
    expectWait(await askFor(c, 'new-home@example.com'));
    expectWait(await (await guest()).post('/api/v1/login', { email, password: SIGN_UP_PASSWORD }));
    await h.jobs.drain();
    expect(h.smtp.mails.slice(before)).toEqual([]);
    expect((await c.get('/api/v1/me')).body.data).toMatchObject({ email, name: `Mover Number ${people}`, pending_email: null });
  });

  it('changes nothing but the name, phone and language until the link is opened; the old address signs in and resets', async () => {
    const { c, email } = await newPerson();
    const asked = await c.put('/api/v1/me', { name: 'Renamed Mover', email: 'Next-Home@Example.com', phone: '+1 555 010 2000', current_password: SIGN_UP_PASSWORD });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ name: 'Renamed Mover', phone: '+1 555 010 2000', email, pending_email: 'next-home@example.com', email_verified: true });
    expect((await c.get('/api/v1/me')).body.data).toMatchObject({ email, pending_email: 'next-home@example.com' });
    expect(((await c.get('/api/v1/bootstrap')).body.current_user as Record<string, unknown>).pending_email).toBe('next-home@example.com');

    // The new address gets the link, on the tenant's origin; the old one is told, with no link.
    const token = await linkTo('next-home@example.com');
    expect(token.length).toBeGreaterThan(30);
    const [link] = await mailsTo('next-home@example.com', CONFIRM_SUBJECT);
    expect(link?.text).toContain(`http://localhost/confirm-email/${token}`);
    const [notice] = await mailsTo(email, 'Your email address is about to change');
    expect(notice?.text).toContain('next-home@example.com');
    expect(notice?.text).toContain('http://localhost/forgot-password');
    expect(notice?.text).not.toContain('confirm-email');
    expect(notice?.text).not.toContain(token);

    // Until then: the old address signs in and gets reset links, the new one is nobody's; the verification gate stays open.
    expect((await h.client().login(email, SIGN_UP_PASSWORD)).status).toBe(200);
    expect((await h.client().login('next-home@example.com', SIGN_UP_PASSWORD)).status).toBe(422);
    await (await guest()).post('/api/v1/forgot-password', { email });
    await h.jobs.drain();
    await h.smtp.waitFor(email, (m) => m.subject === 'Reset your password');
    c.business = ((await c.get('/api/v1/bootstrap')).body.companies as { id: string }[])[0]?.id ?? null;
    expect((await c.get('/api/v1/business/settings')).status).toBe(200);
    // The same address again is no change: no password needed, nothing mailed.
    expect((await c.put('/api/v1/me', { name: 'Renamed Again', email: email.toUpperCase() })).status).toBe(200);
    expect(await mailsTo(email, 'Your email address is about to change')).toHaveLength(1);
  });

  it('accepts an address that has an account like any other, and tells its owner instead of mailing a link', async () => {
    const { c, email } = await newPerson();
    const { email: taken } = await newPerson();
    const asked = await askFor(c, taken.toUpperCase());
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ email, pending_email: taken });
    await h.smtp.waitFor(taken, (m) => m.subject === 'Someone tried to move an account to your email address');
    const [tried] = await mailsTo(taken, 'Someone tried to move an account to your email address');
    expect(tried?.text).not.toContain('confirm-email');
    expect(tried?.text).not.toContain(email);
    expect(await mailsTo(taken, CONFIRM_SUBJECT)).toEqual([]);
    expect(await mailsTo(email, 'Your email address is about to change')).toHaveLength(1);
  });

  it(`allows ${EMAIL_CHANGES_PER_HOUR} requests an hour per account`, async () => {
    const { c } = await newPerson();
    for (let i = 0; i < EMAIL_CHANGES_PER_HOUR; i += 1) expect((await askFor(c, `spree${i}@example.com`)).status).toBe(200);
    const refused = await askFor(c, 'spree-more@example.com');
    expectWait(refused);
    expect(refused.headers['retry-after']).toBe('3600');
    clock.advance(3_600_000);
    expect((await askFor(c, 'spree-more@example.com')).status).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect((await (await guest()).put('/api/v1/me', { name: 'Nobody Here', email: 'nobody@example.com', current_password: WRONG })).status).toBe(401);
  });
});

describe('the link', () => {
  it('switches the address (verified), keeps the sessions, and ends the old address\'s links and the earlier request', async () => {
    const { c, email } = await newPerson();
    await (await guest()).post('/api/v1/forgot-password', { email });
    await h.jobs.drain();
    const resetToken = /reset-password\/([\w-]+)/.exec((await h.smtp.waitFor(email, (m) => m.subject === 'Reset your password')).text)?.[1] ?? '';
    await askFor(c, 'first-choice@example.com');
    const first = await linkTo('first-choice@example.com');
    await askFor(c, 'second-choice@example.com');
    const second = await linkTo('second-choice@example.com');
    expect(errorsOf(await confirm(first)).token).toEqual([messages.invalidToken]);

    const confirmed = await confirm(second);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: messages.emailChanged });
    expect((await c.get('/api/v1/me')).body.data).toMatchObject({ email: 'second-choice@example.com', pending_email: null, email_verified: true });
    const [changed] = await mailsTo(email, 'Your email address was changed');
    expect(changed?.text).toContain('second-choice@example.com');

    expect((await h.client().login(email, SIGN_UP_PASSWORD)).status).toBe(422);
    expect((await h.client().login('second-choice@example.com', SIGN_UP_PASSWORD)).status).toBe(200);
    expect(errorsOf(await confirm(second)).token).toEqual([messages.invalidToken]);
    const reset = await (await guest()).post('/api/v1/reset-password', { token: resetToken, email, password: 'N3w!Password', password_confirmation: 'N3w!Password' });
    expect(errorsOf(reset).email).toEqual([messages.invalidToken]);
  });

  it('expires after 24 hours', async () => {
    const { c, email } = await newPerson();
    expect((await askFor(c, 'too-late@example.com')).status).toBe(200);
    const token = await linkTo('too-late@example.com');
    clock.advance(24 * 3_600_000 + 60_000);
    const later = h.client();
    expect((await later.login(email, SIGN_UP_PASSWORD)).status).toBe(200);
    expect((await later.get('/api/v1/me')).body.data).toMatchObject({ email, pending_email: null });
    expect(errorsOf(await confirm(token)).token).toEqual([messages.invalidToken]);
    expect((await later.get('/api/v1/me')).body.data).toMatchObject({ email });
  });

  it('is refused, to its holder only, when another account took the address since', async () => {
    const { c, email } = await newPerson();
    await askFor(c, 'contested@example.com');
    const token = await linkTo('contested@example.com');
    await signUpAndSignIn(h, { email: 'contested@example.com', business_name: 'Contested Co' });
    const refused = await confirm(token);
    expect(refused.status).toBe(422);
    expect(errorsOf(refused).email).toEqual([messages.emailTaken]);
    expect((await c.get('/api/v1/me')).body.data).toMatchObject({ email, pending_email: null });
    expect(errorsOf(await confirm(token)).token).toEqual([messages.invalidToken]);
  });

  it('works only in its own tenant; addresses are per tenant', async () => {
    const { c, email } = await newPerson();
    const { c: other } = await newPerson(OTHER_HOST);
    // An address of an account in the landlord tenant is free in tenant B.
    expect((await askFor(other, email)).body.data).toMatchObject({ pending_email: email });
    const otherToken = await linkTo(email);
    await askFor(c, 'cross-tenant@example.com');
    const token = await linkTo('cross-tenant@example.com');
    expect(errorsOf(await confirm(token, OTHER_HOST)).token).toEqual([messages.invalidToken]);
    expect(errorsOf(await confirm(otherToken)).token).toEqual([messages.invalidToken]);
    expect((await confirm(token)).status).toBe(200);
    expect((await confirm(otherToken, OTHER_HOST)).status).toBe(200);
    expect((await other.get('/api/v1/me')).body.data).toMatchObject({ email });
    expect((await c.get('/api/v1/me')).body.data).toMatchObject({ email: 'cross-tenant@example.com' });
  });

  it('counts wrong links against the client address, with the other mailed links', async () => {
    const attacker = await guest();
    for (let i = 0; i < 4; i += 1) expect(errorsOf(await attacker.post('/api/v1/confirm-email', { token: `guess-${i}` })).token).toEqual([messages.invalidToken]);
    expect((await attacker.post('/api/v1/verify-email', { token: 'guess-verify' })).status).toBe(422);
    expectWait(await attacker.post('/api/v1/confirm-email', { token: 'guess-5' }));
  });

  it('verifies an account that was not verified yet', async () => {
    const { c } = await newPerson();
    await markUnverified(h, c);
    expect((await askFor(c, 'proven@example.com')).status).toBe(200);
    expect((await confirm(await linkTo('proven@example.com'))).status).toBe(200);
    expect((await c.get('/api/v1/me')).body.data).toMatchObject({ email: 'proven@example.com', email_verified: true });
  });
});

describe('platform users', () => {
  it('follow the same rule', async () => {
    const admin = h.client();
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const roles = (await admin.get('/api/v1/platform/roles?limit=100')).body.data as { id: string; name: string }[];
    expect((await admin.post('/api/v1/platform/users', { email: 'staff-mover@example.com', role_id: roles.find((role) => role.name === 'support')?.id })).status).toBe(201);
    const staff = await acceptInvitation(h, await invitationToken(h, 'staff-mover@example.com'), 'staff-mover@example.com', '');
    staff.business = null;
    staff.ip = freshIp();
    expect(errorsOf(await staff.put('/api/v1/me', { name: 'Staff Mover', email: 'staff-moved@example.com' })).current_password).toEqual([messages.currentPasswordForEmail]);
    expect((await staff.put('/api/v1/me', { name: 'Staff Mover', email: 'staff-moved@example.com', current_password: 'Team!Passw0rd' })).body.data).toMatchObject({
      email: 'staff-mover@example.com',
      pending_email: 'staff-moved@example.com',
      is_platform_user: true,
    });
    expect((await confirm(await linkTo('staff-moved@example.com'))).status).toBe(200);
    expect((await staff.get('/api/v1/me')).body.data).toMatchObject({ email: 'staff-moved@example.com', email_verified: true, is_platform_user: true });
  });
});
