/**
 * Seeds one business with a large invoice history for the documents benchmark: customers and a
 * tax type through the API (so their businesses, roles and audit rows are the app's own), then
 * invoices, their lines and tax rows in bulk SQL as the database owner.
 *
 * Amounts follow the money engine for a document-level tax: each line's total is quantity × price
 * (no discounts), sub_total is the sum of the line totals, the one tax line is sub_total × percent
 * rounded half away from zero, total = sub_total + tax, due_amount = total − amount_paid.
 */
import type { Database } from '../apps/api/src/db/client';
import { type RawDb, request } from './bench-kit';

/** BENCH_INVOICES=1000000 seeds the issue's million; the default keeps a run within minutes. */
export const INVOICE_COUNT = invoiceCountFromEnv(process.env.BENCH_INVOICES);
export const LINES_PER_INVOICE = 5;
export const CUSTOMER_COUNT = 500;
const DAYS_OF_HISTORY = 3 * 365;
const TAX_PERCENT = '20';
/** Concurrent customer creates: each makes a business, so PostgreSQL gets them done sooner in parallel. */
const CUSTOMER_CREATE_CONCURRENCY = 8;

const FIRST_WORDS = ['Amber', 'Birch', 'Cobalt', 'Delta', 'Ember', 'Falcon', 'Granite', 'Harbor', 'Indigo', 'Juniper', 'Kestrel', 'Lumen', 'Maple', 'Nimbus', 'Onyx', 'Pioneer', 'Quartz', 'Ridge', 'Summit', 'Tidal', 'Umber', 'Vertex', 'Willow', 'Xenon', 'Zephyr'];
const SECOND_WORDS = ['Bakery', 'Logistics', 'Studio', 'Foods', 'Partners', 'Labs', 'Outfitters', 'Works', 'Trading', 'Dental', 'Media', 'Farms', 'Systems', 'Textiles', 'Brewing', 'Clinic', 'Motors', 'Press', 'Supply', 'Ventures'];

/** Customer names are unique word pairs, so part of one name finds exactly that customer. */
export const SEARCHED_CUSTOMER = 'Kestrel Brewing';
export const SEARCH_TERM = 'estrel Brew';

export type ApiClient = { port: number; headers: Record<string, string> };
export type SeedIds = { tenantId: string; businessId: string; userId: string };
export type SeedTimings = { customersMs: number; invoicesMs: number; analyzeMs: number };

function invoiceCountFromEnv(value: string | undefined): number {
  if (!value) return 100_000;
  const count = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(count) || count < 1_000) throw new Error(`BENCH_INVOICES must be a whole number of at least 1000, not ${value}`);
  return count;
}

function customerName(index: number): string {
  return `${FIRST_WORDS[index % FIRST_WORDS.length]} ${SECOND_WORDS[Math.floor(index / FIRST_WORDS.length) % SECOND_WORDS.length]}`;
}

async function post(client: ApiClient, urlPath: string, body: unknown): Promise<{ id: string }> {
  const response = await request(client.port, 'POST', urlPath, client.headers, body);
  if (response.status !== 201) throw new Error(`POST ${urlPath} answered ${response.status}: ${response.body.slice(0, 300)}`);
  return (JSON.parse(response.body) as { data: { id: string } }).data;
}

export async function createTaxType(client: ApiClient): Promise<string> {
  return (await post(client, '/api/v1/tax-types', { name: 'VAT', percent: TAX_PERCENT, compound_tax: false })).id;
}

export async function createCustomers(client: ApiClient): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < CUSTOMER_COUNT) {
      const index = next;
      next += 1;
      await post(client, '/api/v1/customers', { name: customerName(index), currency_id: 1 });
    }
  };
  await Promise.all(Array.from({ length: CUSTOMER_CREATE_CONCURRENCY }, worker));
}

/**
 * Ids shaped like the app's (UUIDv7, time-ordered): the invoice's creation time in the first 48
 * bits, then hash bits. Inserting in time order keeps the b-trees appending, as the app's do.
 */
const invoiceId = `(lpad(to_hex((extract(epoch FROM created) * 1000)::bigint), 12, '0') || '7' || substr(md5($2::text || ':' || n), 1, 3) || '8' || substr(md5($2::text || ':' || n), 4, 15))::uuid`;
/** A row belonging to an invoice: the invoice's time bits, its own hash bits. */
const childId = (key: string) => `(substr(replace(i.id::text, '-', ''), 1, 16) || '8' || substr(md5(i.id::text || ${key}), 1, 15))::uuid`;
const quantity = (n: string, position: string) => `(1 + (${n} + ${position}) % 5)`;
const price = (n: string, position: string) => `(1000 + (${n}::bigint * 7919 + ${position} * 104729) % 99000)`;

/** draft 2, open 3, sent 6, viewed 3, approved 4, void 2 in every 20 invoices. */
const STATUS_OF_N = `CASE
  WHEN (n * 37) % 20 < 2 THEN 'draft'
  WHEN (n * 37) % 20 < 5 THEN 'open'
  WHEN (n * 37) % 20 < 11 THEN 'sent'
  WHEN (n * 37) % 20 < 14 THEN 'viewed'
  WHEN (n * 37) % 20 < 18 THEN 'approved'
  ELSE 'void' END`;

/** $1 tenant, $2 business, $3 user, $4 first invoice date, $5 tax percent. Invoice n is created at 08:00 on its day plus n ms. */
const INSERT_INVOICES = `
WITH customers AS (
  SELECT id, counterparty_business_id, (row_number() OVER (ORDER BY id) - 1)::int AS k
  FROM counterparties WHERE tenant_id = $1::uuid AND business_id = $2::uuid AND kind = 'customer'
), numbered AS (
  SELECT n, day, (day + interval '8 hours' + n * interval '1 millisecond')::timestamptz AS created, status,
    (SELECT sum(${quantity('n', 'p')} * ${price('n', 'p')}) FROM generate_series(0, ${LINES_PER_INVOICE - 1}) AS p)::bigint AS sub_total
  FROM (SELECT n, $4::date + (n * ${DAYS_OF_HISTORY} / ${INVOICE_COUNT}) AS day, ${STATUS_OF_N} AS status FROM generate_series(1, ${INVOICE_COUNT}) AS n) AS days
), taxed AS (
  SELECT numbered.*, round(sub_total * $5::numeric / 100)::bigint AS tax,
    CASE WHEN status IN ('draft', 'void') THEN 'unpaid'
      WHEN (n * 13) % 10 < 4 THEN 'paid' WHEN (n * 13) % 10 < 6 THEN 'partially_paid' ELSE 'unpaid' END AS paid_status
  FROM numbered
), paid AS (
  SELECT taxed.*, sub_total + tax AS total,
    CASE paid_status WHEN 'paid' THEN sub_total + tax WHEN 'partially_paid' THEN (sub_total + tax) / 2 ELSE 0 END AS amount_paid
  FROM taxed
)
INSERT INTO invoices (tenant_id, id, business_id, customer_id, customer_business_id, sequence_number, currency_id, template_name,
  tax_per_item_enabled, discount_per_item_enabled, discount_type, discount, discount_val, sub_total, tax, total,
  sent_at, viewed_at, approved_at, created_by_user_id, created_at, updated_at,
  invoice_number, invoice_date, due_date, status, paid_status, amount_paid, due_amount, source)
SELECT $1::uuid, ${invoiceId}, $2::uuid, c.id, c.counterparty_business_id, n, 1, 'invoice1',
  false, false, 'fixed', 0, 0, sub_total, tax, total,
  CASE WHEN status IN ('sent', 'viewed', 'approved') THEN created + interval '1 hour' END,
  CASE WHEN status IN ('viewed', 'approved') THEN created + interval '1 day' END,
  CASE WHEN status = 'approved' THEN created + interval '2 days' END,
  $3::uuid, created, created,
  'INV-' || lpad(n::text, greatest(6, length(n::text)), '0'), day, day + 30, status, paid_status, amount_paid, total - amount_paid, 'app'
FROM paid JOIN customers c ON c.k = paid.n % (SELECT count(*) FROM customers)
ORDER BY n`;

/** $1 tenant, $2 business. The seeded invoice's sequence_number is its n. */
const INSERT_LINES = `
INSERT INTO invoice_items (tenant_id, id, business_id, invoice_id, position, name, description, unit_name,
  quantity, price, discount_type, discount, discount_val, total, document_discount_share, tax)
SELECT i.tenant_id, ${childId("':line:' || p")}, i.business_id, i.id, p,
  'Service ' || (p + 1), 'Work for ' || i.invoice_number, 'hours',
  ${quantity('i.sequence_number', 'p')}, ${price('i.sequence_number', 'p')}, 'fixed', 0, 0,
  ${quantity('i.sequence_number', 'p')} * ${price('i.sequence_number', 'p')}, 0, 0
FROM invoices i CROSS JOIN generate_series(0, ${LINES_PER_INVOICE - 1}) AS p
WHERE i.tenant_id = $1::uuid AND i.business_id = $2::uuid
ORDER BY i.id, p`;

/** $1 tenant, $2 business, $3 tax type, $4 tax percent. */
const INSERT_TAXES = `
INSERT INTO invoice_taxes (tenant_id, id, business_id, tax_type_id, name, percent, compound_tax, amount, invoice_id, invoice_item_id)
SELECT i.tenant_id, ${childId("':tax'")}, i.business_id, $3::uuid, 'VAT', $4::numeric, false, i.tax, i.id, NULL
FROM invoices i WHERE i.tenant_id = $1::uuid AND i.business_id = $2::uuid
ORDER BY i.id`;

/** The numbering sequence continues after the seeded numbers, as if the app had handed them out. */
const SET_SEQUENCE = `
INSERT INTO number_sequences (tenant_id, business_id, model, scope_key, last_value) VALUES ($1::uuid, $2::uuid, 'invoice', 'all', ${INVOICE_COUNT})
ON CONFLICT (tenant_id, business_id, model, scope_key) DO UPDATE SET last_value = excluded.last_value`;

function firstInvoiceDate(today: Date): string {
  const first = new Date(today.getTime() - DAYS_OF_HISTORY * 86_400_000);
  return first.toISOString().slice(0, 10);
}

/**
 * Everything as the database owner, outside row-level security. Afterwards VACUUM (ANALYZE):
 * fresh statistics, and a visibility map so counts can use index-only scans, as autovacuum
 * would give a table that grew over months.
 */
export async function seedInvoices(database: Database, raw: RawDb, client: ApiClient, ids: SeedIds): Promise<{ timings: SeedTimings; taxTypeId: string }> {
  const step = async (label: string, work: () => Promise<unknown>) => {
    const t0 = performance.now();
    await work();
    const ms = performance.now() - t0;
    console.log(`  seed: ${label} in ${(ms / 1000).toFixed(1)} s`);
    return ms;
  };
  let taxTypeId = '';
  const customersMs = await step(`a tax type and ${CUSTOMER_COUNT} customers through the API`, async () => {
    taxTypeId = await createTaxType(client);
    await createCustomers(client);
  });
  const params = { invoices: [ids.tenantId, ids.businessId, ids.userId, firstInvoiceDate(new Date()), TAX_PERCENT], lines: [ids.tenantId, ids.businessId], taxes: [ids.tenantId, ids.businessId, taxTypeId, TAX_PERCENT] };
  const invoicesMs = await step(`${INVOICE_COUNT} invoices, ${INVOICE_COUNT * LINES_PER_INVOICE} lines, ${INVOICE_COUNT} tax rows (SQL, one transaction)`, () =>
    raw.tx(async (query) => {
      // Foreign-key triggers off for the load (checkSeed verifies the rows afterwards): 1.5 million
      // queued trigger events would cost PGlite minutes.
      await query('SET LOCAL session_replication_role = replica', []);
      await query(INSERT_INVOICES, params.invoices);
      await query(INSERT_LINES, params.lines);
      await query(INSERT_TAXES, params.taxes);
      await query(SET_SEQUENCE, params.lines);
      // The load runs with triggers off, so invoices_track_totals kept nothing: the list's counts and stats, recomputed from the rows.
      await query('SELECT rebuild_invoice_totals()', []);
    }),
  );
  const analyzeMs = await step('VACUUM (ANALYZE)', async () => {
    for (const table of ['invoices', 'invoice_items', 'invoice_taxes', 'invoice_totals', 'counterparties', 'businesses', 'number_sequences']) {
      await database.executor.executeSql(`VACUUM (ANALYZE) ${table}`);
    }
  });
  return { timings: { customersMs, invoicesMs, analyzeMs }, taxTypeId };
}

/**
 * Checks the seeded amounts add up the way the money engine adds them, and stands in for the
 * foreign keys the load skipped: lines and tax rows are counted through their invoice.
 */
export async function checkSeed(database: Database, ids: Pick<SeedIds, 'tenantId' | 'businessId'>): Promise<string[]> {
  const { rows } = await database.executor.executeSql(
    `SELECT
      (SELECT count(*)::int FROM invoices WHERE tenant_id = $1::uuid AND business_id = $2::uuid) AS invoices,
      (SELECT count(*)::int FROM invoice_items WHERE tenant_id = $1::uuid AND business_id = $2::uuid) AS lines,
      (SELECT count(*)::int FROM invoice_taxes WHERE tenant_id = $1::uuid AND business_id = $2::uuid) AS taxes,
      (SELECT count(*)::int FROM invoices i WHERE i.tenant_id = $1::uuid AND i.business_id = $2::uuid AND i.sub_total IS DISTINCT FROM
        (SELECT sum(l.total) FROM invoice_items l WHERE l.tenant_id = i.tenant_id AND l.invoice_id = i.id)) AS wrong_sub_totals,
      (SELECT count(*)::int FROM invoices i WHERE i.tenant_id = $1::uuid AND i.business_id = $2::uuid AND (i.total <> i.sub_total + i.tax OR i.due_amount <> i.total - i.amount_paid
        OR i.tax IS DISTINCT FROM (SELECT sum(t.amount) FROM invoice_taxes t WHERE t.tenant_id = i.tenant_id AND t.invoice_id = i.id))) AS wrong_totals,
      (SELECT count(*)::int FROM invoices i WHERE i.tenant_id = $1::uuid AND i.business_id = $2::uuid AND NOT EXISTS (SELECT 1 FROM counterparties c
        WHERE c.tenant_id = i.tenant_id AND c.business_id = i.business_id AND c.id = i.customer_id AND c.counterparty_business_id = i.customer_business_id)) AS orphans,
      (SELECT coalesce(sum(count), 0)::int FROM invoice_totals WHERE tenant_id = $1::uuid AND business_id = $2::uuid AND direction = 'outgoing') AS counted`,
    [ids.tenantId, ids.businessId],
  );
  const row = rows[0] as { invoices: number; lines: number; taxes: number; wrong_sub_totals: number; wrong_totals: number; orphans: number; counted: number } | undefined;
  if (!row) return ['seed check returned no row'];
  const issues: string[] = [];
  if (row.invoices !== INVOICE_COUNT) issues.push(`${row.invoices} invoices, expected ${INVOICE_COUNT}`);
  if (row.lines !== INVOICE_COUNT * LINES_PER_INVOICE) issues.push(`${row.lines} lines, expected ${INVOICE_COUNT * LINES_PER_INVOICE}`);
  if (row.taxes !== INVOICE_COUNT) issues.push(`${row.taxes} tax rows, expected ${INVOICE_COUNT}`);
  if (row.wrong_sub_totals > 0) issues.push(`${row.wrong_sub_totals} invoices whose sub_total is not the sum of their lines`);
  if (row.wrong_totals > 0) issues.push(`${row.wrong_totals} invoices whose total, tax or due amount does not add up`);
  if (row.orphans > 0) issues.push(`${row.orphans} invoices whose customer is not one of the business's counterparties`);
  if (row.counted !== row.invoices) issues.push(`invoice_totals says ${row.counted} outgoing invoices, the table holds ${row.invoices}`);
  return issues;
}
