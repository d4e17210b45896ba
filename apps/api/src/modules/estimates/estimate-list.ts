import { type EstimateListQuery, estimateListQuerySchema, listMeta } from '@app/contracts';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type BusinessScope, containsPattern, pageOffset } from '../../platform/business-scope';
import type { DocumentCore } from '../documents/document-core';
import { loadDocumentBusiness } from '../documents/document-business';
import { toEstimateListItem } from './estimate-resource';
import * as repo from './estimates.repository';

/** One page of the business's outgoing or incoming estimates, with the direction's count. */
export async function listEstimatePage(app: AppContext, core: DocumentCore<repo.EstimateRow>, scope: BusinessScope, input: EstimateListQuery) {
  const query = estimateListQuerySchema.parse(input);
  return inTenant(app.db, scope.tenantId, async (tx) => {
    const { settings } = await loadDocumentBusiness(tx, scope.tenantId, scope.businessId);
    const search = containsPattern(query.search);
    const filters: repo.EstimateListFilters = {
      direction: query.type,
      tab: query.tab_status,
      status: query.status,
      customerIds: query.customer_id ? [query.customer_id] : search && query.type === 'outgoing' ? await core.customerIdsMatching(tx, scope, search) : undefined,
      numberPattern: containsPattern(query.estimate_number),
      fromDate: query.from_date,
      toDate: query.to_date,
      today: core.today(settings),
    };
    const order: repo.EstimateOrder = { field: query.orderByField ?? 'estimate_date', direction: query.orderBy ?? 'desc' };
    const rows = await repo.listEstimates(tx, scope, filters, order, pageOffset(query.page, query.limit), query.limit);
    const total = await repo.countEstimates(tx, scope, filters);
    const directionTotal = repo.filtersOnlyDirection(filters) ? total : await repo.countByDirection(tx, scope, query.type);
    const businessOf = core.businessCache(tx, scope.tenantId);
    const data = [];
    for (const row of rows) {
      const owner = await businessOf(row.estimate.businessId);
      data.push(toEstimateListItem(row.estimate, { direction: query.type, today: core.today(owner.settings), businessName: row.businessName, customer: row.customer ?? undefined }));
    }
    return { data, meta: { ...listMeta(query.page, query.limit, total), estimate_total_count: directionTotal } };
  });
}
