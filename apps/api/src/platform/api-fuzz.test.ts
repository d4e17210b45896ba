import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestClient, createHarness } from '../../test/harness';
import { createCustomer, createInvoice, createTaxType } from '../../test/documents';
import { type FuzzRequest, HOSTILE_BODIES, type Operation, operationsOf, requestsFor } from '../../test/fuzz-requests';
import { SIGN_UP_PASSWORD, signUpAndSignIn } from '../../test/sign-up';
import { apiLogs } from '../db/schema';
import { inTenant } from '../db/tenant-tx';

/**
 * The fuzz suite: every operation of the route table, called with requests generated from its
 * OpenAPI description (hostile strings, impossible dates, huge integers, wrong types, deep and
 * wide bodies), by a caller allowed to use it. No request may answer 5xx, the server must serve
 * afterwards, and every request must have its row in the API log.
 *
 * FUZZ_RUNS sets the generated requests per operation (CI's default keeps the suite near a
 * minute); FUZZ_SEED replays a run (fast-check prints the seed and the smallest failing request).
 */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = process.env.FUZZ_SEED === undefined ? Date.now() : Number(process.env.FUZZ_SEED);
/** Marks the suite's requests in the API log. */
const USER_AGENT = `api-fuzz/${SEED}`;
const OWNER_EMAIL = 'fuzz-owner@example.com';

const h = await createHarness();
const operations = operationsOf(h.server.declaredRoutes, h.server.swagger());
const knownIds: string[] = [];
let owner: TestClient;
let admin: TestClient;
let business = '';
const byStatus = new Map<number, number>();
/** Requests the router refuses before a tenant is resolved (a path parameter over its length: 414) never reach the API log. */
const figures = { operations: 0, requests: 0, refusedByRouter: 0, serverErrors: 0, signInsAgain: 0 };

async function signIn(email: string, password: string, businessId: string | null): Promise<TestClient> {
  const client = h.client();
  client.ip = '10.200.0.1';
  const answer = await client.login(email, password);
  if (answer.status !== 200) throw new Error(`${email} could not sign in again: ${answer.status} ${JSON.stringify(answer.body)}`);
  client.business = businessId;
  return client;
}

async function created(client: TestClient, url: string, body: Record<string, unknown>): Promise<string> {
  const answer = await client.post(url, body);
  expect(answer.status, `${url} ${JSON.stringify(answer.body)}`).toBe(201);
  const id = (answer.body.data as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string') throw new Error(`${url} answered no id`);
  return id;
}

beforeAll(async () => {
  owner = await signUpAndSignIn(h, { email: OWNER_EMAIL, business_name: 'Fuzz Business' });
  const boot = await owner.get('/api/v1/bootstrap');
  business = (boot.body.companies as { id: string }[])[0]?.id ?? '';
  owner.business = business;
  admin = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, null);
  const customer = await createCustomer(owner, 'Fuzz Customer', 'fuzz-customer@example.com');
  const taxType = await createTaxType(owner, 'Fuzz VAT', '8.1');
  const invoice = await createInvoice(owner, customer.id, { taxes: [{ tax_type_id: taxType }] });
  const sent = await owner.post(`/api/v1/invoices/${invoice.id}/mark-sent`);
  expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
  knownIds.push(
    customer.id,
    taxType,
    invoice.id,
    await created(owner, '/api/v1/vendors', { name: 'Fuzz Vendor' }),
    await created(owner, '/api/v1/items', { name: 'Fuzz Item', price: 1200 }),
    await created(owner, '/api/v1/item-units', { name: 'Fuzz Unit' }),
    await created(owner, '/api/v1/notes', { name: 'Fuzz Note', notes: 'Thanks' }),
    await created(owner, '/api/v1/estimates', { customer_id: customer.id, estimate_date: '2026-11-20', items: [{ name: 'Work', quantity: '1', price: 5000 }] }),
    await created(owner, '/api/v1/payments', { customer_id: customer.id, invoice_id: invoice.id, payment_date: '2026-11-21', amount: 1000 }),
  );
}, 120_000);

afterAll(async () => {
  await h.close();
});

/** The caller an operation is meant for: the platform's admin for platform routes, the business owner for the rest. */
function callerFor(operation: Operation): TestClient {
  const access = operation.route.access;
  return 'scope' in access && access.scope === 'platform' ? admin : owner;
}

async function send(client: TestClient, request: FuzzRequest) {
  figures.requests += 1;
  const headers: Record<string, string> = { 'user-agent': USER_AGENT };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  // A copy per request: cookies a route sets (a guest session, a rotated id) never stick to the caller.
  const answer = await client.copy().request(request.method, request.url, request.body, headers);
  byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
  if (answer.status >= 500) figures.serverErrors += 1;
  if (answer.status === 414) figures.refusedByRouter += 1;
  return answer;
}

/** Some operations end or change the caller's session (logout, security settings): sign in again. */
async function keepCallersSignedIn(): Promise<void> {
  if ((await owner.get('/api/v1/me')).status !== 200) {
    figures.signInsAgain += 1;
    owner = await signIn(OWNER_EMAIL, SIGN_UP_PASSWORD, business);
  }
  if ((await admin.get('/api/v1/me')).status !== 200) {
    figures.signInsAgain += 1;
    admin = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD, null);
  }
}

describe('the API under generated hostile requests', () => {
  it.each(operations.map((operation) => ({ name: `${operation.route.method} ${operation.route.url}`, operation })))(
    '$name never answers 5xx',
    async ({ name, operation }) => {
      figures.operations += 1;
      const requests = requestsFor(operation, knownIds);
      // Every hostile raw body reaches every operation that reads one, whatever the draw.
      const [shape] = fc.sample(requests, { numRuns: 1, seed: SEED });
      const examples: [FuzzRequest][] = operation.body && shape ? HOSTILE_BODIES.map((body) => [{ ...shape, body }]) : [];
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          const answer = await send(callerFor(operation), request);
          expect(answer.status, `${name}: ${request.method} ${request.url.slice(0, 300)} ${request.body?.slice(0, 300) ?? ''} → ${JSON.stringify(answer.body).slice(0, 300)}`).toBeLessThan(500);
        }),
        { numRuns: RUNS_PER_OPERATION + examples.length, seed: SEED, examples },
      );
      await keepCallersSignedIn();
    },
    60_000,
  );

  it('served afterwards, logged every request, and reports its figures', async () => {
    expect((await h.client().get('/healthz')).status).toBe(200);
    expect((await owner.get('/api/v1/me')).status).toBe(200);
    await h.app.apiLog.flush();
    const logged = await inTenant(h.app.db, h.landlordId, async (tx) => (await tx.select({ rows: count() }).from(apiLogs).where(eq(apiLogs.client, USER_AGENT)))[0]?.rows ?? 0);
    expect(h.backgroundErrors.map((error) => (error instanceof Error ? `${error.message}: ${String(error.cause)}` : String(error)))).toEqual([]);
    expect(logged).toBe(figures.requests - figures.refusedByRouter);
    expect(figures.operations).toBe(operations.length);
    expect(figures.serverErrors).toBe(0);
    process.stdout.write(`api fuzz (seed ${SEED}): ${figures.operations} operations, ${figures.requests} requests, ${figures.serverErrors} answered 5xx, ${figures.refusedByRouter} refused by the router (414), ${figures.signInsAgain} sign-ins again; answers by status ${JSON.stringify(Object.fromEntries([...byStatus].sort(([a], [b]) => a - b)))}\n`);
  });
});
