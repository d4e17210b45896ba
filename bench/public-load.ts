/**
 * Time to a working Pay button on the public invoice page: the built web app (apps/web/dist, or
 * each build named in PUBLIC_LOAD_DISTS="label=dir,label=dir" to compare builds) served by the API's
 * own web-app module, opened in Chromium with an empty cache, the page's API answers given by the
 * benchmark (an open invoice of $110.00 whose business takes card payments; nothing leaves
 * 127.0.0.1, Stripe.js included, which the page loads only once the payer clicks Pay). The time is
 * from navigation start until the Pay button is in the page and enabled, the median of RUNS cold
 * loads, on localhost as it is and over an emulated 10 Mbps / 40 ms link; the bytes are everything
 * the browser received by then, headers included.
 * Usage: npm run build -w @app/web && npm run bench -- public-entry
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { chromium, type Browser, type Page } from '@playwright/test';
import { type CardPaymentOptions, type PublicDocument, type TenantPublicConfig, cardPaymentOptionsResponseSchema, publicDocumentSchema } from '@app/contracts';
import { installWebApp } from '../apps/api/src/platform/web-app';
import { ROOT } from './bench-kit';

const RUNS = 7;
const TOKEN = 'bench-public-invoice-token-0001';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LINKS = [
  { name: 'localhost', link: null },
  { name: '10 Mbps / 40 ms', link: { latencyMs: 40, bitsPerSecond: 10_000_000 } },
] as const;

type Link = (typeof LINKS)[number]['link'];
type Load = { ms: number; bytes: number; requests: number };

const tenant: TenantPublicConfig = {
  tenant: { name: 'Acme Invoicing', page_title: 'Acme Invoicing', heading: 'Welcome back', description: 'Invoices and payments.', theme_color: '#5851d8', font: null, copyright_text: null, login_logo: null, dashboard_logo: null, is_landlord: true },
  switches: { allow_business_signup: true, force_customer_signup: false, user_management: true, partial_payments: true, estimate_payments: false, standalone: false },
};

/** An open invoice: one $100.00 line with 10% tax, nothing paid yet. Parsed with the contract, so it stays what the server sends. */
const invoicePage: PublicDocument = publicDocumentSchema.parse({
  model: 'invoice',
  business: { name: 'Acme Ltd', logo_url: null },
  invoice: {
    id: 'inv-1', direction: 'outgoing', business: { id: 'biz-1', name: 'Acme Ltd' }, customer_id: 'cust-1',
    customer: { id: 'cust-1', name: 'Globex Corporation', email: 'billing@globex.example', business_id: 'biz-2', billing_address: null, shipping_address: null },
    customer_business_id: 'biz-2', sequence_number: 1, customer_sequence_number: null, currency_id: 1, exchange_rate: null, template_name: 'invoice1',
    notes: 'Thank you for your business.', tax_per_item_enabled: false, discount_per_item_enabled: false, discount_type: 'fixed', discount: '0', discount_val: 0,
    sub_total: 10000, tax: 1000, total: 11000,
    taxes: [{ id: 'tax-line-1', tax_type_id: 'tt-1', name: 'VAT', percent: '10', compound_tax: false, taxable: 10000, amount: 1000 }],
    items: [{ id: 'line-1', item_id: null, name: 'Consulting', description: 'March', unit_name: 'hour', quantity: '2', price: 5000, discount_type: 'fixed', discount: '0', discount_val: 0, total: 10000, document_discount_share: 0, tax: 0, taxes: [] }],
    sent_at: null, viewed_at: null, approved_at: null, rejected_at: null, created_at: '2026-03-01T10:00:00Z', updated_at: '2026-03-01T10:00:00Z',
    invoice_number: 'INV-000001', invoice_date: '2026-03-01', due_date: '2026-03-31', status: 'sent', display_status: 'sent', paid_status: 'unpaid',
    amount_paid: 0, due_amount: 11000, payment_processing: null, source: 'app', estimate_id: null,
  },
  estimate: null,
  can_approve: false,
  can_reject: false,
  converted_to_invoice: null,
  payments: [],
  pdf_url: `/api/v1/public/invoices/${TOKEN}/pdf`,
});
const cardOptions: { data: CardPaymentOptions } = cardPaymentOptionsResponseSchema.parse({
  data: { available: true, message: null, publishable_key: 'pk_test_bench', provider_script: null, partial_payments: true, minimum_amount: 50, in_app: null, bank_link_available: false, bank_link_script: null, bank_verification: null },
});

/** The API answers the page asks for; anything else is a 404, as the API would answer it. */
function apiAnswer(pathname: string): { status: number; body: unknown } {
  if (pathname === '/api/v1/tenant-config') return { status: 200, body: tenant };
  if (pathname === `/api/v1/public/invoices/${TOKEN}`) return { status: 200, body: invoicePage };
  if (pathname === `/api/v1/public/invoices/${TOKEN}/card-payment`) return { status: 200, body: cardOptions };
  return { status: 404, body: { message: 'Not found.' } };
}

async function serve(dist: string): Promise<{ server: FastifyInstance; origin: string }> {
  const server = Fastify({ logger: false });
  // Before the web app's catch-all, as the API's routes are.
  server.get('/api/v1/*', async (request, reply) => {
    const answer = apiAnswer(new URL(request.url, 'http://localhost').pathname);
    return reply.status(answer.status).send(answer.body);
  });
  await installWebApp(server, dist);
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  return { server, origin: address };
}

/** Records, in the page, when a "Pay …" button first is in the page and enabled. */
const WATCH_PAY_BUTTON = `(() => {
  const check = () => {
    if (window.__payReady !== undefined) return;
    const button = [...document.querySelectorAll('button')].find((b) => /^Pay /.test(b.textContent ?? '') && !b.disabled);
    if (button) window.__payReady = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
})();`;

async function coldLoad(browser: Browser, url: string, link: Link): Promise<Load> {
  const context = await browser.newContext();
  try {
    await context.addInitScript({ content: WATCH_PAY_BUTTON });
    // Nothing leaves the machine (fonts, the provider's script).
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.abort());
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (link) {
      const bytesPerSecond = link.bitsPerSecond / 8;
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: link.latencyMs, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond });
    }
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (event) => {
      bytes += event.encodedDataLength;
      requests += 1;
    });
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction('window.__payReady', undefined, { timeout: 60_000 });
    const ms = Number(await handle.jsonValue());
    return { ms, bytes, requests };
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

async function measure(browser: Browser, dist: string, link: Link): Promise<Load> {
  const { server, origin } = await serve(dist);
  try {
    const url = `${origin}/public/invoices/view/${TOKEN}`;
    // One warm-up load, so the server's first reads and Chromium's start-up are not counted.
    await coldLoad(browser, url, link);
    const loads: Load[] = [];
    for (let run = 0; run < RUNS; run += 1) loads.push(await coldLoad(browser, url, link));
    return { ms: median(loads.map((load) => load.ms)), bytes: median(loads.map((load) => load.bytes)), requests: median(loads.map((load) => load.requests)) };
  } finally {
    await server.close();
  }
}

function builds(): { label: string; dist: string }[] {
  const named = process.env.PUBLIC_LOAD_DISTS;
  if (!named) return [{ label: 'apps/web/dist', dist: path.join(ROOT, 'apps/web/dist') }];
  return named.split(',').map((pair) => {
    const [label = '', dist = ''] = pair.split('=');
    return { label, dist: path.resolve(dist) };
  });
}

async function main(): Promise<void> {
  const chosen = builds();
  const missing = chosen.filter((build) => !fs.existsSync(path.join(build.dist, 'index.html')));
  if (missing.length > 0) {
    console.log(`No build found at ${missing.map((build) => build.dist).join(', ')}. Run \`npm run build -w @app/web\` first.`);
    return;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    console.log(`\npublic invoice page, navigation start to an enabled Pay button, cold cache, median of ${RUNS}`);
    console.log(`${'build'.padEnd(16)}  ${'link'.padEnd(16)}  ${'ms'.padStart(6)}  ${'received kB'.padStart(12)}  ${'requests'.padStart(8)}`);
    for (const build of chosen) {
      for (const { name, link } of LINKS) {
        const load = await measure(browser, build.dist, link);
        console.log(`${build.label.padEnd(16)}  ${name.padEnd(16)}  ${load.ms.toFixed(0).padStart(6)}  ${(load.bytes / 1000).toFixed(1).padStart(12)}  ${String(load.requests).padStart(8)}`);
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
