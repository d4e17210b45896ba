import { type PaymentListQuery, type PaymentListResponse, type PaymentResource, listMeta, paymentListQuerySchema } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type BusinessScope, type KeysetCursor, containsPattern, pageOffset } from '../../platform/business-scope';
import * as repo from './payments.repository';

type Resources = (tx: Tx, scope: BusinessScope, rows: repo.PaymentWithParties[]) => Promise<PaymentResource[]>;
type ListQuery = ReturnType<typeof paymentListQuerySchema.parse>;

/** A page of a reader of the whole list (an export): its rows, the count on the first page (null past it), and where the next page starts. */
export type PaymentKeysetPage = { data: PaymentResource[]; total: number | null; next: KeysetCursor | null };

function filtersOf(query: ListQuery): repo.PaymentListFilters {
  return {
    direction: query.tab,
    counterpartyId: query.tab === 'received' ? query.customer_id : query.vendor_id,
    invoiceId: query.invoice_id,
    search: containsPattern(query.search),
    fromDate: query.from_date,
    toDate: query.to_date,
  };
}

const orderOf = (query: ListQuery): repo.PaymentOrder => ({ field: query.orderByField ?? 'payment_date', direction: query.orderBy ?? 'desc' });

/** The payments list as the page shows it, and as an export reads it whole. */
export function createPaymentList(app: AppContext, resources: Resources) {
  return {
    async list(scope: BusinessScope, input: PaymentListQuery): Promise<PaymentListResponse> {
      const query = paymentListQuerySchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const filters = filtersOf(query);
        const rows = await repo.listPayments(tx, scope, filters, orderOf(query), { offset: pageOffset(query.page, query.limit) }, query.limit);
        const total = await repo.countPayments(tx, scope, filters);
        const counts = await repo.countByDirection(tx, scope);
        return {
          data: await resources(tx, scope, rows),
          meta: { ...listMeta(query.page, query.limit, total), payment_total_count: counts[query.tab], received_count: counts.received, made_count: counts.made },
        };
      });
    },

    /**
     * The list read from `after` on (null: from the start), `query.limit` rows at a time, each page
     * starting where the last ended (db/keyset.ts), so the last page of a long export costs what
     * the first does; counted on the first page only.
     */
    async listAfter(scope: BusinessScope, input: PaymentListQuery, after: KeysetCursor | null, pageNumber: number): Promise<PaymentKeysetPage> {
      const query = paymentListQuerySchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const filters = filtersOf(query);
        const rows = await repo.listPayments(tx, scope, filters, orderOf(query), { after }, query.limit);
        const last = rows.at(-1);
        return {
          data: await resources(tx, scope, rows),
          total: pageNumber === 1 ? await repo.countPayments(tx, scope, filters) : null,
          next: rows.length < query.limit || !last ? null : { key: last.sortKey, id: last.payment.id },
        };
      });
    },
  };
}
