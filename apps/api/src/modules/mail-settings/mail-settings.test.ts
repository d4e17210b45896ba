import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@app/contracts';
import { presenting } from '../../../test/access-callers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { signUpAndSignIn } from '../../../test/sign-up';
import { TestSmtpServer } from '../../../test/smtp';
import { auditLogs, mailSettings } from '../../db/schema';
import { inTenant } from '../../db/tenant-tx';

const SMTP_PASSWORD = 'smtp-Secret-Pass-42';

let h: Harness;
let admin: TestClient;
let other: TestClient;
let tenantSmtp: TestSmtpServer;

beforeAll(async () => {
  h = await createHarness();
  tenantSmtp = new TestSmtpServer();
  await tenantSmtp.start();
  admin = h.client();
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  other = h.client(OTHER_HOST);
  await other.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await h.close();
  await tenantSmtp.stop();
});

/** What a tenant's mail configuration is now: as its admin reads it, and how many changes were audited. */
async function mailConfigOf(reader: TestClient, tenantId: string) {
  const read = await reader.get('/api/v1/platform/mail/config');
  expect(read.status).toBe(200);
  const audited = await inTenant(h.app.db, tenantId, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.model, 'mail_settings')));
  return { config: read.body.data, audited: audited.length };
}

const mailTo = (address: string) => [...h.smtp.mails, ...tenantSmtp.mails].filter((mail) => mail.to.includes(address));

const config = () => ({ host: '127.0.0.1', port: tenantSmtp.port, username: 'mailer', password: SMTP_PASSWORD, encryption: 'none', from_name: 'Tenant B Billing', from_address: 'billing@tenant-b.test' });

describe('email configuration', () => {
  it('starts unconfigured, saves with the password sealed and never returned', async () => {
    expect((await other.get('/api/v1/platform/mail/config')).body.data).toMatchObject({ configured: false, has_password: false });
    const saved = await other.put('/api/v1/platform/mail/config', config());
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ configured: true, host: '127.0.0.1', username: 'mailer', has_password: true, from_address: 'billing@tenant-b.test' });
    expect(JSON.stringify(saved.body)).not.toContain(SMTP_PASSWORD);
    const read = await other.get('/api/v1/platform/mail/config');
    expect(JSON.stringify(read.body)).not.toContain(SMTP_PASSWORD);
    const [row] = await inTenant(h.app.db, h.otherTenantId, (tx) => tx.select().from(mailSettings));
    expect(row?.password).not.toContain(SMTP_PASSWORD);
    expect(h.app.secretBox.open(row?.password ?? '')).toBe(SMTP_PASSWORD);

    const kept = await other.put('/api/v1/platform/mail/config', { ...config(), password: '', from_name: 'Tenant B' });
    expect(kept.body.data).toMatchObject({ has_password: true, from_name: 'Tenant B' });
    const [after] = await inTenant(h.app.db, h.otherTenantId, (tx) => tx.select().from(mailSettings));
    expect(h.app.secretBox.open(after?.password ?? '')).toBe(SMTP_PASSWORD);

    const audit = await inTenant(h.app.db, h.otherTenantId, (tx) => tx.select().from(auditLogs).where(eq(auditLogs.model, 'mail_settings')));
    expect(audit.length).toBe(2);
    expect(JSON.stringify(audit)).not.toContain(SMTP_PASSWORD);
    expect(JSON.stringify(audit)).not.toContain(row?.password ?? 'x');
  });

  it('validates input', async () => {
    const bad = await other.put('/api/v1/platform/mail/config', { host: '', port: 0, from_name: '', from_address: 'nope' });
    expect(errorsOf(bad).host?.[0]).toBe(messages.required);
    expect(errorsOf(bad).from_address?.[0]).toBe(messages.incorrectEmail);
    expect(errorsOf(bad).port).toBeDefined();
  });

  it("sends a test mail through the tenant's server and reports the answer; an unreachable server answers only that it could not connect", async () => {
    // The test server does not authenticate: without a username no login is attempted.
    await other.put('/api/v1/platform/mail/config', { ...config(), username: '', password: '' });
    const sent = await other.post('/api/v1/platform/mail/test', { to: 'check@example.com' });
    expect(sent.status).toBe(200);
    expect(String(sent.body.message)).toMatch(/^250/);
    const mail = await tenantSmtp.waitFor('check@example.com');
    expect(mail.raw).toContain('billing@tenant-b.test');

    expect(errorsOf(await admin.post('/api/v1/platform/mail/test', { to: 'check@example.com' })).host?.[0]).toBe(messages.mailNotConfigured);
    await admin.put('/api/v1/platform/mail/config', { host: '127.0.0.1', port: 1, encryption: 'none', from_name: 'Broken', from_address: 'broken@example.com' });
    const failed = await admin.post('/api/v1/platform/mail/test', { to: 'check@example.com' });
    expect(failed.status).toBe(422);
    expect(failed.body).toEqual({ message: messages.mailTestFailed, errors: { to: [messages.mailTestFailed] } });
    await h.app.db.execute(`delete from mail_settings where tenant_id = '${h.landlordId}'`);
    h.app.outbox.forgetTenantMailer(h.landlordId);
  });

  it("the outbox delivers each tenant's mail through its own server, others through the environment's", async () => {
    await other.post('/api/v1/platform/users', { email: 'via-tenant@example.com', role_id: ((await other.get('/api/v1/platform/roles?limit=100')).body.data as { id: string }[])[0]?.id });
    const mail = await tenantSmtp.waitFor('via-tenant@example.com');
    expect(mail.raw).toContain('billing@tenant-b.test');
    expect(h.smtp.mails.some((m) => m.to.includes('via-tenant@example.com'))).toBe(false);

    await admin.post('/api/v1/platform/users', { email: 'via-env@example.com', role_id: ((await admin.get('/api/v1/platform/roles?limit=100')).body.data as { id: string }[])[0]?.id });
    await h.smtp.waitFor('via-env@example.com');
    expect(tenantSmtp.mails.some((m) => m.to.includes('via-env@example.com'))).toBe(false);
  });

  it('asks for the password again before the stored one goes to another host, port, username or encryption', async () => {
    expect((await other.put('/api/v1/platform/mail/config', config())).status).toBe(200);
    const sealed = async () => (await inTenant(h.app.db, h.otherTenantId, (tx) => tx.select().from(mailSettings)))[0];
    const before = await sealed();
    const changes = [{ host: 'localhost' }, { port: tenantSmtp.port + 1 }, { username: 'someone-else' }, { encryption: 'tls' }];
    for (const change of changes) {
      const refused = await other.put('/api/v1/platform/mail/config', { ...config(), ...change, password: '' });
      expect(refused.body, JSON.stringify(change)).toEqual({ message: messages.mailPasswordRequired, errors: { password: [messages.mailPasswordRequired] } });
      expect(errorsOf(await other.put('/api/v1/platform/mail/config', { ...config(), ...change, password: null })).password).toEqual([messages.mailPasswordRequired]);
    }
    expect(await sealed()).toEqual(before);

    const moved = await other.put('/api/v1/platform/mail/config', { ...config(), host: 'localhost', password: 'new-Secret-99' });
    expect(moved.body.data).toMatchObject({ host: 'localhost', has_password: true });
    const after = await sealed();
    expect(h.app.secretBox.open(after?.password ?? '')).toBe('new-Secret-99');
    // Same server, only the sender changes: the stored password stays.
    expect((await other.put('/api/v1/platform/mail/config', { ...config(), host: 'localhost', password: '', from_name: 'Renamed' })).status).toBe(200);
    expect(h.app.secretBox.open((await sealed())?.password ?? '')).toBe('new-Secret-99');
    expect((await other.put('/api/v1/platform/mail/config', config())).status).toBe(200);
  });

  it('answers the same "could not connect" for an open port, a closed port, a failed login and a refused host', async () => {
    const silent = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const openPort = (silent.address() as net.AddressInfo).port;
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const answers: unknown[] = [];
    try {
      for (const target of [
        { port: openPort, username: '', password: '' },
        { port: closedPort, username: '', password: '' },
        { port: tenantSmtp.port, username: 'mailer', password: 'wrong-password' },
      ]) {
        expect((await other.put('/api/v1/platform/mail/config', { ...config(), ...target })).status).toBe(200);
        const failed = await other.post('/api/v1/platform/mail/test', { to: 'probe@example.com' });
        expect(failed.status).toBe(422);
        answers.push(failed.body);
      }
    } finally {
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
    await h.app.db.execute(`update mail_settings set host = '127.0.0.2' where tenant_id = '${h.otherTenantId}'`);
    answers.push((await other.post('/api/v1/platform/mail/test', { to: 'probe@example.com' })).body);
    expect(answers).toEqual(Array(4).fill({ message: messages.mailTestFailed, errors: { to: [messages.mailTestFailed] } }));
    expect(tenantSmtp.mails.some((m) => m.to.includes('probe@example.com'))).toBe(false);
    expect((await other.put('/api/v1/platform/mail/config', config())).status).toBe(200);
  });

  it("a support user reads but does not change or test the configuration; another tenant's admin sees only its own", async () => {
    const support = ((await other.get('/api/v1/platform/roles?limit=100')).body.data as { id: string; name: string }[]).find((role) => role.name === 'support');
    await h.app.db.execute(
      `insert into users (tenant_id, id, name, email, password_hash, is_platform_user, platform_role_id, status, email_verified_at)
       select tenant_id, '01900000-0000-7000-8000-0000000000f5', 'Support Person', 'support@tenant-b.test', password_hash, true, '${support?.id}', 'active', now()
       from users where email = '${OTHER_ADMIN_EMAIL}' and tenant_id = '${h.otherTenantId}'`,
    );
    const helper = h.client(OTHER_HOST);
    expect((await helper.login('support@tenant-b.test', ADMIN_PASSWORD)).status).toBe(200);
    expect((await helper.get('/api/v1/platform/mail/config')).body.data).toMatchObject({ configured: true, host: '127.0.0.1', has_password: true });
    expect((await helper.put('/api/v1/platform/mail/config', { ...config(), host: 'localhost' })).status).toBe(403);
    expect((await helper.post('/api/v1/platform/mail/test', { to: 'x@example.com' })).status).toBe(403);

    expect((await admin.get('/api/v1/platform/mail/config')).body.data).toMatchObject({ configured: false, host: '' });
    expect((await admin.put('/api/v1/platform/mail/config', { ...config(), from_address: 'landlord@example.com' })).status).toBe(200);
    expect((await other.get('/api/v1/platform/mail/config')).body.data).toMatchObject({ from_address: 'billing@tenant-b.test' });
    await h.app.db.execute(`delete from mail_settings where tenant_id = '${h.landlordId}'`);
    h.app.outbox.forgetTenantMailer(h.landlordId);
  });

  it('a user without the ability, or a business user, is refused', async () => {
    const before = await mailConfigOf(admin, h.landlordId);
    const owner = await signUpAndSignIn(h, { name: 'Biz Owner', email: 'bizowner@example.com', business_name: 'Owner Co' });
    expect((await owner.get('/api/v1/platform/mail/config')).status).toBe(403);
    expect((await owner.put('/api/v1/platform/mail/config', config())).status).toBe(403);
    expect((await owner.post('/api/v1/platform/mail/test', { to: 'x@example.com' })).status).toBe(403);
    expect(await mailConfigOf(admin, h.landlordId)).toEqual(before);
    expect(mailTo('x@example.com')).toEqual([]);
  });

  it('a support user refused a change or a test leaves the configuration as it was and sends nothing', async () => {
    const before = await mailConfigOf(other, h.otherTenantId);
    const helper = h.client(OTHER_HOST);
    expect((await helper.login('support@tenant-b.test', ADMIN_PASSWORD)).status).toBe(200);
    const refusedChange = await helper.put('/api/v1/platform/mail/config', { ...config(), host: 'localhost', from_address: 'support-change@tenant-b.test' });
    expect(refusedChange.status).toBe(403);
    expect(JSON.stringify(refusedChange.body)).not.toContain('billing@tenant-b.test');
    expect((await helper.post('/api/v1/platform/mail/test', { to: 'support-probe@example.com' })).status).toBe(403);
    expect(await mailConfigOf(other, h.otherTenantId)).toEqual(before);
    expect(mailTo('support-probe@example.com')).toEqual([]);
  });

  it("another tenant's admin gets a stranger's answer here and, on its own host, none of this tenant's configuration", async () => {
    const landlordConfig = { ...config(), username: 'landlord-mailer', from_name: 'Landlord Billing', from_address: 'landlord-billing@example.com' };
    expect((await admin.put('/api/v1/platform/mail/config', landlordConfig)).status).toBe(200);
    try {
      const before = await mailConfigOf(admin, h.landlordId);
      const otherBefore = await mailConfigOf(other, h.otherTenantId);
      const stranger = presenting(h, 'localhost', null, { cookies: other });
      const answers = [
        await stranger.get('/api/v1/platform/mail/config'),
        await stranger.put('/api/v1/platform/mail/config', { ...config(), from_address: 'hijack@tenant-b.test' }),
        await stranger.post('/api/v1/platform/mail/test', { to: 'cross-probe@example.com' }),
      ];
      expect(answers.map((answer) => [answer.status, answer.body])).toEqual(Array(3).fill([401, { message: messages.unauthenticated }]));

      const own = await other.get('/api/v1/platform/mail/config');
      expect(own.body.data).toMatchObject({ from_address: 'billing@tenant-b.test' });
      for (const landlordData of ['landlord-mailer', 'Landlord Billing', 'landlord-billing@example.com']) expect(JSON.stringify(own.body)).not.toContain(landlordData);

      expect(await mailConfigOf(admin, h.landlordId)).toEqual(before);
      expect(await mailConfigOf(other, h.otherTenantId)).toEqual(otherBefore);
      expect(mailTo('cross-probe@example.com')).toEqual([]);
    } finally {
      await h.app.db.execute(`delete from mail_settings where tenant_id = '${h.landlordId}'`);
      h.app.outbox.forgetTenantMailer(h.landlordId);
    }
  });
});
