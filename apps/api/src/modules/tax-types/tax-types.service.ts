import {
  type SalesTaxRequest,
  type SalesTaxResponse,
  type TaxTypeRequest,
  type TaxTypeResource,
  listMeta,
  messages,
  normalizePercent,
  salesTaxRequestSchema,
  taxTypeRequestSchema,
} from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { type BusinessScope, type UsageCheck, containsPattern, idsInUse, pageOffset } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { estimateTaxTypeUsage } from '../estimates/estimates.service';
import { invoiceTaxTypeUsage } from '../invoices/invoices.service';
import { recurringTaxTypeUsage } from '../recurring-invoices/recurring-invoices.service';
import * as repo from './tax-types.repository';
import { US_SALES_TAX_AS_OF, US_SALES_TAX_SOURCE, findUsState, isUnitedStates } from './us-state-sales-tax';

/** What may reference a tax type. Items now; the invoice and estimate tax lines add their check here. */
const taxTypeUsage: readonly UsageCheck[] = [repo.taxTypesUsedByItems, invoiceTaxTypeUsage, estimateTaxTypeUsage, recurringTaxTypeUsage];

export function taxTypeResource(row: repo.TaxTypeRow): TaxTypeResource {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    percent: normalizePercent(row.percent),
    compound_tax: row.compoundTax,
    created_at: row.createdAt.toISOString(),
  };
}

function auditView(row: { name: string; description: string | null; percent: string; compoundTax: boolean }) {
  return { name: row.name, description: row.description, percent: normalizePercent(row.percent), compound_tax: row.compoundTax };
}

function fieldsOf(input: TaxTypeRequest) {
  const fields = taxTypeRequestSchema.parse(input);
  return { name: fields.name, description: fields.description || null, percent: fields.percent, compoundTax: fields.compound_tax };
}

/** Tax types of one business, and the US state base-rate lookup. */
export function createTaxTypeService(app: AppContext) {
  return {
    /** Every tax type of the business by lower-cased name (names are unique per business, case-insensitively): how an import's rows name them. */
    async idsByNameInTx(tx: Tx, scope: BusinessScope): Promise<Map<string, string>> {
      return new Map((await repo.taxTypeNames(tx, scope)).map((row) => [row.name.toLowerCase(), row.id]));
    },

    async list(scope: BusinessScope, query: { page: number; limit: number; search?: string | undefined }) {
      const pattern = containsPattern(query.search);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const rows = await repo.listTaxTypes(tx, scope, pattern, pageOffset(query.page, query.limit), query.limit);
        const total = await repo.countTaxTypes(tx, scope, pattern);
        const everyone = pattern ? await repo.countTaxTypes(tx, scope) : total;
        return { data: rows.map(taxTypeResource), meta: { ...listMeta(query.page, query.limit, total), tax_type_total_count: everyone } };
      });
    },

    async get(scope: BusinessScope, id: string): Promise<TaxTypeResource> {
      const row = await inTenant(app.db, scope.tenantId, (tx) => repo.findTaxType(tx, scope, id));
      if (!row) throw AppError.notFound();
      return taxTypeResource(row);
    },

    async create(actor: AuditActor, scope: BusinessScope, input: TaxTypeRequest): Promise<TaxTypeResource> {
      const fields = fieldsOf(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        if (await repo.taxTypeNameTaken(tx, scope, fields.name)) throw AppError.validation('name', messages.nameTaken);
        const row = await repo.insertTaxType(tx, { tenantId: scope.tenantId, businessId: scope.businessId, id: newId(), ...fields });
        await recordAudit(tx, actor, { model: 'tax_type', modelId: row.id, action: 'created', after: auditView(row) });
        return taxTypeResource(row);
      });
    },

    async update(actor: AuditActor, scope: BusinessScope, id: string, input: TaxTypeRequest): Promise<TaxTypeResource> {
      const fields = fieldsOf(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const found = await repo.findTaxType(tx, scope, id);
        if (!found) throw AppError.notFound();
        if (await repo.taxTypeNameTaken(tx, scope, fields.name, id)) throw AppError.validation('name', messages.nameTaken);
        await repo.updateTaxType(tx, scope, id, fields);
        await recordAudit(tx, actor, { model: 'tax_type', modelId: id, action: 'updated', before: auditView(found), after: auditView(fields) });
        return taxTypeResource({ ...found, ...fields });
      });
    },

    async remove(actor: AuditActor, scope: BusinessScope, id: string): Promise<void> {
      await inTenant(app.db, scope.tenantId, async (tx) => {
        const found = await repo.findTaxType(tx, scope, id);
        if (!found) throw AppError.notFound();
        if ((await idsInUse(taxTypeUsage, tx, scope, [id])).size > 0) throw AppError.validation('id', messages.taxTypeInUse);
        await repo.deleteTaxType(tx, scope, id);
        await recordAudit(tx, actor, { model: 'tax_type', modelId: id, action: 'deleted', before: auditView(found) });
      });
    },

    /** The state's base sales tax rate from the table shipped with the product (no local rates). */
    currentUsSalesTax(input: SalesTaxRequest): SalesTaxResponse['data'] {
      const address = salesTaxRequestSchema.parse(input);
      if (!isUnitedStates(address.country)) throw AppError.validation('country', messages.invalidCountry);
      const state = findUsState(address.state);
      if (!state) throw AppError.validation('state', messages.invalidState);
      return { state: state.code, state_name: state.name, rate: state.rate, kind: 'state_base_rate', source: US_SALES_TAX_SOURCE, as_of: US_SALES_TAX_AS_OF };
    },
  };
}

export type TaxTypeService = ReturnType<typeof createTaxTypeService>;
