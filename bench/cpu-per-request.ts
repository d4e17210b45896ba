/**
 * CPU per request of the real routes, in process: the app answers `inject`ed requests (no HTTP
 * socket on the client side), four at a time, and the process's CPU time is divided by the
 * requests. Steadier than requests per second on a busy machine: it counts work done, not time
 * waited. `npm run bench -- cpu` (PostgreSQL when reachable, else PGlite).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { ensureInitialData } from '../apps/api/src/db/seed';
import { loadEnv } from '../apps/api/src/env';
import { createAppContext } from '../apps/api/src/platform/app-context-factory';
import { InlineQueue } from '../apps/api/src/platform/jobs';
import { createBusinessService } from '../apps/api/src/modules/businesses/businesses.service';
import { findLandlord } from '../apps/api/src/modules/tenants/tenants.service';
import { ADMIN_EMAIL, ADMIN_PASSWORD, HOST_HEADER, type Kind, kindWanted, listeningPort, pgliteKind, postgresKind, postgresServerUrl, signIn } from './bench-kit';

const REQUESTS = 3_000;
const AT_ONCE = 4;
const ROUNDS = 3;
/** One default page of the invoice list. */
const LISTED_INVOICES = 15;

async function measureKind(kind: Kind): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-cpu-'));
  const opened = await kind.open(dataDir);
  const { database } = opened;
  await database.migrate();
  const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'silent', ...opened.env });
  const app = createAppContext({ env, database, jobs: new InlineQueue(), transport: null });
  await ensureInitialData(app);
  const landlord = await findLandlord(app.db);
  if (!landlord) throw new Error('Seeding made no landlord tenant');
  const server = await buildApp(app);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { cookie, xsrf } = await signIn(listeningPort(server));
  const me = await server.inject({ method: 'GET', url: '/api/v1/me', headers: { host: HOST_HEADER, cookie } });
  const userId = String((me.json() as { data: { id: string } }).data.id);
  const business = await createBusinessService(app).create({ tenantId: landlord.id, userId, businessId: null, ip: null }, userId, { name: 'Bench Co' });
  const headers = { host: HOST_HEADER, cookie, business: business.id };
  const writing = { ...headers, 'x-xsrf-token': xsrf };
  // A full first page, so /invoices maps and serialises rows the way a used business's list does.
  const customer = await server.inject({ method: 'POST', url: '/api/v1/customers', headers: writing, payload: { name: 'Bench Customer', currency_id: 1 } });
  const customerId = String((customer.json() as { data: { id: string } }).data.id);
  for (let index = 0; index < LISTED_INVOICES; index++) {
    const payload = { customer_id: customerId, invoice_date: '2026-11-20', items: [{ name: 'Consulting', quantity: '2', price: 15000 }, { name: 'Support', quantity: '1', price: 5000 }] };
    const created = await server.inject({ method: 'POST', url: '/api/v1/invoices', headers: writing, payload });
    if (created.statusCode !== 201) throw new Error(`POST /invoices answered ${created.statusCode}`);
  }
  for (const url of ['/api/v1/me', '/api/v1/bootstrap', '/api/v1/invoices']) {
    const figures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let next = 0;
      const worker = async () => {
        while (next < REQUESTS) {
          next++;
          const answer = await server.inject({ method: 'GET', url, headers });
          if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
        }
      };
      const started = process.cpuUsage();
      await Promise.all(Array.from({ length: AT_ONCE }, worker));
      const used = process.cpuUsage(started);
      figures.push(((used.user + used.system) / 1000 / REQUESTS).toFixed(3));
    }
    console.log(`  ${kind.name.padEnd(10)} ${url.padEnd(22)} CPU ms per request: ${figures.join(', ')}`);
  }
  await server.close();
  await app.apiLog.flush();
  await database.close();
  await opened.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const serverUrl = postgresServerUrl();
if (serverUrl) await measureKind(postgresKind(serverUrl));
if (kindWanted('pglite')) await measureKind(pgliteKind);
