import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_HOST, type Harness, createHarness, errorsOf } from '../../../test/harness';
import { markUnverified, signUpAndSignIn, signUpToken } from '../../../test/sign-up';
import { linkIn } from '../../../test/smtp';
import { totpCodeAt } from '../../platform/totp';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const STRONG = 'Str0ng!Passw0rd';

/** A new account with its business, signed in (sign-up, the mailed link, then the password). */
async function signUp(email: string, extra: Record<string, unknown> = {}) {
  const c = await signUpAndSignIn(h, { name: 'Ada Lovelace', email, password: STRONG, business_name: 'Analytical Engines', ...extra });
  return { c };
}

describe('login', () => {
  it('signs the super admin in, rotates the session id and returns two_factor false', async () => {
    const c = h.client();
    await c.csrf();
    const guestSession = c.cookies.get('session');
    const response = await c.post('/api/v1/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, remember: true });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ two_factor: false });
    expect(c.cookies.get('session')).toBeDefined();
    expect(c.cookies.get('session')).not.toBe(guestSession);
    const me = await c.get('/api/v1/me');
    expect(me.status).toBe(200);
    expect((me.body.data as { email: string }).email).toBe(ADMIN_EMAIL);
    expect((me.body.data as { is_platform_user: boolean }).is_platform_user).toBe(true);
  });

  it('gives one message for a wrong password and for an unknown email', async () => {
    const c = h.client();
    await c.csrf();
    const wrong = await c.post('/api/v1/login', { email: ADMIN_EMAIL, password: 'Wrong-passw0rd' });
    const unknown = await c.post('/api/v1/login', { email: 'nobody@example.com', password: 'Wrong-passw0rd' });
    expect(wrong.status).toBe(422);
    expect(unknown.status).toBe(422);
    expect(errorsOf(wrong).email).toEqual([messages.invalidCredentials]);
    expect(errorsOf(unknown).email).toEqual([messages.invalidCredentials]);
  });

  it('validates the input with the spec messages', async () => {
    const c = h.client();
    await c.csrf();
    const response = await c.post('/api/v1/login', { email: 'not-an-email', password: '' });
    expect(response.status).toBe(422);
    expect(errorsOf(response).email?.[0]).toBe(messages.incorrectEmail);
    expect(errorsOf(response).password?.[0]).toBe(messages.required);
  });

  it('refuses an unsafe request without the XSRF header, or with a wrong one (419)', async () => {
    const c = h.client();
    await c.csrf();
    const missing = await c.request('POST', '/api/v1/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { 'x-xsrf-token': '' });
    expect(missing.status).toBe(419);
    expect(missing.body).toEqual({ message: 'CSRF token mismatch.' });
    const wrong = await c.request('POST', '/api/v1/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { 'x-xsrf-token': 'forged' });
    expect(wrong.status).toBe(419);
    const noSession = h.client();
    expect((await noSession.post('/api/v1/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(419);
  });

  it('checks access before CSRF: 401 for a caller who is not signed in, 419 only for one who may call the route', async () => {
    const guest = h.client();
    await guest.csrf();
    expect((await guest.request('POST', '/api/v1/businesses/create', { name: 'Nope' }, { 'x-xsrf-token': 'forged' })).status).toBe(401);
    expect((await h.client().post('/api/v1/businesses/create', { name: 'Nope' })).status).toBe(401);
    const admin = h.client();
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await admin.request('POST', '/api/v1/businesses/create', { name: 'Nope' }, { 'x-xsrf-token': 'forged' })).status).toBe(419);
    expect((await admin.request('POST', '/api/v1/platform/mail/test', { to: 'x@example.com' }, { 'x-xsrf-token': 'forged' })).status).toBe(419);
  });

  it('logout ends the session on the server', async () => {
    const c = h.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const stolen = c.cookies.get('session');
    expect((await c.post('/api/v1/logout')).status).toBe(204);
    const replay = h.client();
    replay.cookies.set('session', stolen ?? '');
    expect((await replay.get('/api/v1/me')).status).toBe(401);
    expect((await replay.get('/api/v1/me')).body).toEqual({ message: 'Unauthenticated.' });
  });

  it('does not know the landlord admin on another tenant host', async () => {
    const c = h.client(OTHER_HOST);
    const response = await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(response.status).toBe(422);
  });
});

describe('flood limits', () => {
  it('answers 429 with Retry-After after too many forgot-password requests for one address', async () => {
    const limited = await createHarness({ authRateLimit: 3 });
    try {
      const c = limited.client();
      await c.csrf();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await c.post('/api/v1/forgot-password', { email: ADMIN_EMAIL })).status);
      expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
      expect(statuses[3]).toBe(429);
      const limitedAnswer = await c.post('/api/v1/forgot-password', { email: ADMIN_EMAIL });
      expect(limitedAnswer.body).toEqual({ message: 'Too Many Attempts.' });
      expect(Number(limitedAnswer.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('sign-up and email verification', () => {
  it('mails a verification link and makes the account and its business only when it is opened; then the person signs in', async () => {
    const guest = h.client();
    await guest.csrf();
    const response = await guest.post('/api/v1/sign-up', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: STRONG,
      password_confirmation: STRONG,
      business_name: 'Analytical Engines',
      business_type: 'non_profit',
      business_structure: 'incorporated_non_profit',
    });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ message: messages.signUpMailSent });
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await guest.get('/api/v1/me')).status).toBe(401);
    expect((await h.client().login('ada@example.com', STRONG)).status).toBe(422);

    const token = await signUpToken(h, 'ada@example.com');
    const anonymous = h.client();
    await anonymous.csrf();
    expect((await anonymous.post('/api/v1/verify-email', { token })).status).toBe(200);
    expect((await anonymous.post('/api/v1/verify-email', { token })).status).toBe(422);
    // The link verifies; it does not sign in: the password does.
    expect((await anonymous.get('/api/v1/me')).status).toBe(401);

    const c = h.client();
    expect((await c.login('ada@example.com', STRONG)).status).toBe(200);
    const me = await c.get('/api/v1/me');
    expect((me.body.data as { email_verified: boolean }).email_verified).toBe(true);
    const companies = await c.get('/api/v1/business/user/companies');
    expect(companies.status).toBe(200);
    const list = companies.body.data as { name: string; role: string }[];
    expect(list).toEqual([expect.objectContaining({ name: 'Analytical Engines', role: 'owner' })]);
  });

  it('applies the spec validation rules', async () => {
    const c = h.client();
    await c.csrf();
    const response = await c.post('/api/v1/sign-up', {
      name: '',
      email: 'bad',
      password: 'short',
      password_confirmation: 'other',
      business_name: 'Biz',
      business_type: 'individual',
      business_structure: 'public_corporation',
    });
    expect(response.status).toBe(422);
    const errors = errorsOf(response);
    expect(errors.name?.[0]).toBe(messages.required);
    expect(errors.email?.[0]).toBe(messages.incorrectEmail);
    expect(errors.password?.[0]).toBe(messages.passwordMin);
    const weak = await c.post('/api/v1/sign-up', { name: 'Bob Smith', email: 'bob@example.com', password: 'alllowercase1!', password_confirmation: 'x', business_name: 'Bob Co' });
    expect(errorsOf(weak).password?.[0]).toBe(messages.passwordMixedCase);
    const mismatch = await c.post('/api/v1/sign-up', { name: 'Bob Smith', email: 'bob@example.com', password: STRONG, password_confirmation: `${STRONG}x`, business_name: 'Bob Co' });
    expect(errorsOf(mismatch).password_confirmation?.[0]).toBe(messages.passwordConfirmation);
    const tooLong = await c.post('/api/v1/sign-up', { name: 'Bob Smith', email: 'bob@example.com', password: `Aa1!${'x'.repeat(130)}`, password_confirmation: 'x', business_name: 'Bob Co' });
    expect(errorsOf(tooLong).password?.[0]).toBe(messages.passwordMax);
  });

  it('uses a password of exactly 128 characters in full (no truncation)', async () => {
    const long = `Aa1!${'z'.repeat(124)}`;
    await signUp('long@example.com', { password: long, password_confirmation: long });
    const c = h.client();
    expect((await c.login('long@example.com', long)).status).toBe(200);
    const d = h.client();
    expect((await d.login('long@example.com', long.slice(0, 127))).status).toBe(422);
  });
});

describe('forgot and reset password', () => {
  it('mails a single-use reset link and the new password works', async () => {
    await signUp('reset@example.com');
    const c = h.client();
    await c.csrf();
    const asked = await c.post('/api/v1/forgot-password', { email: 'reset@example.com' });
    expect(asked.body).toEqual({ message: messages.resetLinkSent });
    const unknown = await c.post('/api/v1/forgot-password', { email: 'nobody@example.com' });
    expect(unknown.body).toEqual({ message: messages.resetLinkSent });
    const mail = await h.smtp.waitFor('reset@example.com', (m) => m.subject.includes('Reset'));
    const token = linkIn(mail, /reset-password\/[\w-]+/).split('/')[1];
    const body = { token, email: 'reset@example.com', password: 'N3w!Password', password_confirmation: 'N3w!Password' };
    expect((await c.post('/api/v1/reset-password', body)).status).toBe(200);
    const reused = await c.post('/api/v1/reset-password', body);
    expect(reused.status).toBe(422);
    expect(errorsOf(reused).email?.[0]).toBe(messages.invalidToken);
    expect((await h.client().login('reset@example.com', 'N3w!Password')).status).toBe(200);
  });
});

describe('a password reset ends all access', () => {
  it('ends every session, device token and personal access token, and every other reset, verification and address-change link', async () => {
    const email = 'reset-all@example.com';
    const { c } = await signUp(email);
    const device = h.client();
    device.bearer = (await h.client().post('/api/v1/auth/login', { email, password: STRONG, device_name: 'phone' })).body.token as string;
    const personal = h.client();
    personal.bearer = (await c.post('/api/v1/me/tokens', { name: 'Script', expires_in_days: 30 })).body.plain_text_token as string;
    expect((await device.get('/api/v1/me')).status).toBe(200);
    expect((await personal.get('/api/v1/me')).status).toBe(200);
    // A verification link (of an account from before verified sign-ups) and an address change waiting for its link.
    await markUnverified(h, c);
    await c.post('/api/v1/email/verification-notification');
    await h.jobs.drain();
    const verifyToken = linkIn(await h.smtp.waitFor(email, (m) => m.subject.includes('Verify')), /verify-user\?token=[\w-]+/).split('=')[1];
    expect((await c.put('/api/v1/me', { name: 'Ada Lovelace', email: 'reset-all-new@example.com', current_password: STRONG })).status).toBe(200);
    const changeToken = linkIn(await h.smtp.waitFor('reset-all-new@example.com', (m) => m.subject.includes('Confirm')), /confirm-email\/[\w-]+/).split('/')[1];

    const guest = h.client();
    await guest.csrf();
    const resetMails = () => h.smtp.mails.filter((m) => m.to.includes(email) && m.subject.includes('Reset'));
    await guest.post('/api/v1/forgot-password', { email });
    await h.jobs.drain();
    const first = linkIn(await h.smtp.waitFor(email, (m) => m.subject.includes('Reset')), /reset-password\/[\w-]+/).split('/')[1];
    await guest.post('/api/v1/forgot-password', { email });
    await h.jobs.drain();
    const latest = await h.smtp.waitFor(email, (m) => resetMails().indexOf(m) === 1);
    const second = linkIn(latest, /reset-password\/[\w-]+/).split('/')[1];
    const body = (token: string | undefined) => ({ token, email, password: 'N3w!Password', password_confirmation: 'N3w!Password' });
    expect(errorsOf(await guest.post('/api/v1/reset-password', body(first))).email?.[0]).toBe(messages.invalidToken);
    expect((await guest.post('/api/v1/reset-password', body(second))).status).toBe(200);

    expect((await c.get('/api/v1/me')).status).toBe(401);
    expect((await device.get('/api/v1/me')).status).toBe(401);
    expect((await personal.get('/api/v1/me')).status).toBe(401);
    expect(errorsOf(await guest.post('/api/v1/verify-email', { token: verifyToken })).token?.[0]).toBe(messages.invalidToken);
    expect(errorsOf(await guest.post('/api/v1/confirm-email', { token: changeToken })).token?.[0]).toBe(messages.invalidToken);
    const owner = h.client();
    expect((await owner.login(email, 'N3w!Password')).status).toBe(200);
    expect((await owner.get('/api/v1/me')).body.data).toMatchObject({ email, pending_email: null });
  });
});

describe('two-factor authentication', () => {
  it('enables 2FA after a password confirmation, challenges at login, rejects a reused code and accepts a recovery code once', async () => {
    const { c } = await signUp('totp@example.com');
    expect((await c.get('/api/v1/user/confirmed-password-status')).body).toEqual({ confirmed: false });
    expect((await c.post('/api/v1/user/two-factor-authentication')).status).toBe(423);
    expect(errorsOf(await c.post('/api/v1/user/confirm-password', { password: 'wrong' })).password?.[0]).toBe(messages.currentPasswordWrong);
    expect((await c.post('/api/v1/user/confirm-password', { password: STRONG })).status).toBe(201);
    expect((await c.get('/api/v1/user/confirmed-password-status')).body).toEqual({ confirmed: true });
    const setup = await c.post('/api/v1/user/two-factor-authentication');
    expect(setup.status).toBe(200);
    const secret = setup.body.secret as string;
    expect(setup.body.otpauth_url).toContain('otpauth://totp/');
    expect((await c.post('/api/v1/user/confirmed-two-factor-authentication', { code: '000000' })).status).toBe(422);
    const confirm = await c.post('/api/v1/user/confirmed-two-factor-authentication', { code: await totpCodeAt(secret, new Date(Date.now() - 30_000)) });
    expect(confirm.status).toBe(200);
    const recovery = confirm.body.recovery_codes as string[];
    expect(recovery).toHaveLength(8);

    const d = h.client();
    const first = await d.login('totp@example.com', STRONG);
    expect(first.body).toEqual({ two_factor: true });
    expect((await d.get('/api/v1/me')).status).toBe(401);
    const code = await totpCodeAt(secret, new Date());
    expect((await d.post('/api/v1/two-factor-challenge', { code })).status).toBe(200);
    expect((await d.get('/api/v1/me')).status).toBe(200);

    const e = h.client();
    await e.login('totp@example.com', STRONG);
    const replay = await e.post('/api/v1/two-factor-challenge', { code });
    expect(replay.status).toBe(422);
    expect(errorsOf(replay).code?.[0]).toBe(messages.invalidTwoFactorCode);
    expect((await e.post('/api/v1/two-factor-challenge', { recovery_code: recovery[0] })).status).toBe(200);

    const f = h.client();
    await f.login('totp@example.com', STRONG);
    const reusedRecovery = await f.post('/api/v1/two-factor-challenge', { recovery_code: recovery[0] });
    expect(errorsOf(reusedRecovery).recovery_code?.[0]).toBe(messages.invalidRecoveryCode);

    const tokenWithout = await h.client().post('/api/v1/auth/login', { email: 'totp@example.com', password: STRONG, device_name: 'phone' });
    expect(tokenWithout.status).toBe(422);
  });

  it('a challenge without a pending login is refused', async () => {
    const c = h.client();
    await c.csrf();
    expect((await c.post('/api/v1/two-factor-challenge', { code: '123456' })).status).toBe(422);
  });
});

describe('token API', () => {
  it('issues a bearer token that works without CSRF and ends at logout', async () => {
    const c = h.client();
    const issued = await c.post('/api/v1/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, device_name: 'cli' });
    expect(issued.status).toBe(200);
    expect(issued.body.token_type).toBe('Bearer');
    const api = h.client();
    api.bearer = issued.body.token as string;
    expect((await api.get('/api/v1/me')).status).toBe(200);
    expect((await api.put('/api/v1/me/settings', { settings: { language: 'en' } })).status).toBe(200);
    expect((await api.post('/api/v1/auth/logout')).status).toBe(204);
    expect((await api.get('/api/v1/me')).status).toBe(401);
    const bad = await h.client().post('/api/v1/auth/login', { email: ADMIN_EMAIL, password: 'nope-Passw0rd', device_name: 'cli' });
    expect(errorsOf(bad).email?.[0]).toBe(messages.invalidCredentials);
    const missing = await h.client().post('/api/v1/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(errorsOf(missing).device_name?.[0]).toBe(messages.required);
  });
});

describe('password reset for people who have not accepted their invitation', () => {
  it('sends nothing to an invited user: the invitation is how they set a password', async () => {
    const owner = h.client();
    await owner.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const created = await owner.post('/api/v1/businesses/create', { name: 'Reset Guard Co' });
    owner.business = (created.body.data as { id: string }).id;
    expect((await owner.post('/api/v1/users', { email: 'pending@example.com', role: 'viewer' })).status).toBe(201);
    await h.smtp.waitFor('pending@example.com', (m) => m.subject.includes('invited'));
    const guest = h.client();
    await guest.csrf();
    expect((await guest.post('/api/v1/forgot-password', { email: 'pending@example.com' })).body).toEqual({ message: messages.resetLinkSent });
    await h.jobs.drain();
    expect(h.smtp.mails.filter((m) => m.to.includes('pending@example.com') && m.subject === 'Reset your password')).toHaveLength(0);
  });
});
