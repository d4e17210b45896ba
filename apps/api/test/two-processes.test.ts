import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRE_PENDING_SIGN_UPS_JOB } from '../src/modules/auth/sign-up';
import { PASSWORD_RESET_MAIL_JOB } from '../src/modules/auth/password-reset';
import { EXPIRE_ESTIMATES_JOB } from '../src/modules/estimates/estimate-expiry';
import { randomToken } from '../src/platform/crypto';
import { SWEEP_OUTBOX_JOB } from '../src/platform/outbox';
import { EXPIRE_THROTTLE_COUNTERS_JOB } from '../src/platform/throttle';
import { AppProcess, HttpClient, freePort } from './app-process';
import { templateDatabaseName } from './global-setup';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './harness';
import { TestSmtpServer } from './smtp';

/**
 * Two app processes behind an imaginary balancer, on one PostgreSQL database (this file only runs
 * when TEST_DATABASE_URL is set: vitest.config.ts leaves it out otherwise). They start together on
 * an empty database, so they also show that start-up takes turns instead of racing.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? '';
const METRICS_TOKEN = `metrics-${randomToken(24)}`;
const FORGOT_LIMIT = 10;

const smtp = new TestSmtpServer();
const databaseName = `two_processes_${randomToken(6).toLowerCase().replace(/[^a-z0-9]/g, '')}`;
const dataDirs: string[] = [];
let database: pg.Client;
let first: { app: AppProcess; origin: string; metrics: string };
let second: { app: AppProcess; origin: string; metrics: string };

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Reads until `done` holds (at most 10 s): for what another process commits a moment later. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

beforeAll(async () => {
  await adminQuery(`CREATE DATABASE ${databaseName} TEMPLATE ${templateDatabaseName(serverUrl)}`);
  const target = new URL(serverUrl);
  target.pathname = `/${databaseName}`;
  database = new pg.Client({ connectionString: target.toString() });
  await database.connect();
  const smtpPort = await smtp.start();
  const shared = {
    DATABASE_URL: target.toString(),
    APP_KEY: `two-processes-${randomToken(24)}`,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    HOST: '127.0.0.1',
    MAIL_HOST: '127.0.0.1',
    MAIL_PORT: String(smtpPort),
    METRICS_TOKEN,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
  };
  const processes = await Promise.all(
    ['first', 'second'].map(async (name) => {
      const [port, metricsPort] = [await freePort(), await freePort()];
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ledgerline-${name}-`));
      dataDirs.push(dataDir);
      const app = new AppProcess(name, { ...shared, PORT: String(port), METRICS_PORT: String(metricsPort), DATA_DIR: dataDir });
      return { app, origin: `http://127.0.0.1:${port}`, metrics: `http://127.0.0.1:${metricsPort}/metrics` };
    }),
  );
  [first, second] = processes as [typeof first, typeof second];
  await Promise.all([first.app.start(45_000), second.app.start(45_000)]);
}, 60_000);

afterAll(async () => {
  const exits = await Promise.all([first?.app.stop(), second?.app.stop()]);
  await database?.end();
  await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await smtp.stop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  expect(exits).toEqual([0, 0]);
}, 30_000);

describe('two app processes on one database', () => {
  it('made the first data once although both started on an empty database', async () => {
    const { rows } = await database.query<{ tenants: number; admins: number }>(
      `select (select count(*)::int from tenants) as tenants, (select count(*)::int from users where email = $1) as admins`,
      [ADMIN_EMAIL],
    );
    expect(rows).toEqual([{ tenants: 1, admins: 1 }]);
  });

  it('shares sessions: signed in on one, signed in on the other; signed out on the other, signed out on both', async () => {
    const browser = new HttpClient();
    expect((await browser.request(first.origin, 'GET', '/api/v1/csrf-cookie')).status).toBe(204);
    expect((await browser.request(first.origin, 'POST', '/api/v1/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, remember: false })).status).toBe(200);
    const me = await browser.request(second.origin, 'GET', '/api/v1/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ data: { email: ADMIN_EMAIL } });
    expect((await browser.request(second.origin, 'POST', '/api/v1/logout')).status).toBe(204);
    expect((await browser.request(first.origin, 'GET', '/api/v1/me')).status).toBe(401);
  });

  it('counts a flood limit across both: requests alternated between them exceed it together', async () => {
    const guest = new HttpClient();
    await guest.request(first.origin, 'GET', '/api/v1/csrf-cookie');
    const statuses: number[] = [];
    for (let i = 0; i < FORGOT_LIMIT + 2; i += 1) {
      const origin = i % 2 === 0 ? first.origin : second.origin;
      statuses.push((await guest.request(origin, 'POST', '/api/v1/forgot-password', { email: 'nobody@example.com' })).status);
    }
    expect(statuses).toEqual([...Array<number>(FORGOT_LIMIT).fill(200), 429, 429]);
  });

  it('runs a job once: one reset mail for one request, and one run per interval of each periodic job although both processes queue them', async () => {
    const guest = new HttpClient();
    await guest.request(second.origin, 'GET', '/api/v1/csrf-cookie');
    expect((await guest.request(second.origin, 'POST', '/api/v1/forgot-password', { email: ADMIN_EMAIL })).status).toBe(200);
    await smtp.waitFor(ADMIN_EMAIL, () => true, 20_000);

    // The delivery commits its 'sent' just after the SMTP server took the mail.
    const mails = await eventually(async () => (await database.query<{ status: string; attempts: number }>(`select status, attempts from outbox where "to" = $1`, [ADMIN_EMAIL])).rows, (rows) => rows.every((row) => row.status === 'sent'));
    expect(mails).toEqual([{ status: 'sent', attempts: 1 }]);
    const resetJobs = await database.query<{ state: string }>(`select state from pgboss.job where name = $1 and data->>'email' = $2`, [PASSWORD_RESET_MAIL_JOB, ADMIN_EMAIL]);
    expect(resetJobs.rows).toEqual([{ state: 'completed' }]);
    const periodicNames = [EXPIRE_ESTIMATES_JOB, EXPIRE_THROTTLE_COUNTERS_JOB, EXPIRE_PENDING_SIGN_UPS_JOB, SWEEP_OUTBOX_JOB];
    const periodic = await database.query<{ name: string; runs: number }>(
      `select name, count(*)::int as runs from pgboss.job where name = any($1) group by name, singleton_on order by name`,
      [periodicNames],
    );
    expect(new Set(periodic.rows.map((row) => row.name))).toEqual(new Set(periodicNames));
    expect(periodic.rows.every((row) => row.runs === 1)).toBe(true);
    expect(smtp.mails.filter((mail) => mail.to.includes(ADMIN_EMAIL))).toHaveLength(1);
  });

  it('serves /metrics on each process, behind the token, off the public listener', async () => {
    for (const node of [first, second]) {
      expect((await fetch(node.metrics)).status).toBe(401);
      const scraped = await fetch(node.metrics, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(scraped.status).toBe(200);
      const text = await scraped.text();
      expect(text).toMatch(/^ledgerline_http_requests_total\{method="POST",route="\/api\/v1\/forgot-password",status_class="2xx"\} \d+$/m);
      expect(text).toMatch(/^ledgerline_build_info\{version="source",commit="unknown",node="v[\d.]+",database="postgres"\} 1$/m);
      expect(text).toMatch(/^ledgerline_job_queue_jobs\{queue="password-reset-mail",state="created"\} \d+$/m);
      expect(text).toMatch(/^ledgerline_outbox_mails\{status="pending"\} \d+$/m);
      expect(text).toMatch(/^ledgerline_db_pool_open_connections [1-9]\d*$/m);
      expect(text).toContain('process_resident_memory_bytes');
      // The public listener has no /metrics: a 404, or the web app's page where a web build is served (a checkout that ran `npm run build`).
      const onPublic = await fetch(`${node.origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect([200, 404]).toContain(onPublic.status);
      expect(await onPublic.text()).not.toContain('ledgerline_');
    }
  });
});
