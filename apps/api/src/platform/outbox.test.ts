import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@app/contracts';
import { invitePlatformUser, presenting } from '../../test/access-callers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, createHarness } from '../../test/harness';
import { signUpAndSignIn } from '../../test/sign-up';
import { TestSmtpServer } from '../../test/smtp';
import { openEmbedded } from '../db/client';
import { apiLogs, outbox } from '../db/schema';
import { inSavepoint, inTenant } from '../db/tenant-tx';
import { inTenantUndispatched } from '../../test/outbox-fixtures';
import { loadEnv } from '../env';
import { ensureInitialData } from '../db/seed';
import { createAppContext } from './app-context-factory';
import { PgBossQueue } from './jobs';
import { Outbox } from './outbox';
import { smtpTransport } from './mail';
import { findLandlord } from '../modules/tenants/tenants.service';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe('outbox', () => {
  it('a rolled-back change sends nothing', async () => {
    await expect(
      inTenant(h.app.db, h.landlordId, async (tx) => {
        await h.app.outbox.write(tx, h.landlordId, { to: 'ghost@example.com', subject: 'Never', text: 'never', secrets: [] });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const rows = await inTenant(h.app.db, h.landlordId, (tx) => tx.select().from(outbox).where(eq(outbox.to, 'ghost@example.com')));
    expect(rows).toHaveLength(0);
  });

  it('a mail is sent once its transaction commits, and one written in a savepoint that rolled back is not', async () => {
    await inTenant(h.app.db, h.landlordId, async (tx) => {
      await h.app.outbox.write(tx, h.landlordId, { to: 'committed@example.com', subject: 'Committed', text: 'kept', secrets: [] });
      await expect(
        inSavepoint(tx, async (savepoint) => {
          await h.app.outbox.write(savepoint, h.landlordId, { to: 'undone@example.com', subject: 'Undone', text: 'dropped', secrets: [] });
          throw new Error('undo');
        }),
      ).rejects.toThrow('undo');
      await inSavepoint(tx, (savepoint) => h.app.outbox.write(savepoint, h.landlordId, { to: 'kept-savepoint@example.com', subject: 'Kept savepoint', text: 'kept', secrets: [] }));
      // Nothing leaves before the commit.
      expect(h.smtp.mails.filter((mail) => mail.to.includes('committed@example.com'))).toHaveLength(0);
    });
    await h.jobs.drain();
    expect((await h.smtp.waitFor('committed@example.com')).subject).toBe('Committed');
    expect((await h.smtp.waitFor('kept-savepoint@example.com')).subject).toBe('Kept savepoint');
    const undone = await inTenant(h.app.db, h.landlordId, (tx) => tx.select().from(outbox).where(eq(outbox.to, 'undone@example.com')));
    expect(undone).toHaveLength(0);
    expect(h.smtp.mails.filter((mail) => mail.to.includes('undone@example.com'))).toHaveLength(0);
  });

  it('a failed delivery is recorded and the super admin retry sends it', async () => {
    const id = await inTenantUndispatched(h.app.db, h.landlordId, (tx) => h.app.outbox.write(tx, h.landlordId, { to: 'retry@example.com', subject: 'Retry me', text: 'hello', secrets: [] }));
    const unreachable = smtpTransport({ host: '127.0.0.1', port: 1, secure: false });
    const broken = new Outbox(h.app.db, h.jobs, unreachable, 'a@example.com', h.app.clock, h.app.secretBox);
    await expect(broken.deliver(h.landlordId, id)).rejects.toThrow('connect ECONNREFUSED 127.0.0.1:1');
    const [failed] = await inTenant(h.app.db, h.landlordId, (tx) => tx.select().from(outbox).where(eq(outbox.id, id)));
    expect(failed?.status).toBe('failed');
    expect(failed?.attempts).toBe(1);
    expect(failed?.lastError).toBeTruthy();
    expect(failed?.lastError).toContain('ECONNREFUSED');
    const admin = h.client();
    await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const listed = await admin.get('/api/v1/platform/outbox?status=failed');
    expect((listed.body.data as { id: string }[]).map((m) => m.id)).toContain(id);
    expect((await admin.post(`/api/v1/platform/outbox/${id}/retry`)).status).toBe(200);
    await h.jobs.drain();
    const mail = await h.smtp.waitFor('retry@example.com');
    expect(mail.subject).toBe('Retry me');
    expect((await admin.post(`/api/v1/platform/outbox/${id}/retry`)).status).toBe(404);
  });

  it('without SMTP, mail is held', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-held-'));
    const database = await openEmbedded(dataDir);
    try {
      await database.migrate();
      const env = loadEnv({ DATA_DIR: dataDir, ADMIN_PASSWORD, APP_KEY: 'k'.repeat(40) });
      const app = createAppContext({ env, database, jobs: h.jobs, transport: null });
      await ensureInitialData(app);
      const landlord = await findLandlord(app.db);
      if (!landlord) throw new Error('no landlord');
      const id = await inTenant(app.db, landlord.id, (tx) => app.outbox.write(tx, landlord.id, { to: 'held@example.com', subject: 'Held', text: 'reset link', secrets: [] }));
      await app.outbox.dispatch(landlord.id, id);
      const [row] = await inTenant(app.db, landlord.id, (tx) => tx.select().from(outbox).where(eq(outbox.id, id)));
      expect(row?.status).toBe('held');
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('pg-boss worker on the embedded database', () => {
  it('delivers outbox mail through SMTP', async () => {
    const smtp = new TestSmtpServer();
    const port = await smtp.start();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-boss-'));
    const database = await openEmbedded(dataDir);
    const jobs = new PgBossQueue(database, () => undefined);
    try {
      await database.migrate();
      const env = loadEnv({ DATA_DIR: dataDir, ADMIN_PASSWORD, APP_KEY: 'k'.repeat(40) });
      const app = createAppContext({ env, database, jobs, transport: smtpTransport({ host: '127.0.0.1', port, secure: false }) });
      await ensureInitialData(app);
      await jobs.start();
      await app.outbox.register();
      const landlord = await findLandlord(app.db);
      if (!landlord) throw new Error('no landlord');
      const id = await inTenant(app.db, landlord.id, (tx) => app.outbox.write(tx, landlord.id, { to: 'boss@example.com', subject: 'Via pg-boss', text: 'queued', secrets: [] }));
      await app.outbox.dispatch(landlord.id, id);
      const mail = await smtp.waitFor('boss@example.com', () => true, 20_000);
      expect(mail.subject).toBe('Via pg-boss');
      for (let i = 0; i < 40; i += 1) {
        const [row] = await inTenant(app.db, landlord.id, (tx) => tx.select().from(outbox).where(eq(outbox.id, id)));
        if (row?.status === 'sent') break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const [row] = await inTenant(app.db, landlord.id, (tx) => tx.select().from(outbox).where(eq(outbox.id, id)));
      expect(row?.status).toBe('sent');
    } finally {
      await jobs.stop();
      await database.close();
      await smtp.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('API log', () => {
  it('writes a row per call in batches, with passwords and tokens redacted', async () => {
    const c = h.client();
    await c.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const created = await c.post('/api/v1/me/tokens', { name: 'Logged', expires_in_days: 7 });
    await h.app.apiLog.flush();
    const rows = await inTenant(h.app.db, h.landlordId, (tx) => tx.select().from(apiLogs));
    const login = rows.find((r) => r.url === '/api/v1/login' && r.responseCode === 200);
    expect(login).toBeDefined();
    expect(JSON.stringify(login?.requestBody)).not.toContain(ADMIN_PASSWORD);
    expect((login?.requestBody as Record<string, unknown>).password).toBe('[REDACTED]');
    const tokenRow = rows.find((r) => r.url === '/api/v1/me/tokens' && r.method === 'POST');
    // The answer that hands out the token is never logged, not even redacted.
    expect(tokenRow?.responseBody).toEqual({ omitted: 'secret-bearing response' });
    expect(JSON.stringify(tokenRow)).not.toContain(String(created.body.plain_text_token).split('|')[1]);
    expect(tokenRow?.loadTimeMs).toBeGreaterThanOrEqual(0);
    expect(tokenRow?.responseSize).toBeGreaterThan(0);
  });
});

describe('outbox routes for callers who may not use them', () => {
  /** A failed mail of the landlord, and how to tell that nothing touched it: its row, and no delivery. */
  async function failedMail(to: string) {
    const id = await inTenantUndispatched(h.app.db, h.landlordId, (tx) => h.app.outbox.write(tx, h.landlordId, { to, subject: 'Landlord only', text: 'landlord mail', secrets: [] }));
    await h.app.db.update(outbox).set({ status: 'failed', attempts: 1, lastError: 'refused earlier' }).where(eq(outbox.id, id));
    const state = async () => {
      const [row] = await h.app.db.select({ status: outbox.status, attempts: outbox.attempts, lastError: outbox.lastError, sentAt: outbox.sentAt }).from(outbox).where(eq(outbox.id, id));
      return row;
    };
    const before = await state();
    expect(before).toMatchObject({ status: 'failed', attempts: 1 });
    return {
      id,
      async expectUntouched() {
        await h.jobs.drain();
        expect(await state()).toEqual(before);
        expect(h.smtp.mails.filter((mail) => mail.to.includes(to))).toEqual([]);
      },
    };
  }

  it("another tenant's admin gets a stranger's answer here and, on its own host, none of this tenant's mail", async () => {
    const mail = await failedMail('landlord-outbox@example.com');
    const other = h.client(OTHER_HOST);
    expect((await other.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);

    const stranger = presenting(h, 'localhost', null, { cookies: other });
    for (const answer of [await stranger.get('/api/v1/platform/outbox?limit=100'), await stranger.post(`/api/v1/platform/outbox/${mail.id}/retry`)]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: messages.unauthenticated });
    }

    const own = await other.get('/api/v1/platform/outbox?limit=100');
    expect(own.status).toBe(200);
    for (const landlordData of [mail.id, 'landlord-outbox@example.com', 'landlord mail']) expect(JSON.stringify(own.body)).not.toContain(landlordData);
    const retried = await other.post(`/api/v1/platform/outbox/${mail.id}/retry`);
    expect(retried.status).toBe(404);
    expect(retried.body).toEqual({ message: messages.notFound });
    await mail.expectUntouched();
  });

  it('a platform user without edit-platform-setting, or a business owner, is refused with 403 and nothing changes', async () => {
    const mail = await failedMail('refused-retry@example.com');
    const admin = h.client();
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    const supportPerson = await invitePlatformUser(h, admin, 'outbox-support@example.com', 'support');
    const support = h.client();
    expect((await support.login(supportPerson.email, supportPerson.password)).status).toBe(200);
    const owner = await signUpAndSignIn(h, { name: 'Outbox Owner', email: 'outbox-owner@example.com', business_name: 'Outbox Owner Co' });

    for (const caller of [support, owner]) {
      for (const answer of [await caller.get('/api/v1/platform/outbox?limit=100'), await caller.post(`/api/v1/platform/outbox/${mail.id}/retry`)]) {
        expect(answer.status).toBe(403);
        expect(answer.body).toEqual({ message: messages.forbidden });
      }
    }
    await mail.expectUntouched();
  });
});
