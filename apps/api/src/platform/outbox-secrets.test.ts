import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, OTHER_ADMIN_EMAIL, OTHER_HOST, TestClient, createHarness } from '../../test/harness';
import { buildApp } from '../app';
import { createAuthMailJobs } from '../modules/auth/auth-jobs';
import { apiLogs, outbox } from '../db/schema';
import { inTenant } from '../db/tenant-tx';
import { inTenantUndispatched } from '../../test/outbox-fixtures';
import { createAppContext } from './app-context-factory';
import { SecretBox, newId, randomToken } from './crypto';
import { InlineQueue } from './jobs';
import { smtpTransport } from './mail';
import { Outbox } from './outbox';
import { REDACTED } from './redaction';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const rowOf = async (id: string) => (await h.app.db.select().from(outbox).where(eq(outbox.id, id)))[0];

describe('outbox copies', () => {
  it('stores a readable copy with declared and token-shaped secrets masked, seals the deliverable one and erases it once sent', async () => {
    const declared = 'only lower case words here';
    const undeclared = randomToken();
    const id = await inTenant(h.app.db, h.landlordId, (tx) =>
      h.app.outbox.write(tx, h.landlordId, {
        to: 'copies@example.com',
        subject: `Code ${declared}`,
        text: `Open https://localhost/reset-password/${undeclared} or type ${declared}.`,
        html: `<a href="https://localhost/reset-password/${undeclared}">${declared}</a>`,
        secrets: [declared],
      }),
    );
    const stored = await rowOf(id);
    expect(stored?.subject).toBe(`Code ${REDACTED}`);
    expect(stored?.text).toBe(`Open https://localhost/reset-password/${REDACTED} or type ${REDACTED}.`);
    for (const secret of [declared, undeclared]) expect(JSON.stringify({ ...stored, attachments: null })).not.toContain(secret);
    expect(stored?.sealedContent).toMatch(/^v1\./);

    await h.app.outbox.dispatch(h.landlordId, id);
    await h.jobs.drain();
    const delivered = await h.smtp.waitFor('copies@example.com');
    expect(delivered.subject).toBe(`Code ${declared}`);
    expect(delivered.text).toContain(`https://localhost/reset-password/${undeclared}`);

    const sent = await rowOf(id);
    expect(sent?.status).toBe('sent');
    expect(sent?.sealedContent).toBeNull();
    expect(sent?.text).toBe(stored?.text);
    expect(sent?.subject).toBe(stored?.subject);
  });

  it('records a sealed copy it cannot open (another APP_KEY) as a failed delivery, sending nothing', async () => {
    const id = await inTenantUndispatched(h.app.db, h.landlordId, (tx) => h.app.outbox.write(tx, h.landlordId, { to: 'other-key@example.com', subject: 'Other key', text: 'sealed', secrets: [] }));
    const otherKey = new Outbox(h.app.db, h.jobs, smtpTransport({ host: '127.0.0.1', port: h.smtp.port, secure: false }), 'a@example.com', h.app.clock, new SecretBox('another-app-key-0123456789-0123456789'));
    // AES-GCM refuses the tag under another key: the copy cannot be opened, not merely mis-sent.
    const unopenable = 'Unsupported state or unable to authenticate data';
    await expect(otherKey.deliver(h.landlordId, id)).rejects.toThrow(unopenable);
    const failed = await rowOf(id);
    expect(failed?.status).toBe('failed');
    expect(failed?.lastError).toBeTruthy();
    expect(failed?.lastError).toBe(unopenable);
    expect(h.smtp.mails.some((mail) => mail.to.includes('other-key@example.com'))).toBe(false);
  });

  it("another tenant's super admin neither sees nor retries this tenant's mail", async () => {
    const id = await inTenantUndispatched(h.app.db, h.landlordId, (tx) => h.app.outbox.write(tx, h.landlordId, { to: 'landlord-only@example.com', subject: 'Landlord only', text: 'mine', secrets: [] }));
    await h.app.db.update(outbox).set({ status: 'failed' }).where(eq(outbox.id, id));
    const other = h.client(OTHER_HOST);
    expect((await other.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    const listed = await other.get('/api/v1/platform/outbox?limit=100');
    expect(listed.status).toBe(200);
    expect((listed.body.data as ServedMail[]).map((mail) => mail.id)).not.toContain(id);
    expect((await other.post(`/api/v1/platform/outbox/${id}/retry`)).status).toBe(404);
    expect((await rowOf(id))?.status).toBe('failed');
  });

  it('refuses a declared secret too short to mask safely', async () => {
    await expect(inTenant(h.app.db, h.landlordId, (tx) => h.app.outbox.write(tx, h.landlordId, { to: 'short@example.com', subject: 'Short', text: 'abc', secrets: ['abc'] }))).rejects.toThrow(
      'A mail secret must be at least 16 characters',
    );
  });

  it('masks mail and API log rows written before copies were masked; such mail is still delivered whole, then masked', async () => {
    const token = randomToken();
    const legacy = (status: 'sent' | 'pending', to: string) => ({
      tenantId: h.landlordId,
      id: newId(),
      to,
      subject: 'Reset your password',
      text: `Open http://localhost/reset-password/${token}?email=a%40example.com or http://localhost/public/invoices/view/${token} or http://localhost/verify-user?token=${token}`,
      html: `<a href="http://localhost/accept-user-invitation/${token}">x</a>`,
      status,
    });
    const sentLegacy = legacy('sent', 'legacy-sent@example.com');
    const pendingLegacy = legacy('pending', 'legacy-pending@example.com');
    await h.app.db.insert(outbox).values([sentLegacy, pendingLegacy]);
    const logRow = (url: string, responseBody: unknown) => ({
      tenantId: h.landlordId,
      id: newId(),
      method: 'POST',
      url,
      responseCode: 200,
      responseBody,
      loadTimeMs: 1,
      responseSize: 1,
      createdAt: new Date(),
    });
    const otpauthLog = logRow('/api/v1/user/two-factor-authentication', { secret: REDACTED, otpauth_url: `otpauth://totp/x?secret=${token}` });
    const publicLog = { ...logRow(`/api/v1/public/invoices/${token}/pdf`, null), method: 'GET' };
    const invitationLog = logRow(`/api/v1/accept-user-invitation/${token}`, { message: 'Invitation accepted' });
    const outboxListLog = { ...logRow('/api/v1/platform/outbox?status=held', { data: [{ text: `http://localhost/reset-password/${token}` }] }), method: 'GET' };
    await h.app.db.insert(apiLogs).values([otpauthLog, publicLog, invitationLog, outboxListLog]);

    const migration = fs.readFileSync(path.resolve(import.meta.dirname, '../db/migrations/0018_outbox_sealed_content.sql'), 'utf8');
    // Every statement after the column is added: the scrub of rows already stored.
    for (const statement of migration.split('--> statement-breakpoint').slice(1)) await h.app.db.execute(statement);

    const scrubbed = await rowOf(sentLegacy.id);
    expect(scrubbed?.text).toBe(`Open http://localhost/reset-password/${REDACTED}?email=a%40example.com or http://localhost/public/invoices/view/${REDACTED} or http://localhost/verify-user?token=${REDACTED}`);
    expect(scrubbed?.html).not.toContain(token);
    const logs = await h.app.db.select().from(apiLogs).where(eq(apiLogs.tenantId, h.landlordId));
    const logText = JSON.stringify(logs.filter((row) => [otpauthLog.id, publicLog.id, invitationLog.id, outboxListLog.id].includes(row.id)));
    expect(logText).not.toContain(token);
    expect(logs.find((row) => row.id === otpauthLog.id)?.responseBody).toEqual({ omitted: 'secret-bearing response' });
    expect(logs.find((row) => row.id === outboxListLog.id)?.responseBody).toEqual({ omitted: 'secret-bearing response' });
    expect(logs.find((row) => row.id === publicLog.id)?.url).toBe(`/api/v1/public/invoices/${REDACTED}/pdf`);
    expect(logs.find((row) => row.id === invitationLog.id)?.url).toBe(`/api/v1/accept-user-invitation/${REDACTED}`);

    const served = JSON.stringify((await adminClient()).body);
    expect(served).not.toContain(token);
    await h.app.outbox.deliver(h.landlordId, pendingLegacy.id);
    expect((await h.smtp.waitFor('legacy-pending@example.com')).text).toContain(`/reset-password/${token}`);
    expect((await rowOf(pendingLegacy.id))?.text).not.toContain(token);
  });
});

async function adminClient() {
  const admin = h.client();
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  return admin.get('/api/v1/platform/outbox?limit=100');
}

type ServedMail = { id: string; to: string; text: string; status: string };

describe('held mail without SMTP', () => {
  it('keeps reset and invitation tokens sealed, shows the super admin only masked copies and retry, and delivers them to their recipients once a mail server is configured', async () => {
    const supportEmail = 'support-held@example.com';
    // The harness's data served by a process without any mail server.
    const heldJobs = new InlineQueue();
    const held = createAppContext({ env: h.app.env, database: h.app.database, jobs: heldJobs, transport: null });
    await held.outbox.register();
    await createAuthMailJobs(held).register();
    const heldServer = await buildApp(held);
    const admin = new TestClient(heldServer, 'localhost');
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    const guest = new TestClient(heldServer, 'localhost');
    await guest.csrf();
    expect((await guest.post('/api/v1/forgot-password', { email: ADMIN_EMAIL })).status).toBe(200);
    await heldJobs.drain();
    const roles = (await admin.get('/api/v1/platform/roles?limit=100')).body.data as { id: string; name: string }[];
    const support = roles.find((role) => role.name === 'support');
    expect((await admin.post('/api/v1/platform/users', { email: supportEmail, role_id: support?.id })).status).toBe(201);

    const heldList = await admin.get('/api/v1/platform/outbox?status=held');
    const heldMails = heldList.body.data as ServedMail[];
    const reset = heldMails.find((mail) => mail.to === ADMIN_EMAIL);
    const invitation = heldMails.find((mail) => mail.to === supportEmail);
    expect(reset?.text).toContain(`/reset-password/${REDACTED}`);
    expect(invitation?.text).toContain(`/accept-user-invitation/${REDACTED}`);
    // Retrying without a mail server leaves the mail held: nothing reaches anyone.
    expect((await admin.post(`/api/v1/platform/outbox/${reset?.id}/retry`)).status).toBe(200);
    await heldJobs.drain();
    expect(((await admin.get('/api/v1/platform/outbox?status=held')).body.data as ServedMail[]).map((mail) => mail.id)).toContain(reset?.id);
    await heldServer.close();

    // The same data served with MAIL_HOST set (the harness): retry delivers each mail to its own recipient.
    const admin2 = h.client();
    await admin2.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const mail of [reset, invitation]) expect((await admin2.post(`/api/v1/platform/outbox/${mail?.id}/retry`)).status).toBe(200);
    await h.jobs.drain();
    const resetToken = /reset-password\/([\w-]+)/.exec((await h.smtp.waitFor(ADMIN_EMAIL, (mail) => mail.subject === 'Reset your password')).text)?.[1] ?? '';
    const invitationToken = /accept-user-invitation\/([\w-]+)/.exec((await h.smtp.waitFor(supportEmail)).text)?.[1] ?? '';
    expect(resetToken.length).toBeGreaterThan(30);
    expect(invitationToken.length).toBeGreaterThan(30);

    const stored = await h.app.db.select().from(outbox);
    const servedAfter = (await admin2.get('/api/v1/platform/outbox?limit=100')).body;
    for (const token of [resetToken, invitationToken]) {
      expect(JSON.stringify(heldList.body)).not.toContain(token);
      expect(JSON.stringify(servedAfter)).not.toContain(token);
      expect(JSON.stringify(stored)).not.toContain(token);
    }
    expect(stored.filter((row) => row.id === reset?.id || row.id === invitation?.id).map((row) => [row.status, row.sealedContent])).toEqual([
      ['sent', null],
      ['sent', null],
    ]);

    // The support role reads platform settings but not the outbox, and cannot retry.
    const newcomer = h.client();
    await newcomer.csrf();
    const password = 'Supp0rt!Passw0rd';
    expect((await newcomer.post(`/api/v1/accept-user-invitation/${invitationToken}`, { name: 'Support', password, password_confirmation: password })).status).toBe(200);
    const supportUser = h.client();
    expect((await supportUser.login(supportEmail, password)).status).toBe(200);
    expect((await supportUser.get('/api/v1/platform/outbox')).status).toBe(403);
    expect((await supportUser.post(`/api/v1/platform/outbox/${reset?.id}/retry`)).status).toBe(403);

    // The reset link the admin received works (the password stays the one the other tests use).
    expect((await newcomer.post('/api/v1/reset-password', { token: resetToken, email: ADMIN_EMAIL, password: ADMIN_PASSWORD, password_confirmation: ADMIN_PASSWORD })).status).toBe(200);
  });
});
