import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { z } from 'zod';
import { buildApp } from '../src/app';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import { ensureInitialData } from '../src/db/seed';
import { loadEnv } from '../src/env';
import type { AppContext } from '../src/platform/app-context';
import { createAppContext } from '../src/platform/app-context-factory';
import type { DeclaredRoute } from '../src/platform/pipeline';
import { type Clock, systemClock } from '../src/platform/clock';
import { randomToken } from '../src/platform/crypto';
import { InlineQueue } from '../src/platform/jobs';
import { smtpTransport } from '../src/platform/mail';
import { createAuthMailJobs } from '../src/modules/auth/auth-jobs';
import type { HostResolver } from '../src/platform/outbound/address-policy';
import { createTenant, findLandlord } from '../src/modules/tenants/tenants.service';
import type { ProviderEventHandlers } from '../src/modules/provider-events/provider-events.service';
import { fixedResolver } from './dns';
import { TEMPLATE_FILE, templateDatabaseName } from './global-setup';
import { TestSmtpServer } from './smtp';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Admin-Passw0rd!';
export const OTHER_HOST = 'tenant-b.test';
export const OTHER_ADMIN_EMAIL = 'admin@tenant-b.test';

/** A fresh database on the test server, copied from the migrated template (TEST_DATABASE_URL set). */
export async function createPostgresTestDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `app_test_${randomToken(6).toLowerCase().replace(/[^a-z0-9]/g, '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabaseName(url)}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

async function openTestDatabase(logger: Logger | undefined): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const created = await createPostgresTestDatabase(url);
    return { database: openPostgres(created.url, 5, () => undefined, logger), drop: created.drop };
  }
  const blob = new Blob([fs.readFileSync(TEMPLATE_FILE)]);
  const database = openPglite(await PGlite.create({ loadDataDir: blob }), logger);
  return { database, drop: async () => undefined };
}

export type Harness = {
  server: FastifyInstance;
  app: AppContext;
  smtp: TestSmtpServer;
  jobs: InlineQueue;
  /** What background work (the API log writer) reported instead of throwing. */
  backgroundErrors: unknown[];
  landlordId: string;
  otherTenantId: string;
  client(host?: string): TestClient;
  close(): Promise<void>;
};

export type HarnessOptions = {
  clock?: Clock;
  authRateLimit?: number;
  trustProxy?: boolean;
  /** Turns the server's request log on, written to that stream instead of stdout. */
  serverLog?: DestinationStream;
  /** MAIL_HOST_ALLOWLIST: by default the local SMTP servers the tests run on 127.0.0.1. */
  mailHostAllowlist?: string;
  /** How tenants' SMTP host names resolve: no real DNS in tests. */
  resolveHost?: HostResolver;
  /**
   * Extra environment variables (TRUST_PROXY, API_DOCS_PUBLIC, ...). OUTBOUND_HTTP_ALLOWLIST is
   * empty unless a test sets it (`'127.0.0.1'` for its own receiver or fake lender), so outbound
   * HTTP refuses loopback as in production.
   */
  env?: Record<string, string>;
  /** A built web app (or a fixture of one) to serve, as `npm start` does. */
  webDist?: string;
  /** Sees every statement the app sends through drizzle (statement-count tests). */
  queryLogger?: Logger;
  /** No environment mail server (as a fresh `npm start`): mail is held in the outbox unless a tenant configures its own. */
  noMailServer?: boolean;
  /** Provider-event handlers the test registers besides the modules' own. */
  providerEventHandlers?: ProviderEventHandlers;
};

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const smtp = new TestSmtpServer();
  const port = await smtp.start();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-test-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_KEY: 'test-app-key-0123456789-0123456789-abcdef',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    MAIL_HOST: '127.0.0.1',
    MAIL_PORT: String(port),
    MAIL_FROM: 'Ledgerline <no-reply@example.com>',
    // Mailed links are http://<tenant's first domain>/... (port 80 is left out).
    PUBLIC_SCHEME: 'http',
    PUBLIC_PORT: '80',
    TRUST_PROXY: options.trustProxy ? '1' : '0',
    MAIL_HOST_ALLOWLIST: options.mailHostAllowlist ?? '127.0.0.1,localhost',
    ...options.env,
  });
  const { database, drop } = await openTestDatabase(options.queryLogger);
  const jobs = new InlineQueue((name, error) => {
    if (!(error instanceof Error && error.message.includes('ECONNREFUSED'))) process.stderr.write(`job ${name} failed: ${String(error)}\n`);
  });
  const backgroundErrors: unknown[] = [];
  const app = createAppContext({
    env,
    database,
    jobs,
    onBackgroundError: (error) => backgroundErrors.push(error),
    transport: options.noMailServer ? null : smtpTransport({ host: '127.0.0.1', port, secure: false }),
    clock: options.clock ?? systemClock,
    rateLimits: { auth: { max: options.authRateLimit ?? 1000, windowMs: 60_000 } },
    resolveHost: options.resolveHost ?? fixedResolver({ localhost: ['127.0.0.1'] }),
  });
  await app.outbox.register();
  await createAuthMailJobs(app).register();
  await ensureInitialData(app);
  const landlord = await findLandlord(app.db);
  if (!landlord) throw new Error('Seeding made no landlord');
  const other = await createTenant(app, { name: 'Tenant B', domains: [OTHER_HOST], adminEmail: OTHER_ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
  const server = await buildApp(app, { webDist: options.webDist ?? null, ...(options.providerEventHandlers ? { providerEventHandlers: options.providerEventHandlers } : {}), ...(options.serverLog ? { logger: { level: 'info', stream: options.serverLog } } : {}) });
  await server.ready();
  return {
    server,
    app,
    smtp,
    jobs,
    backgroundErrors,
    landlordId: landlord.id,
    otherTenantId: other.tenantId,
    client: (host = 'localhost') => new TestClient(server, host),
    async close() {
      await jobs.drain();
      await app.apiLog.flush();
      await server.close();
      await database.close();
      await drop();
      await smtp.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `payload`: the answer's bytes, for a file (a PDF) that is no JSON. */
export type TestResponse = { status: number; body: Record<string, unknown>; headers: Record<string, string | string[] | number | undefined>; payload: Buffer };

/** A browser-like client: keeps cookies, echoes the XSRF token, sends the business header. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  business: string | null = null;
  bearer: string | null = null;
  /** The client address the server sees (throttle tests); the default is inject's 127.0.0.1. */
  ip: string | null = null;

  constructor(
    private readonly server: FastifyInstance,
    readonly host: string,
  ) {}

  private absorb(setCookie: string | string[] | number | undefined): void {
    const list = Array.isArray(setCookie) ? setCookie : typeof setCookie === 'string' ? [setCookie] : [];
    for (const line of list) {
      const [pair] = line.split(';');
      if (!pair) continue;
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(method: HttpMethod, url: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<TestResponse> {
    const headers: Record<string, string> = { host: this.host, accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', ...extraHeaders };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('__Host-XSRF-TOKEN') ?? this.cookies.get('XSRF-TOKEN');
    if (xsrf && method !== 'GET' && !('x-xsrf-token' in extraHeaders)) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (this.business && !('business' in extraHeaders)) headers.business = this.business;
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const response = await this.server.inject({
      method,
      url,
      headers,
      ...(this.ip ? { remoteAddress: this.ip } : {}),
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    this.absorb(response.headers['set-cookie']);
    let parsed: Record<string, unknown> = {};
    if (response.body) {
      try {
        parsed = JSON.parse(response.body) as Record<string, unknown>;
      } catch {
        parsed = { raw: response.body };
      }
    }
    return { status: response.statusCode, body: parsed, headers: response.headers, payload: response.rawPayload };
  }

  /** Another client with these cookies, bearer token and business: what it is sent leaves this one as it was. */
  copy(): TestClient {
    const copy = new TestClient(this.server, this.host);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    copy.bearer = this.bearer;
    copy.business = this.business;
    return copy;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }
  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('POST', url, body ?? {}, headers);
  }
  put(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('PUT', url, body ?? {}, headers);
  }
  delete(url: string, headers?: Record<string, string>) {
    return this.request('DELETE', url, undefined, headers);
  }

  /**
   * The request, and what its answer breaks of the route's declared response schema for that
   * status (empty when it keeps to it). A status the route declares no schema for is a finding too.
   */
  async requestWithinContract(method: HttpMethod, url: string, body?: unknown): Promise<{ response: TestResponse; breaches: string[] }> {
    const response = await this.request(method, url, body);
    const route = declaredRouteOf(this.server.declaredRoutes, method, url);
    if (!route) return { response, breaches: [`${method} ${url} matches no declared route`] };
    const declared = route.responses[String(response.status)];
    if (declared === undefined) return { response, breaches: response.status < 300 ? [`${method} ${route.url} declares no ${response.status} answer`] : [] };
    // A file answer (`content` by media type) has no JSON body to check.
    if (!(declared instanceof z.ZodType)) return { response, breaches: typeof declared === 'object' && declared !== null && 'content' in declared ? [] : [`${method} ${route.url} declares no zod schema for ${response.status}`] };
    const parsed = declared.safeParse(response.status === 204 ? null : response.body);
    return { response, breaches: parsed.success ? [] : parsed.error.issues.map((issue) => `${method} ${route.url} ${response.status}: ${issue.path.join('.')} ${issue.message}`) };
  }

  async csrf(): Promise<void> {
    const response = await this.get('/api/v1/csrf-cookie');
    if (response.status !== 204) throw new Error(`csrf-cookie answered ${response.status}`);
  }

  async login(email: string, password: string): Promise<TestResponse> {
    await this.csrf();
    return this.post('/api/v1/login', { email, password, remember: false });
  }
}

/** The declared route a concrete URL reaches: a static segment wins over a parameter, as in the router. */
export function declaredRouteOf(routes: readonly DeclaredRoute[], method: HttpMethod, url: string): DeclaredRoute | undefined {
  const path = url.split('?')[0] ?? url;
  const candidates = routes.filter((route) => route.method === method && new RegExp(`^${route.url.replace(/:[A-Za-z_]+/g, '[^/]+')}$`).test(path));
  const parameters = (route: DeclaredRoute) => (route.url.match(/:/g) ?? []).length;
  return candidates.sort((a, b) => parameters(a) - parameters(b))[0];
}

/** Field → messages from a 422 body. */
export function errorsOf(response: TestResponse): Record<string, string[]> {
  return (response.body.errors ?? {}) as Record<string, string[]>;
}
