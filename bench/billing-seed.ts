/**
 * Bulk data for the billing benchmark, in SQL as the database owner: payments received against a
 * seeded invoice history (bench/documents-seed.ts), and copies of recurring invoices made through
 * the API, so every column of a copy is one the app wrote.
 */
import type { Database } from '../apps/api/src/db/client';
import type { RawDb } from './bench-kit';

export const PAYMENT_COUNT = 50_000;

/**
 * One completed payment per invoice that has money paid on it, of exactly its amount_paid; the
 * first invoices' payments come in two parts until there are $4 payments. Each is dated up to
 * four weeks after its invoice, never after today, and numbered in date order.
 * $1 tenant, $2 business, $3 user, $4 payment count.
 */
const INSERT_PAYMENTS = `
WITH paid AS (
  SELECT i.*, row_number() OVER (ORDER BY i.sequence_number) AS r, count(*) OVER () AS n
  FROM invoices i WHERE i.tenant_id = $1::uuid AND i.business_id = $2::uuid AND i.amount_paid > 0
), parts AS (
  SELECT paid.*, part, r <= $4::int - n AS split,
    LEAST(paid.invoice_date + ((paid.sequence_number * 7 + part * 5) % 28), current_date) AS payment_date
  FROM paid CROSS JOIN generate_series(1, 2) AS part
  WHERE part = 1 OR r <= $4::int - n
), numbered AS (
  SELECT parts.*, row_number() OVER (ORDER BY payment_date, sequence_number, part) AS k FROM parts
)
INSERT INTO payments (tenant_id, id, business_id, direction, counterparty_id, counterparty_business_id, invoice_id,
  payment_number, sequence_number, payment_date, amount, currency_id, status, created_by_user_id, created_at, updated_at)
SELECT tenant_id, (substr(replace(id::text, '-', ''), 1, 16) || '8' || substr(md5(id::text || ':payment:' || part), 1, 15))::uuid,
  business_id, 'received', customer_id, customer_business_id, id,
  'PAY-' || lpad(k::text, 6, '0'), k, payment_date,
  CASE WHEN NOT split THEN amount_paid WHEN part = 1 THEN amount_paid / 2 ELSE amount_paid - amount_paid / 2 END,
  currency_id, 'completed', $3::uuid, payment_date + interval '9 hours', payment_date + interval '9 hours'
FROM numbered ORDER BY k`;

/** $1 tenant, $2 business. */
const SET_PAYMENT_SEQUENCE = `
INSERT INTO number_sequences (tenant_id, business_id, model, scope_key, last_value)
SELECT $1::uuid, $2::uuid, 'payment', 'all', count(*) FROM payments WHERE tenant_id = $1::uuid AND business_id = $2::uuid
ON CONFLICT (tenant_id, business_id, model, scope_key) DO UPDATE SET last_value = excluded.last_value`;

export type SeedIds = { tenantId: string; businessId: string; userId: string };

export async function seedPayments(database: Database, raw: RawDb, ids: SeedIds): Promise<number> {
  const started = performance.now();
  await raw.tx(async (query) => {
    // As for the invoices: foreign-key triggers off for the load, checkPayments stands in for them.
    await query('SET LOCAL session_replication_role = replica', []);
    await query(INSERT_PAYMENTS, [ids.tenantId, ids.businessId, ids.userId, PAYMENT_COUNT]);
    await query(SET_PAYMENT_SEQUENCE, [ids.tenantId, ids.businessId]);
  });
  await database.executor.executeSql('VACUUM (ANALYZE) payments');
  const ms = performance.now() - started;
  console.log(`  seed: ${PAYMENT_COUNT} payments (SQL) and VACUUM (ANALYZE) in ${(ms / 1000).toFixed(1)} s`);
  return ms;
}

/** Payments add up to each invoice's amount_paid and belong to its customer. */
export async function checkPayments(database: Database, ids: Pick<SeedIds, 'tenantId' | 'businessId'>): Promise<string[]> {
  const { rows } = await database.executor.executeSql(
    `SELECT
      (SELECT count(*)::int FROM payments WHERE tenant_id = $1::uuid AND business_id = $2::uuid) AS payments,
      (SELECT count(*)::int FROM invoices WHERE tenant_id = $1::uuid AND business_id = $2::uuid AND amount_paid > 0) AS paid_invoices,
      (SELECT count(*)::int FROM invoices i WHERE i.tenant_id = $1::uuid AND i.business_id = $2::uuid AND i.amount_paid <>
        (SELECT coalesce(sum(p.amount), 0) FROM payments p WHERE p.tenant_id = i.tenant_id AND p.invoice_id = i.id)) AS wrong_paid,
      (SELECT count(*)::int FROM payments p WHERE p.tenant_id = $1::uuid AND p.business_id = $2::uuid AND NOT EXISTS (SELECT 1 FROM invoices i
        WHERE i.tenant_id = p.tenant_id AND i.id = p.invoice_id AND i.customer_id = p.counterparty_id AND i.customer_business_id = p.counterparty_business_id)) AS orphans`,
    [ids.tenantId, ids.businessId],
  );
  const row = rows[0] as { payments: number; paid_invoices: number; wrong_paid: number; orphans: number } | undefined;
  if (!row) return ['payment check returned no row'];
  const issues: string[] = [];
  // One payment per paid invoice, the first ones split in two until PAYMENT_COUNT is reached (more invoices than that: one each).
  const expected = Math.max(PAYMENT_COUNT, row.paid_invoices);
  if (row.payments !== expected) issues.push(`${row.payments} payments, expected ${expected}`);
  if (row.wrong_paid > 0) issues.push(`${row.wrong_paid} invoices whose amount_paid is not the sum of their payments`);
  if (row.orphans > 0) issues.push(`${row.orphans} payments whose invoice or customer does not match`);
  return issues;
}

async function columnsOf(database: Database, table: string): Promise<string[]> {
  const { rows } = await database.executor.executeSql("SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position", [table]);
  return (rows as { column_name: string }[]).map((row) => row.column_name);
}

/** A copy's id: the same uuid shape, a stable function of the original id and the copy number. */
const copiedId = (column: string) => `CASE WHEN ${column} IS NULL THEN NULL ELSE md5(${column}::text || ':copy:' || copy)::uuid END`;
/** A copy's number, unique in the business like the original's: 'RI-000001' → 'RI-000001-7'. */
const copiedNumber = (column: string) => `${column} || '-' || copy`;

/** The columns a copy does not take as they are, each with the SQL expression of its copied value. */
type RenamedColumns = Readonly<Record<string, (column: string) => string>>;
const ids = (...columns: string[]): RenamedColumns => Object.fromEntries(columns.map((column) => [column, copiedId]));

/**
 * `INSERT INTO table SELECT …` of `copies` copies of the rows the condition picks, every column
 * as it is except those in `renamed`, which become the copy's own.
 */
async function copyStatement(database: Database, table: string, renamed: RenamedColumns, condition: string): Promise<string> {
  const columns = await columnsOf(database, table);
  if (columns.length === 0) throw new Error(`No columns found for ${table}`);
  const values = columns.map((column) => renamed[column]?.(`t.${column}`) ?? `t.${column}`);
  return `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${values.join(', ')} FROM ${table} t CROSS JOIN generate_series(1, $2::int) AS copy WHERE ${condition}`;
}

/**
 * `copies` copies of each of the given recurring invoices (with their lines and tax lines), in one
 * transaction. $1 is the originals' ids.
 */
export async function copyRecurringInvoices(database: Database, raw: RawDb, originalIds: readonly string[], copies: number): Promise<void> {
  const statements = [
    await copyStatement(database, 'recurring_invoices', { ...ids('id'), number: copiedNumber }, 't.id = ANY($1::uuid[])'),
    await copyStatement(database, 'recurring_invoice_items', ids('id', 'recurring_invoice_id'), 't.recurring_invoice_id = ANY($1::uuid[])'),
    await copyStatement(database, 'recurring_invoice_taxes', ids('id', 'recurring_invoice_id', 'recurring_invoice_item_id'), 't.recurring_invoice_id = ANY($1::uuid[])'),
  ];
  await raw.tx(async (query) => {
    for (const statement of statements) await query(statement, [[...originalIds], copies]);
  });
  for (const table of ['recurring_invoices', 'recurring_invoice_items', 'recurring_invoice_taxes']) await database.executor.executeSql(`VACUUM (ANALYZE) ${table}`);
}
