import { type CappedListMeta, type InvoiceListQuery, cappedCountLimit, cappedListMeta, exactListMeta, invoiceListQuerySchema } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type BusinessScope, containsPattern, pageOffset } from '../../platform/business-scope';
import type { DocumentCore } from '../documents/document-core';
import { loadDocumentBusiness } from '../documents/document-business';
import { invoiceLoanStatuses } from '../financing/financing.port';
import { editLocked, toInvoiceListItem } from './invoice-resource';
import * as repo from './invoices.repository';

/** One page of the business's outgoing or incoming invoices, with the direction's count. */
export async function listInvoicePage(app: AppContext, core: DocumentCore<repo.InvoiceRow>, scope: BusinessScope, input: InvoiceListQuery) {
  const query = invoiceListQuerySchema.parse(input);
  return inTenant(app.db, scope.tenantId, async (tx) => {
    const own = await loadDocumentBusiness(tx, scope.tenantId, scope.businessId);
    const search = containsPattern(query.search);
    const filters: repo.InvoiceListFilters = {
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
    const order: repo.InvoiceOrder = { field: query.orderByField ?? 'invoice_date', direction: query.orderBy ?? 'desc' };
    const rows = await repo.listInvoices(tx, scope, filters, order, pageOffset(query.page, query.limit), query.limit);
    const directionTotal = await repo.countByDirection(tx, scope, query.type);
    // A free-text pattern: the customers a search names (outgoing lists only) or a part of the number.
    const searched = (filters.customerIds !== undefined && !query.customer_id) || filters.numberPattern !== undefined;
    const meta = await listPageMeta(tx, scope, { filters, searched }, query.page, query.limit, directionTotal);
    const businessOf = core.businessCache(tx, scope.tenantId, [[scope.businessId, own]]);
    // "Today" in each issuer's time zone, worked out once per issuer rather than once per row.
    const todayOf = new Map<string, string>([[scope.businessId, filters.today]]);
    const loanStatuses = await invoiceLoanStatuses(tx, scope.tenantId, rows.map((row) => row.invoice.id), app.clock.now());
    const data = [];
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
    return { data, meta: { ...meta, invoice_total_count: directionTotal } };
  });
}

/**
 * The page's meta: exact for the whole direction and for status filters (stored totals), and for
 * the other structured filters; a free-text pattern (a customer search, an invoice number) counts
 * its matches only up to the cap, past which the total is a lower bound.
 */
async function listPageMeta(
  tx: Tx,
  scope: BusinessScope,
  { filters, searched }: { filters: repo.InvoiceListFilters; searched: boolean },
  page: number,
  perPage: number,
  directionTotal: number,
): Promise<CappedListMeta> {
  if (repo.filtersOnlyDirection(filters)) return exactListMeta(page, perPage, directionTotal);
  if (!searched) return exactListMeta(page, perPage, await repo.countInvoices(tx, scope, filters));
  return cappedListMeta(page, perPage, await repo.countInvoicesUpTo(tx, scope, filters, cappedCountLimit(page, perPage)));
}
