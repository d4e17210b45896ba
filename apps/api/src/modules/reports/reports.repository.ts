import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ReportBasis, ReportKind } from '@app/contracts';
import type { Tx } from '../../db/client';
import type { BusinessScope } from '../../platform/business-scope';

/**
 * Every report is one aggregate query (docs/reports.md has the definitions). It answers sums per
 * group and per document currency, as decimal text summed exactly in the database: `amount` in the
 * currency's minor units and `at_rate` the sum of each part × the rate stored on its invoice (null
 * for invoices stored without one), which the service converts like the dashboard does.
 */
export type ReportPeriod = { from: string; to: string };
export type ReportWindow = ReportPeriod & { timeZone: string; basis: ReportBasis };

const sumRowSchema = z.object({
  side: z.enum(['sale', 'purchase']),
  kind: z.enum(['line', 'tax', 'fee']),
  group_id: z.string().nullable(),
  label: z.string().nullable(),
  percent: z.string().nullable(),
  product: z.enum(['factoring', 'bnpl']).nullable(),
  currency_id: z.coerce.number(),
  amount: z.string(),
  at_rate: z.string().nullable(),
});
export type ReportSum = z.infer<typeof sumRowSchema>;

/** Finalized invoices: a draft is no sale yet and a void one never was. */
const FINALIZED = sql`i.status not in ('draft', 'void')`;

/** The business's invoices and the invoices addressed to it, in the period by invoice date; each side on its own index. */
function invoicesInPeriod(scope: BusinessScope, period: ReportPeriod): SQL {
  return sql`
    select 'sale' as side, i.* from invoices i
    where i.tenant_id = ${scope.tenantId} and i.business_id = ${scope.businessId} and i.invoice_date between ${period.from} and ${period.to} and ${FINALIZED}
    union all
    select 'purchase' as side, i.* from invoices i
    where i.tenant_id = ${scope.tenantId} and i.customer_business_id = ${scope.businessId} and i.status <> 'draft' and i.invoice_date between ${period.from} and ${period.to} and ${FINALIZED}`;
}

/**
 * Cash moved per invoice in the period: payments received (and kept: a refunded payment counts on
 * its date and its refund takes it back on the refund's date in the business's time zone) and
 * payments made on the invoices addressed to the business.
 */
function cashPerInvoice(scope: BusinessScope, window: ReportWindow): SQL {
  const dayAfter = sql`((${window.to}::date + 1)::timestamp at time zone ${window.timeZone})`;
  const dayStart = sql`(${window.from}::date::timestamp at time zone ${window.timeZone})`;
  return sql`
    select invoice_id, side, sum(amount) as cash from (
      select p.invoice_id, case p.direction when 'received' then 'sale' else 'purchase' end as side, p.amount
      from payments p
      -- Both directions named, so the list index (tenant, business, direction, payment_date) serves the range.
      where p.tenant_id = ${scope.tenantId} and p.business_id = ${scope.businessId} and p.direction in ('received', 'made') and p.invoice_id is not null
        and p.payment_date between ${window.from} and ${window.to}
        and (p.status = 'completed' or (p.direction = 'received' and p.status = 'refunded'))
      union all
      select p.invoice_id, 'sale', -r.amount
      from payment_refunds r
      join payments p on p.tenant_id = r.tenant_id and p.id = r.payment_id
      where r.tenant_id = ${scope.tenantId} and r.business_id = ${scope.businessId} and r.status = 'succeeded' and p.invoice_id is not null
        and r.booked_at >= ${dayStart} and r.booked_at < ${dayAfter}
    ) moves
    group by invoice_id, side`;
}

/**
 * The cash of each invoice spread over its parts pro rata to the part's share of the invoice total
 * (largest remainder, ties to the earlier line, so an invoice's shares add up to its cash exactly).
 */
function allocatedCash(scope: BusinessScope, window: ReportWindow): SQL {
  return sql`
    with moved as (${cashPerInvoice(scope, window)}),
    -- The parts of an invoice add up to its total: each line after its share of the document
    -- discount, and each document-level tax line (per-item taxes are summed there too).
    parts as (
      select m.side, m.cash, i.total, i.currency_id, i.exchange_rate, i.customer_id, p.*
      from moved m
      join invoices i on i.tenant_id = ${scope.tenantId} and i.id = m.invoice_id and i.total > 0
      cross join lateral (
        select li.invoice_id, 'line' as kind, li.total - li.document_discount_share as part, li.item_id, li.name as label, null::numeric as percent, 0 as sort, li.position, li.id
        from invoice_items li where li.tenant_id = ${scope.tenantId} and li.invoice_id = m.invoice_id
        union all
        select t.invoice_id, 'tax', t.amount, null, t.name, t.percent, 1, 0, t.id
        from invoice_taxes t where t.tenant_id = ${scope.tenantId} and t.invoice_id = m.invoice_id and t.invoice_item_id is null
      ) p
    ),
    floored as (
      select parts.*, div(abs(cash)::numeric * part, total) as base, mod(abs(cash)::numeric * part, total) as remainder from parts
    ),
    ranked as (
      select floored.*,
        abs(cash) - sum(base) over (partition by invoice_id, side) as leftover,
        row_number() over (partition by invoice_id, side order by remainder desc, sort, position, id) as rank
      from floored
    )
    select side, kind, currency_id, exchange_rate, customer_id, item_id, label, percent,
      sign(cash) * (base + case when rank <= leftover then 1 else 0 end) as share
    from ranked`;
}

/**
 * Accrual parts: whole invoices need no spreading, so each report reads only the rows it groups.
 * Lines and tax lines are looked up per invoice by the tenant's own index, not hash-joined.
 */
function accrualParts(scope: BusinessScope, period: ReportPeriod, report: ReportKind): SQL {
  const inPeriod = invoicesInPeriod(scope, period);
  if (report === 'profit_and_loss' || report === 'sales_by_customer') {
    return sql`
      select i.side, v.kind, i.currency_id, i.exchange_rate, i.customer_id, null::uuid as item_id, null::text as label, null::numeric as percent, v.share
      from (${inPeriod}) i cross join lateral (values ('line', i.total - i.tax), ('tax', i.tax)) as v(kind, share)`;
  }
  if (report === 'sales_by_item') {
    return sql`
      select i.side, 'line' as kind, i.currency_id, i.exchange_rate, i.customer_id, li.item_id, li.name as label, null::numeric as percent, li.total - li.document_discount_share as share
      from (${inPeriod}) i
      cross join lateral (select * from invoice_items li where li.tenant_id = ${scope.tenantId} and li.invoice_id = i.id) li`;
  }
  return sql`
    select i.side, 'tax' as kind, i.currency_id, i.exchange_rate, i.customer_id, null::uuid as item_id, t.name as label, t.percent, t.amount as share
    from (${inPeriod}) i
    cross join lateral (select * from invoice_taxes t where t.tenant_id = ${scope.tenantId} and t.invoice_id = i.id and t.invoice_item_id is null) t`;
}

/** What each report groups by, over the parts. */
function grouping(scope: BusinessScope, report: ReportKind): { select: SQL; where: SQL; groupBy: SQL } {
  switch (report) {
    case 'profit_and_loss':
      return { select: sql`null::text as group_id, null::text as label, null::text as percent`, where: sql`true`, groupBy: sql`side, kind` };
    case 'sales_by_customer':
      return {
        select: sql`customer_id::text as group_id, (select c.name from counterparties c where c.tenant_id = ${scope.tenantId} and c.id = customer_id) as label, null::text as percent`,
        where: sql`side = 'sale'`,
        groupBy: sql`side, kind, customer_id`,
      };
    case 'sales_by_item':
      return { select: sql`item_id::text as group_id, coalesce((select it.name from items it where it.tenant_id = ${scope.tenantId} and it.id = item_id), min(label)) as label, null::text as percent`, where: sql`side = 'sale' and kind = 'line'`, groupBy: sql`side, kind, item_id, case when item_id is null then label end` };
    case 'taxes':
      return { select: sql`null::text as group_id, label, percent::text as percent`, where: sql`kind = 'tax'`, groupBy: sql`side, kind, label, percent` };
  }
}

const resultSchema = z.object({ rows: z.array(sumRowSchema) });

/** The report's sums per group and document currency, with the financing fees for profit and loss. */
export async function reportSums(tx: Tx, scope: BusinessScope, report: ReportKind, window: ReportWindow): Promise<ReportSum[]> {
  const parts = window.basis === 'accrual' ? accrualParts(scope, window, report) : allocatedCash(scope, window);
  const group = grouping(scope, report);
  const query = sql`
    select side, kind, ${group.select}, null::text as product, currency_id,
      sum(share)::text as amount, (sum(share * exchange_rate) filter (where exchange_rate is not null))::text as at_rate
    from (${parts}) parts
    where ${group.where}
    group by ${group.groupBy}, currency_id, exchange_rate is not null`;
  const sums = resultSchema.parse(await tx.execute(query)).rows;
  return report === 'profit_and_loss' ? [...sums, ...(await financingFees(tx, scope, window))] : sums;
}

/**
 * What the business pays its lenders: the fee of each loan it borrowed, on the day the loan was
 * funded (accrual) or repaid (cash) in its time zone. A factoring loan is on the business's own
 * invoice (its stored rate); a BNPL loan is on its vendor's invoice (the business's current rate).
 */
async function financingFees(tx: Tx, scope: BusinessScope, window: ReportWindow): Promise<ReportSum[]> {
  const day = window.basis === 'accrual' ? sql`l.funded_at` : sql`l.repaid_at`;
  const query = sql`
    select 'purchase' as side, 'fee' as kind, null::text as group_id, null::text as label, null::text as percent, l.product, i.currency_id,
      sum(l.fee)::text as amount, (sum(l.fee * i.exchange_rate) filter (where i.exchange_rate is not null and l.product = 'factoring'))::text as at_rate
    from loans l
    join invoices i on i.tenant_id = l.tenant_id and i.id = l.invoice_id
    where l.tenant_id = ${scope.tenantId} and l.business_id = ${scope.businessId} and l.status in ('funded', 'late', 'repaid', 'defaulted')
      and (${day} at time zone ${window.timeZone})::date between ${window.from} and ${window.to}
    group by l.product, i.currency_id, i.exchange_rate is not null and l.product = 'factoring'`;
  return resultSchema.parse(await tx.execute(query)).rows;
}
