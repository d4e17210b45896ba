import { type CappedListMeta, type InvoiceListItem, type InvoiceListQuery, cappedCountLimit, cappedListMeta, exactListMeta, invoiceListQuerySchema } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type BusinessScope, type KeysetCursor, containsPattern, pageOffset } from '../../platform/business-scope';
import type { DocumentCore } from '../documents/document-core';
import { loadDocumentBusiness } from '../documents/document-business';
import { invoiceLoanStatuses } from '../financing/financing.port';
import { editLocked, toInvoiceListItem } from './invoice-resource';
import * as listRepo from './invoice-list.repository';
import type { InvoiceRow } from './invoices.repository';

type Core = DocumentCore<InvoiceRow>;
type ListQuery = ReturnType<typeof invoiceListQuerySchema.parse>;

/** One page of the business's outgoing or incoming invoices, with the direction's count. */
export async function listInvoicePage(app: AppContext, core: Core, scope: BusinessScope, input: InvoiceListQuery) {
  const query = invoiceListQuerySchema.parse(input);
  return inTenant(app.db, scope.tenantId, async (tx) => {
    const { filters, searched, data } = await readPage(app, core, tx, scope, query, { offset: pageOffset(query.page, query.limit) });
    const directionTotal = await listRepo.countByDirection(tx, scope, query.type);
    const meta = await listPageMeta(tx, scope, { filters, searched }, query.page, query.limit, directionTotal);
    return { data, meta: { ...meta, invoice_total_count: directionTotal } };
  });
}

/** A page of a reader of the whole list (an export): the rows, how many there are (asked on the first page only, null past it or when only a lower bound is known), and where the next page starts. */
export type InvoiceKeysetPage = { data: InvoiceListItem[]; total: number | null; next: KeysetCursor | null };

/**
 * The list as `listInvoicePage` pages it, read from `after` on (null: from the start), `query.limit`
 * rows at a time: each page starts where the last one ended through the list index, so reading the
 * 2,000th page costs what the first does (an offset reads and drops every row before its page).
 * Ordered by due date, which can be null, it pages by offset.
 */
export async function listInvoicesAfter(app: AppContext, core: Core, scope: BusinessScope, input: InvoiceListQuery, after: KeysetCursor | null, pageNumber: number): Promise<InvoiceKeysetPage> {
  const query = invoiceListQuerySchema.parse(input);
  const byOffset = (query.orderByField ?? 'invoice_date') === 'due_date';
  return inTenant(app.db, scope.tenantId, async (tx) => {
    const { filters, searched, data, rows } = await readPage(app, core, tx, scope, query, byOffset ? { offset: pageOffset(pageNumber, query.limit) } : { after });
    const last = rows.at(-1);
    const next = rows.length < query.limit || !last ? null : { key: last.sortKey, id: last.invoice.id };
    if (pageNumber > 1) return { data, total: null, next };
    const meta = await listPageMeta(tx, scope, { filters, searched }, 1, query.limit, await listRepo.countByDirection(tx, scope, query.type));
    return { data, total: meta.total_is_lower_bound ? null : meta.total, next };
  });
}

async function readPage(app: AppContext, core: Core, tx: Tx, scope: BusinessScope, query: ListQuery, start: listRepo.InvoicePageStart) {
  const own = await loadDocumentBusiness(tx, scope.tenantId, scope.businessId);
  const search = containsPattern(query.search);
  const filters: listRepo.InvoiceListFilters = {
    direction: query.type,
    tab: query.tab_status === 'draft' && query.type === 'incoming' ? 'all' : query.tab_status,
    status: query.status,
    paidStatus: query.paid_status,
    customerIds: query.customer_id ? [query.customer_id] : search && query.type === 'outgoing' ? await core.customerIdsMatching(tx, scope, search) : undefined,
    numberPattern: containsPattern(query.invoice_number),
    fromDate: query.from_date,
    toDate: query.to_date,
    today: core.today(own.settings),
  };
  const order: listRepo.InvoiceOrder = { field: query.orderByField ?? 'invoice_date', direction: query.orderBy ?? 'desc' };
  const rows = await listRepo.listInvoices(tx, scope, filters, order, start, query.limit);
  // A free-text pattern: the customers a search names (outgoing lists only) or a part of the number.
  const searched = (filters.customerIds !== undefined && !query.customer_id) || filters.numberPattern !== undefined;
  const businessOf = core.businessCache(tx, scope.tenantId, [[scope.businessId, own]]);
  // "Today" in each issuer's time zone, worked out once per issuer rather than once per row.
  const todayOf = new Map<string, string>([[scope.businessId, filters.today]]);
  const loanStatuses = await invoiceLoanStatuses(tx, scope.tenantId, rows.map((row) => row.invoice.id), app.clock.now());
  const data: InvoiceListItem[] = [];
  for (const row of rows) {
    const owner = await businessOf(row.invoice.businessId);
    const today = todayOf.get(row.invoice.businessId) ?? core.today(owner.settings);
    todayOf.set(row.invoice.businessId, today);
    data.push(
      toInvoiceListItem(row.invoice, {
        direction: query.type,
        today,
        businessName: row.businessName,
        customer: row.customer ?? undefined,
        editLocked: editLocked(row.invoice, owner.settings.retrospective_edits),
        loanStatus: loanStatuses.get(row.invoice.id) ?? null,
      }),
    );
  }
  return { filters, searched, data, rows };
}

/**
 * The page's meta: exact for the whole direction and for status filters (stored totals), and for
 * the other structured filters; a free-text pattern (a customer search, an invoice number) counts
 * its matches only up to the cap, past which the total is a lower bound.
 */
async function listPageMeta(
  tx: Tx,
  scope: BusinessScope,
  { filters, searched }: { filters: listRepo.InvoiceListFilters; searched: boolean },
  page: number,
  perPage: number,
  directionTotal: number,
): Promise<CappedListMeta> {
  if (listRepo.filtersOnlyDirection(filters)) return exactListMeta(page, perPage, directionTotal);
  if (!searched) return exactListMeta(page, perPage, await listRepo.countInvoices(tx, scope, filters));
  return cappedListMeta(page, perPage, await listRepo.countInvoicesUpTo(tx, scope, filters, cappedCountLimit(page, perPage)));
}
