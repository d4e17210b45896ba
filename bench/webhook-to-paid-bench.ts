/**
 * Webhook to paid (issue 17): how long from Stripe sending `payment_intent.succeeded` to the invoice
 * being paid, at a steady RATE_PER_SECOND. Open invoices are made through the API; each gets a card
 * PaymentIntent in the fake Stripe (a destination charge to the business's verified connected
 * account), stored as the app stores the intent it hands out. The intents are then confirmed at the
 * rate, and the fake delivers each event, signed, to the app's webhook over HTTP, as Stripe does.
 * Measured per event: from the fake starting the delivery to the inbox row's processed_at (the
 * payment is booked and the invoice paid in that same transaction), and from the row's received_at;
 * every invoice must end paid. `npm run bench -- webhook-to-paid` (PostgreSQL when reachable, else
 * PGlite; BENCH_KINDS picks).
 */
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import { currencyByCode } from '@app/contracts';
import { TEST_ROUTING_NUMBER, type WebhookDelivery, startFakeStripe } from '@app/fakes';
import { buildApp } from '../apps/api/src/app';
import { onlinePaymentIntents, payoutAccounts, tenants } from '../apps/api/src/db/schema';
import { ensureInitialData } from '../apps/api/src/db/seed';
import { inTenant } from '../apps/api/src/db/tenant-tx';
import { loadEnv } from '../apps/api/src/env';
import type { AppContext } from '../apps/api/src/platform/app-context';
import { createAppContext } from '../apps/api/src/platform/app-context-factory';
import { newId } from '../apps/api/src/platform/crypto';
import { PgBossQueue } from '../apps/api/src/platform/jobs';
import type { PaymentProvider } from '../apps/api/src/platform/providers/payment-provider';
import { createBusinessService } from '../apps/api/src/modules/businesses/businesses.service';
import { findLandlord } from '../apps/api/src/modules/tenants/tenants.service';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Kind, kindWanted, listeningPort, pgliteKind, postgresKind, postgresServerUrl, problem, problems, request, signIn, sleep } from './bench-kit';

const RATE_PER_SECOND = 200;
const SECONDS = 5;
const INVOICES = RATE_PER_SECOND * SECONDS;
/** Requests in flight while the invoices and intents are made (set-up, not measured). */
const SETUP_CONCURRENCY = 10;
/**
 * Over how many businesses the invoices are spread: one busy seller (a sale going live), and the
 * same events over ten. BENCH_WEBHOOK_BUSINESSES=1,10 by default.
 */
const BUSINESS_COUNTS = (process.env.BENCH_WEBHOOK_BUSINESSES ?? '1,10').split(',').map(Number).filter((count) => Number.isSafeInteger(count) && count > 0);
const PAID_TIMEOUT_MS = 120_000;
const INVOICE_TOTAL = 12_500;
const WEBHOOK_SECRET = 'whsec_bench_webhook_to_paid';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** The fake Stripe in a thread of its own, as Stripe is another machine: driven over HTTP (its API and /_control routes). */
type RemoteFake = { url: string; secretKey: string; publishableKey: string; stop(): Promise<void> };
type FakeOptions = { port: number; webhookUrl: string };

async function startRemoteFake(options: FakeOptions): Promise<RemoteFake> {
  const worker = new Worker(new URL(import.meta.url), { workerData: options });
  const started = await new Promise<{ url: string; secretKey: string; publishableKey: string }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return { ...started, stop: async () => void (await worker.terminate()) };
}

/** In the fake's thread: only what the app's endpoint subscribes to for card payments, as a Stripe endpoint would be set up. */
async function runFake(options: FakeOptions): Promise<void> {
  const fake = await startFakeStripe({ port: options.port, verificationDelayMs: null, platformWebhookUrl: options.webhookUrl, platformWebhookSecret: WEBHOOK_SECRET, webhookEvents: ['payment_intent.succeeded'], webhookRetryDelaysMs: [] });
  parentPort?.postMessage({ url: fake.url, secretKey: fake.secretKey, publishableKey: fake.publishableKey });
}

async function callFake(fake: RemoteFake, method: 'GET' | 'POST', urlPath: string, key: string, form?: Record<string, string>): Promise<unknown> {
  const answer = await fetch(`${fake.url}${urlPath}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
  });
  const body: unknown = await answer.json();
  if (answer.status !== 200) throw new Error(`${method} ${urlPath} answered ${answer.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

async function deliveriesOf(fake: RemoteFake): Promise<WebhookDelivery[]> {
  const body = (await callFake(fake, 'GET', '/_control/deliveries', fake.secretKey)) as { deliveries: (Omit<WebhookDelivery, 'deliveredAt'> & { deliveredAt: string })[] };
  return body.deliveries.map((delivery) => ({ ...delivery, deliveredAt: new Date(delivery.deliveredAt) }));
}

type Latency = { count: number; p50: number; p99: number; max: number };
/** A business taking card payments: its customer and its verified connected account. */
type Seller = { businessId: string; customerId: string; destination: string };
type Figures = { kind: string; businesses: number; load: string; confirmedPerSecond: number; deliveries: number; refused: number; paid: number; fromDelivery: Latency; fromReceipt: Latency };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function latencyOf(values: number[]): Latency {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 };
}

const loadAverage = () => os.loadavg().map((load) => load.toFixed(2)).join(' ');

/** Runs `work` over the items with `concurrency` in flight. */
async function inParallel<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

/** A port free on 127.0.0.1 now: the fake must know the app's webhook URL, the app the fake's API base. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('No free port');
  return address.port;
}

/** A connected account the fake has verified (charges enabled), as the payout wizard leaves one, and its row in the app. */
async function chargeableAccount(app: AppContext, fake: RemoteFake, provider: PaymentProvider, tenantId: string, businessId: string): Promise<string> {
  const account = await provider.createPayoutAccount({ email: 'owner@bench.example', businessType: 'individual', metadata: { business_id: businessId } }, `bench:${businessId}:account`);
  const file = await provider.uploadFile(account.id, { name: 'id.png', type: 'image/png', data: PNG }, 'identity_document');
  await provider.updatePayoutAccount(
    account.id,
    {
      individual: {
        firstName: 'Jenny',
        lastName: 'Rosen',
        email: 'owner@bench.example',
        phone: '+14155550100',
        dob: { day: 15, month: 1, year: 1990 },
        address: { line1: '510 Townsend St', city: 'San Francisco', state: 'CA', postalCode: '94103', country: 'US' },
        ssnLast4: '0000',
        verificationDocumentFront: file.id,
      },
      businessProfile: { mcc: '5734', url: 'https://bench.example' },
      tosAcceptance: { date: Math.floor(Date.now() / 1000), ip: '127.0.0.1', userAgent: 'bench' },
    },
    `bench:${businessId}:details`,
  );
  const token = (await callFake(fake, 'POST', '/v1/tokens', fake.publishableKey, {
    'bank_account[country]': 'US',
    'bank_account[currency]': 'usd',
    'bank_account[routing_number]': TEST_ROUTING_NUMBER,
    'bank_account[account_number]': '000123456789',
    'bank_account[account_holder_type]': 'individual',
  })) as { id: string };
  await provider.attachBankAccount(account.id, token.id, `bench:${businessId}:bank`);
  await callFake(fake, 'POST', `/_control/accounts/${account.id}/complete_verification`, fake.secretKey);
  const verified = await provider.retrievePayoutAccount(account.id);
  if (!verified.chargesEnabled) throw new Error(`The fake did not enable charges on ${account.id}: ${JSON.stringify(verified.requirements)}`);
  await inTenant(app.db, tenantId, (tx) =>
    tx.insert(payoutAccounts).values({
      tenantId,
      businessId,
      providerAccountId: account.id,
      businessType: 'individual',
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      tosAccepted: true,
      requirements: { currentlyDue: [], eventuallyDue: [], pastDue: [], pendingVerification: [], errors: [], currentDeadline: null },
      stateAsOf: new Date(),
    }),
  );
  return account.id;
}

async function measureKind(kind: Kind, businesses: number): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-webhook-to-paid-'));
  const opened = await kind.open(dataDir);
  const { database } = opened;
  await database.migrate();
  const fakePort = await freePort();
  const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'silent', PAYMENT_PROVIDER_API_BASE: `http://127.0.0.1:${fakePort}`, ...opened.env });
  const jobs = new PgBossQueue(database, (message, error) => problem(message, error));
  const app = createAppContext({ env, database, jobs, transport: null });
  await ensureInitialData(app);
  const landlord = await findLandlord(app.db);
  if (!landlord) throw new Error('Seeding made no landlord tenant');
  await jobs.start();
  const server = await buildApp(app);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const port = listeningPort(server);
  const webhookUrl = `http://127.0.0.1:${port}/api/v1/webhooks/payment-provider`;
  const fake = await startRemoteFake({ port: fakePort, webhookUrl });
  await app.db
    .update(tenants)
    .set({ paymentProviderKey: fake.publishableKey, paymentProviderSecret: app.secretBox.seal(fake.secretKey), paymentProviderWebhookSecret: app.secretBox.seal(WEBHOOK_SECRET) })
    .where(eq(tenants.id, landlord.id));
  app.tenants.forget();

  // Set-up: businesses with a verified payout account and a customer each, and open invoices (round
  // robin over the businesses) with an intent each.
  const session = await signIn(port);
  const me = await request(port, 'GET', '/api/v1/me', { cookie: session.cookie });
  const userId = (JSON.parse(me.body) as { data: { id: string } }).data.id;
  const provider = app.paymentProviders({ secretKey: fake.secretKey, accountId: null });
  const usd = currencyByCode('USD')?.id ?? 0;
  const post = async (businessId: string, urlPath: string, body: unknown, expected: number): Promise<string> => {
    const answer = await request(port, 'POST', urlPath, { cookie: session.cookie, 'x-xsrf-token': session.xsrf, business: businessId }, body);
    if (answer.status !== expected) throw new Error(`POST ${urlPath} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    return (JSON.parse(answer.body) as { data: { id: string } }).data.id;
  };
  const sellers: Seller[] = [];
  for (let index = 0; index < businesses; index += 1) {
    const business = await createBusinessService(app).create({ tenantId: landlord.id, userId, businessId: null, ip: null }, userId, { name: `Card Payments Co ${index + 1}` });
    const customerId = await post(business.id, '/api/v1/customers', { name: 'Card Payer Inc', email: 'ap@payer.example', currency_id: usd }, 201);
    sellers.push({ businessId: business.id, customerId, destination: await chargeableAccount(app, fake, provider, landlord.id, business.id) });
  }
  const setupStart = performance.now();
  const invoices = await inParallel(
    Array.from({ length: INVOICES }, (_, index) => sellers[index % sellers.length] as Seller),
    SETUP_CONCURRENCY,
    async (seller) => {
      const id = await post(seller.businessId, '/api/v1/invoices', { customer_id: seller.customerId, invoice_date: new Date().toISOString().slice(0, 10), items: [{ name: 'Work', quantity: '1', price: INVOICE_TOTAL }] }, 201);
      await post(seller.businessId, `/api/v1/invoices/${id}/finalize`, {}, 200);
      return { seller, invoiceId: id };
    },
  );
  const intentIds = await inParallel(invoices, SETUP_CONCURRENCY, async ({ seller, invoiceId }) => {
    const created = await provider.createPaymentAttempt(
      { amount: INVOICE_TOTAL, currency: 'usd', destinationAccountId: seller.destination, applicationFee: 0, methods: ['card'], description: 'Bench invoice', metadata: { tenant_id: landlord.id, business_id: seller.businessId, invoice_id: invoiceId, attempt: '1' } },
      `pay:${invoiceId}:1`,
    );
    await inTenant(app.db, landlord.id, (tx) =>
      tx.insert(onlinePaymentIntents).values({
        tenantId: landlord.id,
        id: newId(),
        businessId: seller.businessId,
        invoiceId,
        attempt: 1,
        providerIntentId: created.id,
        amount: INVOICE_TOTAL,
        currency: 'usd',
        destinationAccountId: seller.destination,
        applicationFee: 0,
        status: created.status,
        origin: `http://127.0.0.1:${port}`,
      }),
    );
    return created.id;
  });
  console.log(`  ${kind.name} set-up: ${INVOICES} open invoices over ${businesses} business(es) with an intent each in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);

  // The measured part: confirmations at the rate, each answered by the fake with a delivery to the app.
  const load = loadAverage();
  const confirmFrom = performance.now();
  const confirms: Promise<void>[] = [];
  for (let n = 0; n < intentIds.length; n += 1) {
    const due = confirmFrom + (n * 1000) / RATE_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    confirms.push(
      callFake(fake, 'POST', `/v1/payment_intents/${intentIds[n]}/confirm`, fake.secretKey, { payment_method: 'pm_card_visa' }).then(
        () => undefined,
        (error: unknown) => problem('webhook-to-paid', error),
      ),
    );
  }
  await Promise.all(confirms);
  const confirmedPerSecond = intentIds.length / ((performance.now() - confirmFrom) / 1000);

  const raw = opened.raw(database);
  const paidCount = async () => {
    const rows = await raw.tx((query) => query(`select count(*)::int from invoices where business_id = any($1::uuid[]) and paid_status = 'paid'`, [sellers.map((seller) => seller.businessId)]));
    return Number(rows[0]?.[0] ?? 0);
  };
  const paidUntil = Date.now() + PAID_TIMEOUT_MS;
  let paid = await paidCount();
  while (paid < INVOICES && Date.now() < paidUntil) {
    await sleep(250);
    paid = await paidCount();
  }
  if (paid < INVOICES) problem('webhook-to-paid', new Error(`${INVOICES - paid} of ${INVOICES} invoices not paid after ${PAID_TIMEOUT_MS} ms`));

  // A delivery is logged once its answer is read: wait for the last ones.
  let deliveries: WebhookDelivery[] = [];
  for (let tries = 0; tries < 40; tries += 1) {
    deliveries = (await deliveriesOf(fake)).filter((delivery) => delivery.eventType === 'payment_intent.succeeded');
    if (deliveries.length >= INVOICES) break;
    await sleep(250);
  }
  const refused = deliveries.filter((delivery) => delivery.status !== 200).length;
  const outcomes = new Map<string, number>();
  for (const delivery of deliveries) {
    const outcome = delivery.status === null ? `failed: ${delivery.error ?? 'no answer'}` : String(delivery.status);
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  }
  if (refused > 0) problem('webhook-to-paid', new Error(`deliveries answered ${JSON.stringify(Object.fromEntries(outcomes))}`));
  const rows = await raw.tx((query) =>
    query(`select provider_event_id, extract(epoch from received_at) * 1000, extract(epoch from processed_at) * 1000 from provider_events where type = 'payment_intent.succeeded' and status = 'processed'`, []),
  );
  const processed = new Map(rows.map((row) => [String(row[0]), { receivedAt: Number(row[1]), processedAt: Number(row[2]) }]));
  const fromDelivery: number[] = [];
  const fromReceipt: number[] = [];
  for (const delivery of deliveries) {
    const row = processed.get(delivery.eventId);
    if (!row) continue;
    fromDelivery.push(row.processedAt - delivery.deliveredAt.getTime());
    fromReceipt.push(row.processedAt - row.receivedAt);
  }

  await fake.stop();
  await server.close();
  await jobs.stop();
  await app.apiLog.flush();
  await raw.close();
  await database.close();
  await opened.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { kind: kind.name, businesses, load, confirmedPerSecond, deliveries: deliveries.length, refused, paid, fromDelivery: latencyOf(fromDelivery), fromReceipt: latencyOf(fromReceipt) };
}

async function main(): Promise<void> {
  const results: Figures[] = [];
  const serverUrl = postgresServerUrl();
  for (const businesses of BUSINESS_COUNTS) {
    if (serverUrl) results.push(await measureKind(postgresKind(serverUrl), businesses));
    else if (kindWanted('postgres')) console.log('  (no PostgreSQL reachable)');
    if (kindWanted('pglite')) results.push(await measureKind(pgliteKind, businesses));
  }
  printFigures(results);
}

function printFigures(results: Figures[]): void {
  console.log(`\n== Webhook to paid (${INVOICES} open invoices, their card intents confirmed at ${RATE_PER_SECOND}/s; the fake Stripe delivers each payment_intent.succeeded, signed, over loopback; booked in the inbox's transaction)`);
  console.log('| kind | businesses | load avg (1 5 15 min) | confirmed/s | deliveries | non-200 | invoices paid | delivery→paid p50 ms | p99 ms | max ms | received→paid p50 ms | p99 ms |');
  console.log('|------|-----------:|-----------------------|------------:|-----------:|--------:|--------------:|---------------------:|-------:|-------:|---------------------:|-------:|');
  for (const r of results) {
    console.log(
      `| ${r.kind} | ${r.businesses} | ${r.load} | ${r.confirmedPerSecond.toFixed(0)} | ${r.deliveries} | ${r.refused} | ${r.paid} | ${r.fromDelivery.p50.toFixed(0)} | ${r.fromDelivery.p99.toFixed(0)} | ${r.fromDelivery.max.toFixed(0)} | ${r.fromReceipt.p50.toFixed(0)} | ${r.fromReceipt.p99.toFixed(0)} |`,
    );
  }
  if (problems.length > 0) {
    console.log(`\n${problems.length} problem(s):\n${problems.join('\n')}`);
    process.exitCode = 1;
  }
}

// The same file runs the fake Stripe in its worker thread.
if (isMainThread) await main();
else {
  const options: unknown = workerData;
  if (typeof options !== 'object' || options === null || !('port' in options) || !('webhookUrl' in options) || typeof options.port !== 'number' || typeof options.webhookUrl !== 'string') throw new Error('The fake thread needs a port and a webhook URL');
  await runFake({ port: options.port, webhookUrl: options.webhookUrl });
}
