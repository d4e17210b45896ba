import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { markUnverified, signUpAndSignIn } from '../../../test/sign-up';
import { linkIn } from '../../../test/smtp';
import { SQLSTATE, expectDatabaseError } from '../../../test/database-errors';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const STRONG = 'Str0ng!Passw0rd';
let counter = 0;

async function newUser(): Promise<{ c: TestClient; email: string }> {
  counter += 1;
  const email = `user${counter}@example.com`;
  const c = await signUpAndSignIn(h, { name: `User Number ${counter}`, email, password: STRONG, business_name: `Business ${counter}` });
  return { c, email };
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function multipart(field: string, filename: string, content: Buffer, contentType: string) {
  const boundary = '----ledgerline-test';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(c: TestClient, url: string, field: string, filename: string, content: Buffer, contentType: string) {
  const form = multipart(field, filename, content, contentType);
  const headers: Record<string, string> = {
    host: c.host,
    cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(c.cookies.get('XSRF-TOKEN') ?? ''),
    'content-type': form.contentType,
  };
  if (c.business) headers.business = c.business;
  const response = await h.server.inject({ method: 'POST', url, headers, payload: form.body });
  return { status: response.statusCode, body: JSON.parse(response.body) as Record<string, unknown> };
}

describe('GET/PUT /me', () => {
  it('returns and updates the profile with validation', async () => {
    const { c, email } = await newUser();
    const me = await c.get('/api/v1/me');
    expect(me.body.data).toMatchObject({ email, name: 'User Number 1', language: 'en', two_factor: { enabled: false, confirmed: false } });
    const updated = await c.put('/api/v1/me', { name: 'Grace Hopper', email, phone: '+1 (555) 010-2000' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Grace Hopper', phone: '+1 (555) 010-2000' });
    const bad = await c.put('/api/v1/me', { name: '', email: 'nope', phone: 'abc' });
    expect(errorsOf(bad)).toMatchObject({ name: [messages.required], email: [messages.incorrectEmail], phone: [messages.invalidPhone] });
    // A new address needs the current password; a taken one is accepted like any other (email-change.test.ts).
    const withoutPassword = await c.put('/api/v1/me', { name: 'Grace Hopper', email: ADMIN_EMAIL });
    expect(errorsOf(withoutPassword).current_password?.[0]).toBe(messages.currentPasswordForEmail);
    const taken = await c.put('/api/v1/me', { name: 'Grace Hopper', email: ADMIN_EMAIL, current_password: STRONG });
    expect(taken.status).toBe(200);
    expect(taken.body.data).toMatchObject({ email, pending_email: ADMIN_EMAIL });
  });

  it('needs a signed-in user', async () => {
    expect((await h.client().get('/api/v1/me')).status).toBe(401);
  });
});

describe('change password', () => {
  it('checks the current password, applies the rule and keeps only this session', async () => {
    const { c, email } = await newUser();
    const other = h.client();
    await other.login(email, STRONG);
    const wrong = await c.put('/api/v1/me/change-password', { current_password: 'nope', password: 'An0ther!Pass', password_confirmation: 'An0ther!Pass' });
    expect(errorsOf(wrong).current_password?.[0]).toBe(messages.currentPasswordWrong);
    const weak = await c.put('/api/v1/me/change-password', { current_password: STRONG, password: 'NoDigits!!', password_confirmation: 'NoDigits!!' });
    expect(errorsOf(weak).password?.[0]).toBe(messages.passwordNumber);
    const ok = await c.put('/api/v1/me/change-password', { current_password: STRONG, password: 'An0ther!Pass', password_confirmation: 'An0ther!Pass' });
    expect(ok.body).toMatchObject({ success: true, message: messages.passwordChanged });
    expect((await c.get('/api/v1/me')).status).toBe(200);
    expect((await other.get('/api/v1/me')).status).toBe(401);
    expect((await h.client().login(email, 'An0ther!Pass')).status).toBe(200);
  });

  it('ends device tokens and mailed reset and verification links, keeps personal access tokens and lists the active ones', async () => {
    const { c, email } = await newUser();
    const device = h.client();
    device.bearer = (await h.client().post('/api/v1/auth/login', { email, password: STRONG, device_name: 'phone' })).body.token as string;
    const kept = await c.post('/api/v1/me/tokens', { name: 'Reporting', expires_in_days: 30 });
    const revoked = await c.post('/api/v1/me/tokens', { name: 'Old script', expires_in_days: 30 });
    await c.delete(`/api/v1/me/tokens/${(revoked.body.data as { id: string }).id}`);
    const personal = h.client();
    personal.bearer = kept.body.plain_text_token as string;
    // A reset link, a verification link (of an account from before verified sign-ups) and an address-change link mailed before the change.
    const guest = h.client();
    await guest.csrf();
    await guest.post('/api/v1/forgot-password', { email });
    await h.jobs.drain();
    const resetToken = linkIn(await h.smtp.waitFor(email, (m) => m.subject.includes('Reset')), /reset-password\/[\w-]+/).split('/')[1];
    await markUnverified(h, c);
    await c.post('/api/v1/email/verification-notification');
    await h.jobs.drain();
    const verifyToken = linkIn(await h.smtp.waitFor(email, (m) => m.subject.includes('Verify')), /verify-user\?token=[\w-]+/).split('=')[1];
    const renamed = `renamed-${email}`;
    expect((await c.put('/api/v1/me', { name: 'Renamed Person', email: renamed, current_password: STRONG })).status).toBe(200);
    const changeToken = linkIn(await h.smtp.waitFor(renamed, (m) => m.subject.includes('Confirm')), /confirm-email\/[\w-]+/).split('/')[1];

    const changed = await c.put('/api/v1/me/change-password', { current_password: STRONG, password: 'An0ther!Pass', password_confirmation: 'An0ther!Pass' });
    expect(changed.status).toBe(200);
    const listed = changed.body.personal_access_tokens as { id: string; name: string; status: string }[];
    expect(listed).toEqual([expect.objectContaining({ id: (kept.body.data as { id: string }).id, name: 'Reporting', status: 'active' })]);
    expect(changed.body.personal_access_token_count).toBe(1);
    expect(JSON.stringify(changed.body)).not.toContain((kept.body.plain_text_token as string).split('|')[1]);

    expect((await device.get('/api/v1/me')).status).toBe(401);
    expect((await personal.get('/api/v1/me')).status).toBe(200);
    expect((await c.get('/api/v1/me')).status).toBe(200);
    const reset = await guest.post('/api/v1/reset-password', { token: resetToken, email, password: 'Th1rd!Passw0rd', password_confirmation: 'Th1rd!Passw0rd' });
    expect(errorsOf(reset).email?.[0]).toBe(messages.invalidToken);
    expect(errorsOf(await guest.post('/api/v1/verify-email', { token: verifyToken })).token?.[0]).toBe(messages.invalidToken);
    expect(errorsOf(await guest.post('/api/v1/confirm-email', { token: changeToken })).token?.[0]).toBe(messages.invalidToken);
    expect((await c.get('/api/v1/me')).body.data).toMatchObject({ email, pending_email: null, email_verified: false });
  });
});

describe('avatar upload', () => {
  it('accepts png and gif by content and serves them to signed-in users of the tenant only', async () => {
    const { c } = await newUser();
    const png = await upload(c, '/api/v1/me/upload-avatar', 'avatar', 'me.png', PNG, 'image/png');
    expect(png.status).toBe(200);
    const url = (png.body.data as { avatar: string }).avatar;
    expect(url).toMatch(/^\/files\/.+\.png$/);
    const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const file = await h.server.inject({ method: 'GET', url, headers: { host: 'localhost', cookie } });
    expect(file.statusCode).toBe(200);
    expect((await h.server.inject({ method: 'GET', url, headers: { host: 'localhost' } })).statusCode).toBe(401);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-type']).toBe('image/png');
    expect((await h.server.inject({ method: 'GET', url, headers: { host: OTHER_HOST, cookie } })).statusCode).toBe(401);
    const gif = await upload(c, '/api/v1/me/upload-avatar', 'avatar', 'me.gif', GIF, 'image/gif');
    expect(gif.status).toBe(200);
  });

  it('refuses SVG, a renamed non-image and files over 5 MB', async () => {
    const { c } = await newUser();
    const svg = await upload(c, '/api/v1/me/upload-avatar', 'avatar', 'x.svg', SVG, 'image/svg+xml');
    expect(svg.status).toBe(422);
    expect((svg.body.errors as Record<string, string[]>).avatar?.[0]).toBe(messages.invalidImage);
    const renamed = await upload(c, '/api/v1/me/upload-avatar', 'avatar', 'x.png', Buffer.from('plain text'), 'image/png');
    expect(renamed.status).toBe(422);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await upload(c, '/api/v1/me/upload-avatar', 'avatar', 'big.png', big, 'image/png');
    expect(tooBig.status).toBe(422);
    expect((tooBig.body.errors as Record<string, string[]>).avatar?.[0]).toBe(messages.imageTooLarge);
  });
});

describe('user settings', () => {
  it('reads and writes settings', async () => {
    const { c } = await newUser();
    expect((await c.put('/api/v1/me/settings', { settings: { language: 'en', default_invoice_template: 'invoice1' } })).body).toEqual({ success: true });
    const read = await c.get('/api/v1/me/settings?settings[]=language&settings[]=default_invoice_template');
    expect(read.body).toEqual({ language: 'en', default_invoice_template: 'invoice1' });
    const bad = await c.put('/api/v1/me/settings', { settings: { language: 'xx' } });
    expect(bad.status).toBe(422);
  });

  it('refuses a template that does not exist or text that cannot be stored, and reads a bad stored value as unset', async () => {
    const { c, email } = await newUser();
    expect(errorsOf(await c.put('/api/v1/me/settings', { settings: { default_invoice_template: 'estimate1' } }))['settings.default_invoice_template']).toEqual([messages.invalidTemplate]);
    expect(errorsOf(await c.put('/api/v1/me/settings', { settings: { default_estimate_template: 'estimate\u0000' } }))['settings.default_estimate_template']).toEqual([messages.unstorableText]);
    expect(errorsOf(await c.put('/api/v1/me/settings', { settings: { language: 'xx' } }))['settings.language']).toEqual([messages.invalidLanguage]);
    expect((await c.put('/api/v1/me/settings', { settings: { default_estimate_template: 'estimate2' } })).status).toBe(200);
    await h.app.db.execute(`update users set settings = settings || '{"default_invoice_template": 42}'::jsonb where email = '${email}'`);
    expect((await c.get('/api/v1/me/settings')).body).toEqual({ language: 'en', default_estimate_template: 'estimate2' });
    expect((await c.get('/api/v1/bootstrap')).status).toBe(200);
  });
});

describe('personal access tokens', () => {
  it('creates a token shown once and stored hashed, lists by status, and revokes', async () => {
    const c = h.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const created = await c.post('/api/v1/me/tokens', { name: 'Zapier', expires_in_days: 30 });
    expect(created.status).toBe(201);
    const plain = created.body.plain_text_token as string;
    const id = (created.body.data as { id: string }).id;
    expect(plain).toContain('|');
    const listed = await c.get('/api/v1/me/tokens?status=active');
    const rows = listed.body.data as Record<string, unknown>[];
    expect(rows.some((r) => r.id === id)).toBe(true);
    expect(JSON.stringify(listed.body)).not.toContain(plain.split('|')[1]);

    const api = h.client();
    api.bearer = plain;
    expect((await api.get('/api/v1/me')).status).toBe(200);
    expect((await c.delete(`/api/v1/me/tokens/${id}`)).status).toBe(204);
    expect((await api.get('/api/v1/me')).status).toBe(401);
    const expired = await c.get('/api/v1/me/tokens?status=expired');
    expect((expired.body.data as { id: string; status: string }[]).find((r) => r.id === id)?.status).toBe('expired');
    expect((await c.delete(`/api/v1/me/tokens/${id}`)).status).toBe(404);
    const invalid = await c.post('/api/v1/me/tokens', { name: '', expires_in_days: 30 });
    expect(errorsOf(invalid).name?.[0]).toBe(messages.required);
  });

  it('an expired token no longer works', async () => {
    const c = h.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const created = await c.post('/api/v1/me/tokens', { name: 'Short', expires_in_days: 1 });
    const id = (created.body.data as { id: string }).id;
    await h.app.db.execute(`update access_tokens set expires_at = now() - interval '1 minute' where id = '${id}'`);
    const api = h.client();
    api.bearer = created.body.plain_text_token as string;
    expect((await api.get('/api/v1/me')).status).toBe(401);
  });

  it('a token of one tenant is useless on another tenant host', async () => {
    const c = h.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const created = await c.post('/api/v1/me/tokens', { name: 'Cross', expires_in_days: 7 });
    const api = h.client(OTHER_HOST);
    api.bearer = created.body.plain_text_token as string;
    expect((await api.get('/api/v1/me')).status).toBe(401);
  });

  it('refuses a token without expiry or longer than the tenant maximum: a year unless the tenant sets another', async () => {
    const c = h.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const never = await c.post('/api/v1/me/tokens', { name: 'Forever', expires_in_days: null });
    expect(never.status).toBe(422);
    expect(errorsOf(never).expires_in_days?.[0]).toBe('Choose an expiry of at most 365 days.');
    expect(errorsOf(await c.post('/api/v1/me/tokens', { name: 'Too long', expires_in_days: 366 })).expires_in_days?.[0]).toBe('Choose an expiry of at most 365 days.');
    const year = await c.post('/api/v1/me/tokens', { name: 'A year', expires_in_days: 365 });
    expect(year.status).toBe(201);
    expect(Date.parse((year.body.data as { expires_at: string }).expires_at) - Date.now()).toBeGreaterThan(364 * 86_400_000);
    expect((await c.get('/api/v1/me/tokens')).body.meta).toMatchObject({ max_expires_in_days: 365 });

    expect((await c.put('/api/v1/platform/security-settings', { personal_token_max_days: 30 })).status).toBe(200);
    try {
      expect(errorsOf(await c.post('/api/v1/me/tokens', { name: 'Too long now', expires_in_days: 31 })).expires_in_days?.[0]).toBe('Choose an expiry of at most 30 days.');
      expect((await c.post('/api/v1/me/tokens', { name: 'A month', expires_in_days: 30 })).status).toBe(201);
      expect((await c.get('/api/v1/me/tokens')).body.meta).toMatchObject({ max_expires_in_days: 30 });
      // Another tenant keeps its own maximum.
      const other = h.client(OTHER_HOST);
      await other.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD);
      expect((await other.post('/api/v1/me/tokens', { name: 'Elsewhere', expires_in_days: 365 })).status).toBe(201);
    } finally {
      await c.put('/api/v1/platform/security-settings', { personal_token_max_days: 365 });
    }
  });

  it('device tokens from token login expire after 30 days, and no token can be stored without an expiry', async () => {
    const issued = await h.client().post('/api/v1/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, device_name: 'tablet' });
    const lifetime = Date.parse(issued.body.expires_at as string) - Date.now();
    expect(lifetime).toBeGreaterThan(30 * 86_400_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * 86_400_000);
    const id = (issued.body.token as string).split('|')[0];
    await expectDatabaseError(h.app.db.execute(`update access_tokens set expires_at = null where id = '${id}'`), {
      code: SQLSTATE.notNullViolation,
      message: 'null value in column "expires_at" of relation "access_tokens" violates not-null constraint',
    });
  });

  it('another user cannot revoke my token', async () => {
    const c = h.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const created = await c.post('/api/v1/me/tokens', { name: 'Mine', expires_in_days: 7 });
    const { c: stranger } = await newUser();
    expect((await stranger.delete(`/api/v1/me/tokens/${(created.body.data as { id: string }).id}`)).status).toBe(404);
  });
});

describe('two-factor management', () => {
  it('regenerating and disabling need a recently confirmed password', async () => {
    const { c } = await newUser();
    expect((await c.post('/api/v1/user/two-factor-recovery-codes')).status).toBe(423);
    expect((await c.delete('/api/v1/user/two-factor-authentication')).status).toBe(423);
    await c.post('/api/v1/user/confirm-password', { password: STRONG });
    const setup = await c.post('/api/v1/user/two-factor-authentication');
    const { totpCodeAt } = await import('../../platform/totp');
    await c.post('/api/v1/user/confirmed-two-factor-authentication', { code: await totpCodeAt(setup.body.secret as string, new Date()) });
    const fresh = await c.post('/api/v1/user/two-factor-recovery-codes');
    expect((fresh.body.recovery_codes as string[]).length).toBe(8);
    expect((await c.delete('/api/v1/user/two-factor-authentication')).status).toBe(204);
    const me = await c.get('/api/v1/me');
    expect((me.body.data as { two_factor: { enabled: boolean } }).two_factor.enabled).toBe(false);
  });
});

describe('email verification gate', () => {
  it('an unverified user may read /me but not work in a business; resend mails a new link', async () => {
    const { c, email } = await newUser();
    // Sign-up verifies the address, and so does an address change: only accounts from before are unverified.
    await markUnverified(h, c);
    const companies = (await c.get('/api/v1/business/user/companies')).body.data as { id: string }[];
    c.business = companies[0]?.id ?? null;
    const blocked = await c.get('/api/v1/business/settings');
    expect(blocked.status).toBe(403);
    // Signed-in routes without allowUnverified refuse them too, and so do the member-only reads of their own business.
    const moreBusinesses = await c.post('/api/v1/businesses/create', { name: 'Second Shop' });
    expect(moreBusinesses.status).toBe(403);
    expect(moreBusinesses.body).toEqual({ message: 'Your email address is not verified.' });
    expect((await c.get('/api/v1/business')).status).toBe(403);
    expect((await c.get('/api/v1/search?search=a')).status).toBe(403);
    expect((await c.get('/api/v1/bootstrap')).status).toBe(200);
    expect((await c.post('/api/v1/email/verification-notification')).body).toEqual({ message: messages.verificationSent });
    await h.jobs.drain();
    await h.smtp.waitFor(email, (m) => m.subject.includes('Verify'));
    const before = h.smtp.mails.filter((m) => m.to.includes(email)).length;
    expect((await c.post('/api/v1/email/verification-notification')).body).toEqual({ message: messages.verificationSent });
    await h.jobs.drain();
    await h.smtp.waitFor(email, () => h.smtp.mails.filter((m) => m.to.includes(email)).length > before);
  });
});

describe('business logo', () => {
  it('is uploaded by someone who may edit business information', async () => {
    const c = h.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const created = await c.post('/api/v1/businesses/create', { name: 'Logo Works' });
    c.business = (created.body.data as { id: string }).id;
    const uploaded = await upload(c, '/api/v1/business/upload-logo', 'business_logo', 'logo.png', PNG, 'image/png');
    expect(uploaded.status).toBe(200);
    expect((uploaded.body.data as { logo: string }).logo).toMatch(/^\/files\/.+\/logos\/.+\.png$/);
    const svg = await upload(c, '/api/v1/business/upload-logo', 'business_logo', 'logo.svg', SVG, 'image/svg+xml');
    expect(svg.status).toBe(422);
  });
});
