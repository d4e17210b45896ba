import type { z } from 'zod';
import {
  type ExportType,
  counterpartyListQuerySchema,
  estimateListQuerySchema,
  invoiceListQuerySchema,
  itemsQuerySchema,
  loansQuerySchema,
  paymentListQuerySchema,
  recurringInvoiceListQuerySchema,
} from '@app/contracts';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import type { BusinessScope, KeysetCursor } from '../../platform/business-scope';
import { findBusiness } from '../businesses/businesses.port';
import { type CounterpartyService, scopeOf } from '../counterparties/counterparties.service';
import type { EstimateService } from '../estimates/estimates.service';
import type { LoanReadsService } from '../financing/loan-reads.service';
import type { InvoiceService } from '../invoices/invoices.service';
import type { ItemService } from '../items/items.service';
import type { PaymentService } from '../payments/payments.service';
import type { RecurringInvoiceService } from '../recurring-invoices/recurring-invoices.service';
import { type ExportRow, counterpartyRow, estimateRow, invoiceRow, itemRow, loanRow, paymentRow, recurringRow } from './export-rows';

/** The services whose lists are exported: each read page by page through its own `list`, with the list's own filters. */
export type ExportListServices = {
  counterparties: CounterpartyService;
  items: ItemService;
  invoices: InvoiceService;
  estimates: EstimateService;
  payments: PaymentService;
  recurring: RecurringInvoiceService;
  loanReads: LoanReadsService;
};

/** One page of an export: its rows, and how many rows the whole export has (null when the list only knows a lower bound). */
export type ExportPage = { rows: readonly ExportRow[]; total: number | null };

export type ExportSource = {
  /** Checks the filters as the list's own query does (a refused filter refuses the export before it starts). */
  check(filters: Record<string, string>): void;
  pages(scope: BusinessScope, filters: Record<string, string>): AsyncIterable<ExportPage>;
};

/** The widest page each list allows: fewer round trips, one page of rows in memory at a time. */
const PAGE_SIZE = 500;
const LOAN_PAGE_SIZE = 100;

type ListPage<Item> = { data: readonly Item[]; meta: { total: number; last_page: number; total_is_lower_bound?: boolean } };

/**
 * A list's query schema with the paging keys its page sent dropped (the export reads every page),
 * and a page loop over the service's `list`: pages come in the list's own order, so the file
 * holds the rows the list shows, in the order it shows them.
 */
function pagedSource<Schema extends z.ZodType<object>, Item>(
  schema: Schema,
  pageSize: number,
  list: (scope: BusinessScope, query: z.output<Schema>) => Promise<ListPage<Item>>,
  toRow: (scope: BusinessScope) => Promise<(record: Item) => ExportRow>,
): ExportSource {
  const query = (filters: Record<string, string>, page: number) => schema.parse({ ...withoutPaging(filters), page: String(page), limit: String(pageSize) });
  return {
    check(filters) {
      query(filters, 1);
    },
    async *pages(scope, filters) {
      const mapRow = await toRow(scope);
      for (let page = 1; ; page += 1) {
        const result = await list(scope, query(filters, page));
        yield { rows: result.data.map(mapRow), total: result.meta.total_is_lower_bound ? null : result.meta.total };
        if (page >= result.meta.last_page || result.data.length === 0) return;
      }
    },
  };
}

/** One page of a list read whole (the invoices' and payments' `listAfter`): its rows, its total on the first page, and where the next page starts (null: none). */
type KeysetPage<Item> = { data: readonly Item[]; total: number | null; next: KeysetCursor | null };

/**
 * `pagedSource` for a list with a reader of every page: each page starts after the last row of
 * the one before through the list's index, so the file's last page costs what its first does,
 * and the list is counted once, on the first page.
 */
function keysetSource<Schema extends z.ZodType<object>, Item>(
  schema: Schema,
  pageSize: number,
  listAfter: (scope: BusinessScope, query: z.output<Schema>, after: KeysetCursor | null, pageNumber: number) => Promise<KeysetPage<Item>>,
  toRow: (scope: BusinessScope) => Promise<(record: Item) => ExportRow>,
): ExportSource {
  const query = (filters: Record<string, string>) => schema.parse({ ...withoutPaging(filters), page: '1', limit: String(pageSize) });
  return {
    check(filters) {
      query(filters);
    },
    async *pages(scope, filters) {
      const mapRow = await toRow(scope);
      let total: number | null = null;
      let after: KeysetCursor | null = null;
      for (let pageNumber = 1; ; pageNumber += 1) {
        const result = await listAfter(scope, query(filters), after, pageNumber);
        if (pageNumber === 1) total = result.total;
        yield { rows: result.data.map(mapRow), total };
        if (!result.next) return;
        after = result.next;
      }
    },
  };
}

function withoutPaging(filters: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([key]) => key !== 'page' && key !== 'limit'));
}

const plain = <Item>(map: (record: Item) => ExportRow) => async () => map;

export function createExportSources(app: AppContext, services: ExportListServices): Record<ExportType, ExportSource> {
  const counterparties = (kind: 'customer' | 'vendor') =>
    pagedSource(counterpartyListQuerySchema, PAGE_SIZE, (scope, query) => services.counterparties.list(scopeOf(scope.tenantId, scope.businessId, kind), query), plain(counterpartyRow));
  return {
    customers: counterparties('customer'),
    vendors: counterparties('vendor'),
    items: pagedSource(
      itemsQuerySchema,
      PAGE_SIZE,
      (scope, query) => services.items.list(scope, query),
      async (scope) => {
        const business = await inTenant(app.db, scope.tenantId, (tx) => findBusiness(tx, scope.tenantId, scope.businessId));
        const currencyId = business?.currencyId ?? 1;
        return (record) => itemRow(record, currencyId);
      },
    ),
    invoices: keysetSource(invoiceListQuerySchema, PAGE_SIZE, (scope, query, after, pageNumber) => services.invoices.listAfter(scope, query, after, pageNumber), plain(invoiceRow)),
    estimates: pagedSource(estimateListQuerySchema, PAGE_SIZE, (scope, query) => services.estimates.list(scope, query), plain(estimateRow)),
    payments: keysetSource(paymentListQuerySchema, PAGE_SIZE, (scope, query, after, pageNumber) => services.payments.listAfter(scope, query, after, pageNumber), plain(paymentRow)),
    recurring_invoices: pagedSource(recurringInvoiceListQuerySchema, PAGE_SIZE, (scope, query) => services.recurring.list(scope, query), plain(recurringRow)),
    // A business exports its own loans (as the borrower), as its loans page lists them.
    loans: pagedSource(loansQuerySchema, LOAN_PAGE_SIZE, (scope, query) => services.loanReads.listLoans(scope, query), plain(loanRow)),
  };
}
