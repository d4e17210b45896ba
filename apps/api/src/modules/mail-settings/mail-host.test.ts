import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages } from '@app/contracts';
import { FORBIDDEN_ADDRESSES, fixedResolver } from '../../../test/dns';
import { ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { TestSmtpServer } from '../../../test/smtp';
import { mailSettings, outbox } from '../../db/schema';
import { inTenant } from '../../db/tenant-tx';

/**
 * SSRF through the tenant's SMTP settings, with nothing allow-listed: no host reaching a
 * loopback, private, link-local, metadata or otherwise non-public address is saved or connected to.
 */

const PUBLIC_ADDRESS = '93.184.216.34';
/** The names tests resolve, changed by the tests (a name that starts resolving elsewhere). */
const dns: Record<string, string[]> = { 'smtp.example.com': [PUBLIC_ADDRESS] };

let h: Harness;
let admin: TestClient;
let localSmtp: TestSmtpServer;

beforeAll(async () => {
  h = await createHarness({ mailHostAllowlist: '', resolveHost: fixedResolver(dns) });
  localSmtp = new TestSmtpServer();
  await localSmtp.start();
  admin = h.client(OTHER_HOST);
  await admin.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await h.close();
  await localSmtp.stop();
});

const settings = (host: string) => ({ host, port: localSmtp.port, encryption: 'none', from_name: 'Tenant B', from_address: 'billing@tenant-b.test' });
const allForbidden = Object.entries(FORBIDDEN_ADDRESSES).flatMap(([kind, addresses]) => addresses.map((address) => ({ kind, address })));

async function storedHost(): Promise<string | undefined> {
  const [row] = await inTenant(h.app.db, h.otherTenantId, (tx) => tx.select().from(mailSettings).where(eq(mailSettings.tenantId, h.otherTenantId)));
  return row?.host;
}

describe('saving the email configuration', () => {
  it('refuses every forbidden address class, typed as an address or behind a name', async () => {
    for (const { kind, address } of allForbidden) {
      const typed = await admin.put('/api/v1/platform/mail/config', settings(address));
      expect(errorsOf(typed), `${kind}: ${address}`).toEqual({ host: [messages.mailHostRefused] });
      dns['inside.example.com'] = [address.replace(/^\[|\]$/g, '')];
      const named = await admin.put('/api/v1/platform/mail/config', settings('inside.example.com'));
      expect(errorsOf(named), `${kind}: inside.example.com → ${address}`).toEqual({ host: [messages.mailHostRefused] });
    }
    expect(await storedHost()).toBeUndefined();
  });

  it('refuses a name with one private address among public ones, localhost, and a name that does not resolve, all alike', async () => {
    dns['mixed.example.com'] = [PUBLIC_ADDRESS, '10.0.0.9'];
    dns.localhost = ['127.0.0.1'];
    for (const host of ['mixed.example.com', 'localhost', 'missing.example.com']) {
      expect((await admin.put('/api/v1/platform/mail/config', settings(host))).body, host).toEqual({ message: messages.mailHostRefused, errors: { host: [messages.mailHostRefused] } });
    }
    expect(await storedHost()).toBeUndefined();
  });

  it('saves a host that resolves to public addresses only', async () => {
    expect((await admin.put('/api/v1/platform/mail/config', settings('smtp.example.com'))).status).toBe(200);
    expect(await storedHost()).toBe('smtp.example.com');
  });
});

describe('sending through the email configuration', () => {
  it('checks the host again at every send and connects only to the checked address (no DNS rebinding)', async () => {
    // Saved while public; now the name points at this machine, where an SMTP server listens.
    dns['smtp.example.com'] = ['127.0.0.1'];
    const test = await admin.post('/api/v1/platform/mail/test', { to: 'rebound@example.com' });
    expect(test.body).toEqual({ message: messages.mailTestFailed, errors: { to: [messages.mailTestFailed] } });

    h.app.outbox.forgetTenantMailer(h.otherTenantId);
    const invited = await admin.post('/api/v1/platform/users', { email: 'via-rebound@example.com', role_id: ((await admin.get('/api/v1/platform/roles?limit=100')).body.data as { id: string }[])[0]?.id });
    expect(invited.status).toBe(201);
    await h.jobs.drain();
    const [queued] = await inTenant(h.app.db, h.otherTenantId, (tx) => tx.select().from(outbox).where(and(eq(outbox.tenantId, h.otherTenantId), eq(outbox.to, 'via-rebound@example.com'))));
    expect(queued).toMatchObject({ status: 'failed' });
    expect(queued?.lastError).toContain('not allowed');
    expect(localSmtp.mails).toEqual([]);
  });

  it('refuses every forbidden address class at send time, with the one answer', async () => {
    for (const { kind, address } of allForbidden) {
      dns['smtp.example.com'] = [address.replace(/^\[|\]$/g, '')];
      const test = await admin.post('/api/v1/platform/mail/test', { to: 'class@example.com' });
      expect(test.body, `${kind}: ${address}`).toEqual({ message: messages.mailTestFailed, errors: { to: [messages.mailTestFailed] } });
    }
    expect(localSmtp.mails).toEqual([]);
  });
});
