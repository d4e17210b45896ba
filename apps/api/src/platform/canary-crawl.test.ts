import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, type TestClient, createHarness } from '../../test/harness';
import { type Canary, CapturedLog, type CrawledAnswer, crawl, findCanaries, readAll, readableRoutes } from '../../test/canaries';
import { createCustomer, createInvoice, onboardedCustomer } from '../../test/documents';
import { linkIn } from '../../test/smtp';
import { ownerWithBusiness } from '../../test/team';
import { accessLogs, apiLogs, auditLogs, outbox } from '../db/schema';
import { totpCodeAt } from './totp';

const SUPPORT_EMAIL = 'canary-support@example.com';
const SUPPORT_PASSWORD = 'Canary!Supp0rt-1';
const SUPPORT_NEW_PASSWORD = 'Canary!Supp0rt-2';

let h: Harness;
const serverLog = new CapturedLog();
const canaries: Canary[] = [];
let admin: TestClient;
let support: TestClient;
let crawled: CrawledAnswer[];

function plant(label: string, value: unknown): string {
  if (typeof value !== 'string' || value.length < 8) throw new Error(`No ${label} to plant (got ${JSON.stringify(value)})`);
  canaries.push({ label, value });
  return value;
}

/** A web page of the app opened with a link from a mail: the server logs its URL. */
async function openPage(client: TestClient, path: string): Promise<void> {
  await client.get(path, { accept: 'text/html' });
}

beforeAll(async () => {
  h = await createHarness({ serverLog });
  admin = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Canary Traders');
  const guest = h.client();
  await guest.csrf();

  // An invitation to the support role, opened and accepted.
  const roles = (await admin.get('/api/v1/platform/roles?limit=100')).body.data as { id: string; name: string }[];
  expect((await admin.post('/api/v1/platform/users', { email: SUPPORT_EMAIL, role_id: roles.find((role) => role.name === 'support')?.id })).status).toBe(201);
  const invitation = plant('invitation token', linkIn(await h.smtp.waitFor(SUPPORT_EMAIL), /accept-user-invitation\/[\w-]+/).split('/')[1]);
  await openPage(guest, `/accept-user-invitation/${invitation}`);
  expect((await guest.get(`/api/v1/invitations/${invitation}`)).status).toBe(200);
  expect((await guest.post(`/api/v1/accept-user-invitation/${invitation}`, { name: 'Canary Support', password: SUPPORT_PASSWORD, password_confirmation: SUPPORT_PASSWORD })).status).toBe(200);

  // A password reset, opened and used.
  expect((await guest.post('/api/v1/forgot-password', { email: SUPPORT_EMAIL })).status).toBe(200);
  const resetMail = await h.smtp.waitFor(SUPPORT_EMAIL, (mail) => mail.subject === 'Reset your password');
  const reset = plant('reset token', linkIn(resetMail, /reset-password\/[\w-]+/).split('/')[1]);
  await openPage(guest, `/reset-password/${reset}?email=${encodeURIComponent(SUPPORT_EMAIL)}`);
  expect((await guest.post('/api/v1/reset-password', { token: reset, email: SUPPORT_EMAIL, password: SUPPORT_NEW_PASSWORD, password_confirmation: SUPPORT_NEW_PASSWORD })).status).toBe(200);

  // Two-factor authentication for the support user: the TOTP secret, its otpauth URL and the recovery codes.
  support = h.client();
  expect((await support.login(SUPPORT_EMAIL, SUPPORT_NEW_PASSWORD)).status).toBe(200);

  // An address change asked for with the current password, its link opened and used (and changed back the same way).
  const movedEmail = 'canary-support-moved@example.com';
  for (const [from, to] of [[SUPPORT_EMAIL, movedEmail], [movedEmail, SUPPORT_EMAIL]] as const) {
    expect((await support.put('/api/v1/me', { name: 'Canary Support', email: to, current_password: SUPPORT_NEW_PASSWORD })).body.data).toMatchObject({ email: from, pending_email: to });
    const changeMail = await h.smtp.waitFor(to, (mail) => mail.subject === 'Confirm your new email address');
    const change = plant(`email-change token to ${to}`, linkIn(changeMail, /confirm-email\/[\w-]+/).split('/')[1]);
    await openPage(guest, `/confirm-email/${change}`);
    expect((await guest.post('/api/v1/confirm-email', { token: change })).status).toBe(200);
  }
  expect((await support.post('/api/v1/user/confirm-password', { password: SUPPORT_NEW_PASSWORD })).status).toBe(201);
  const setup = await support.post('/api/v1/user/two-factor-authentication');
  const secret = plant('TOTP secret', setup.body.secret);
  plant('otpauth URL', setup.body.otpauth_url);
  const confirmed = await support.post('/api/v1/user/confirmed-two-factor-authentication', { code: await totpCodeAt(secret, new Date()) });
  expect(confirmed.status).toBe(200);
  (confirmed.body.recovery_codes as string[]).forEach((code, i) => plant(`recovery code ${i + 1}`, code));

  // A device token from the token login (with the next TOTP code) and a personal access token, both used.
  const device = h.client();
  const tokenLogin = await device.post('/api/v1/auth/login', { email: SUPPORT_EMAIL, password: SUPPORT_NEW_PASSWORD, device_name: 'canary phone', code: await totpCodeAt(secret, new Date(Date.now() + 30_000)) });
  expect(tokenLogin.status).toBe(200);
  device.bearer = plant('device bearer token', tokenLogin.body.token);
  expect((await device.get('/api/v1/me')).status).toBe(200);
  const personal = await admin.post('/api/v1/me/tokens', { name: 'canary script', expires_in_days: 7 });
  const script = h.client();
  script.bearer = plant('personal access token', personal.body.plain_text_token);
  expect((await script.get('/api/v1/me')).status).toBe(200);

  // Email verification of a new sign-up.
  const signUpEmail = 'canary-signup@example.com';
  const signUp = h.client();
  await signUp.csrf();
  expect((await signUp.post('/api/v1/sign-up', { name: 'Canary Signup', email: signUpEmail, password: SUPPORT_PASSWORD, password_confirmation: SUPPORT_PASSWORD, business_name: 'Canary Signup Co' })).status).toBe(202);
  await h.jobs.drain();
  const verification = plant('verification token', linkIn(await h.smtp.waitFor(signUpEmail), /verify-user\?token=[\w-]+/).split('=')[1]);
  await openPage(guest, `/verify-user?token=${verification}`);
  expect((await guest.post('/api/v1/verify-email', { token: verification })).status).toBe(200);

  // A customer business onboarding invitation (opened and accepted by the helper).
  await onboardedCustomer(h, admin, 'Canary Onboarded', 'canary-onboarded@example.com');
  const onboardingMail = await h.smtp.waitFor('canary-onboarded@example.com');
  plant('onboarding token', linkIn(onboardingMail, /onboarding-business-invitation\/[\w-]+/).split('/')[1]);

  // Public document links: one issued on request, one mailed; both opened as the customer would.
  const customer = await createCustomer(admin, 'Canary Customer', 'canary-customer@example.com');
  const invoice = await createInvoice(admin, customer.id);
  const issued = await admin.post(`/api/v1/invoices/${invoice.id}/links`);
  expect(issued.status).toBe(200);
  const issuedToken = plant('public link token (issued)', String(issued.body.url).split('/').pop());
  plant('public link (issued)', issued.body.url);
  expect((await admin.post(`/api/v1/invoices/${invoice.id}/send-email`, { to: 'canary-customer@example.com', subject: 'Canary invoice', body: 'See {link}' })).status).toBe(200);
  const mailedToken = plant('public link token (mailed)', linkIn(await h.smtp.waitFor('canary-customer@example.com', (mail) => mail.subject === 'Canary invoice'), /public\/invoices\/view\/[\w-]+/).split('/').pop());
  for (const token of [issuedToken, mailedToken]) {
    await openPage(guest, `/public/invoices/view/${token}`);
    expect((await guest.get(`/api/v1/public/invoices/${token}`)).status).toBe(200);
    expect((await guest.get(`/api/v1/public/invoices/${token}/pdf`)).status).toBe(200);
  }

  // Every answer an admin can read, as the super admin (with the business selected) and as support.
  const adminArea = (route: string) => route.startsWith('/api/v1/platform/') || route.startsWith('/api/central/');
  await h.jobs.drain();
  await h.app.apiLog.flush();
  crawled = await crawl(readableRoutes(h.server, (route) => route.startsWith('/api/')), { 'super admin': admin, support });
  expect(crawled.filter((answer) => adminArea(answer.route)).length).toBeGreaterThan(20);
  await h.app.apiLog.flush();
  // The crawl reads two rows of each list; these lists are read whole, every API log row in detail.
  crawled.push(...(await readAll(support, 'support', '/api/v1/platform/logs', (id) => `/api/v1/platform/logs/${id}`)));
  crawled.push(...(await readAll(support, 'support', '/api/v1/platform/audit-logs')));
  crawled.push(...(await readAll(support, 'support', '/api/v1/platform/access-logs')));
  crawled.push(...(await readAll(admin, 'super admin', '/api/v1/platform/outbox')));
  await h.app.apiLog.flush();
}, 120_000);

afterAll(async () => {
  await h.close();
});

describe('canary crawl: planted secrets appear in no log and no admin-readable answer', () => {
  it('planted every kind of secret and crawled the whole admin area as super admin and as support', () => {
    expect(canaries.map((canary) => canary.label)).toEqual(
      expect.arrayContaining(['invitation token', 'reset token', 'email-change token to canary-support-moved@example.com', 'TOTP secret', 'otpauth URL', 'device bearer token', 'personal access token', 'verification token', 'onboarding token', 'public link token (issued)', 'public link token (mailed)']),
    );
    const adminRoutes = readableRoutes(h.server, (route) => route.startsWith('/api/v1/platform/') || route.startsWith('/api/central/'));
    for (const client of ['super admin', 'support']) {
      const reached = new Set(crawled.filter((answer) => answer.client === client).map((answer) => answer.route));
      expect(adminRoutes.filter((route) => !reached.has(route)), client).toEqual([]);
    }
    expect(crawled.some((answer) => answer.client === 'support' && answer.route === '/api/v1/platform/logs' && answer.status === 200)).toBe(true);
    expect(crawled.some((answer) => answer.client === 'super admin' && answer.route === '/api/v1/platform/outbox' && answer.status === 200)).toBe(true);
    const details = crawled.filter((answer) => answer.route === '/api/v1/platform/logs/{id}' && answer.status === 200);
    expect(details.length).toBeGreaterThan(150);
    expect(details.some((answer) => answer.body.includes('/api/v1/user/two-factor-authentication') && answer.body.includes('secret-bearing response'))).toBe(true);
  });

  it('the server log (stdout) recorded the requests, with no secret in it', () => {
    const text = serverLog.text();
    expect(text).toContain('/accept-user-invitation/[REDACTED]');
    expect(text).toContain('/confirm-email/[REDACTED]');
    expect(text).toContain('/api/v1/public/invoices/[REDACTED]/pdf');
    expect(findCanaries({ 'server log': text }, canaries)).toEqual([]);
  });

  it('the API log, audit log, access log and outbox tables hold no secret', async () => {
    const tables = {
      api_logs: JSON.stringify(await h.app.db.select().from(apiLogs)),
      audit_logs: JSON.stringify(await h.app.db.select().from(auditLogs)),
      access_logs: JSON.stringify(await h.app.db.select().from(accessLogs)),
      outbox: JSON.stringify(await h.app.db.select().from(outbox)),
    };
    expect(tables.api_logs).toContain('/api/v1/invitations/[REDACTED]');
    expect(findCanaries(tables, canaries)).toEqual([]);
  });

  it('no answer the super admin or support can read holds a secret: outbox, API and access logs, audit log, users and the rest', () => {
    const sinks = Object.fromEntries(crawled.map((answer) => [`${answer.client} GET ${answer.url} (${answer.status})`, answer.body]));
    expect(findCanaries(sinks, canaries)).toEqual([]);
  });
});
