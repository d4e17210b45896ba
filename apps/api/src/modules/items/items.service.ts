import { type ItemPayload, type ItemRequest, type ItemResource, type ItemsQuery, itemRequestSchema, listMeta, messages, normalizePercent } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit, recordAudits } from '../../platform/audit';
import { type BusinessScope, type UsageCheck, containsPattern, idsInUse, pageOffset } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { findUnit } from '../item-units/item-units.port';
import { findTaxTypes } from '../tax-types/tax-types.port';
import { estimateItemUsage } from '../estimates/estimates.service';
import { invoiceItemUsage } from '../invoices/invoices.service';
import { recurringItemUsage } from '../recurring-invoices/recurring-invoices.service';
import * as repo from './items.repository';

/**
 * What may reference an item. Nothing yet: invoice and estimate items arrive with issue 5, whose
 * module adds its check (item ids used on its documents) to this list.
 */
export const itemUsage: readonly UsageCheck[] = [invoiceItemUsage, estimateItemUsage, recurringItemUsage];

function toResource({ item, unitName }: repo.ItemWithUnit, taxes: readonly repo.ItemTaxRow[]): ItemResource {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    price: item.price,
    unit_id: item.unitId,
    unit: item.unitId && unitName !== null ? { id: item.unitId, name: unitName } : null,
    tax_type_ids: taxes.map((tax) => tax.taxTypeId),
    taxes: taxes.map((tax) => ({ tax_type_id: tax.taxTypeId, name: tax.name, percent: normalizePercent(tax.percent), compound_tax: tax.compoundTax })),
    created_at: item.createdAt.toISOString(),
  };
}

type ItemFields = { name: string; description: string | null; price: number; unitId: string | null; taxTypeIds: string[] };

function auditView(fields: ItemFields) {
  return { name: fields.name, description: fields.description, price: fields.price, unit_id: fields.unitId, tax_type_ids: [...fields.taxTypeIds].sort() };
}

/** Parses the request and checks the unit and every tax type belong to the business. */
async function validFields(tx: Tx, scope: BusinessScope, input: ItemRequest): Promise<ItemFields> {
  const parsed = itemRequestSchema.parse(input);
  const unitId = parsed.unit_id ?? null;
  if (unitId && !(await findUnit(tx, scope, unitId))) throw AppError.validation('unit_id', messages.invalidUnit);
  const taxTypeIds = parsed.taxes.map((tax) => tax.tax_type_id);
  if ((await findTaxTypes(tx, scope, taxTypeIds)).length !== taxTypeIds.length) throw AppError.validation('taxes', messages.invalidTaxType);
  return { name: parsed.name, description: parsed.description || null, price: parsed.price, unitId, taxTypeIds };
}

/** Items of one business with their unit and taxes; prices in minor units. */
export function createItemService(app: AppContext) {
  async function load(tx: Tx, scope: BusinessScope, id: string): Promise<ItemResource> {
    const found = await repo.findItem(tx, scope, id);
    if (!found) throw AppError.notFound();
    return toResource(found, await repo.taxesOfItems(tx, scope, [id]));
  }

  /**
   * Deletes the business's items among `ids`; other ids (another business's, another tenant's,
   * unknown) are skipped. Refused as a whole when one of them is in use.
   */
  async function removeMany(actor: AuditActor, scope: BusinessScope, ids: readonly string[]): Promise<{ success: boolean; deleted: number; skipped: number }> {
    const unique = [...new Set(ids)];
    return inTenant(app.db, scope.tenantId, async (tx) => {
      const own = await repo.ownItems(tx, scope, unique);
      const ownIds = own.map((item) => item.id);
      if ((await idsInUse(itemUsage, tx, scope, ownIds)).size > 0) throw AppError.validation('ids', messages.itemInUse);
      const deleted = await repo.deleteItems(tx, scope, ownIds);
      for (const item of own) {
        await recordAudit(tx, actor, { model: 'item', modelId: item.id, action: 'deleted', before: { name: item.name, description: item.description, price: item.price, unit_id: item.unitId } });
      }
      return { success: true, deleted, skipped: unique.length - deleted };
    });
  }

  return {
    async list(scope: BusinessScope, query: ItemsQuery) {
      const filters: repo.ItemFilters = {
        pattern: containsPattern(query.search),
        namePattern: containsPattern(query.name),
        unitId: query.unit_id,
        priceFrom: query.price_from,
        priceTo: query.price_to,
      };
      const order = { field: query.orderByField ?? 'name', direction: query.orderBy ?? (query.orderByField === 'created_at' ? 'desc' : 'asc') } as const;
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const rows = await repo.listItems(tx, scope, filters, order, pageOffset(query.page, query.limit), query.limit);
        const taxes = await repo.taxesOfItems(tx, scope, rows.map((row) => row.item.id));
        const total = await repo.countItems(tx, scope, filters);
        const everyone = await repo.countItems(tx, scope);
        return {
          data: rows.map((row) => toResource(row, taxes.filter((tax) => tax.itemId === row.item.id))),
          meta: { ...listMeta(query.page, query.limit, total), item_total_count: everyone },
        };
      });
    },

    async get(scope: BusinessScope, id: string): Promise<ItemResource> {
      return inTenant(app.db, scope.tenantId, (tx) => load(tx, scope, id));
    },

    async create(actor: AuditActor, scope: BusinessScope, input: ItemRequest): Promise<ItemResource> {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const fields = await validFields(tx, scope, input);
        const id = newId();
        await repo.insertItem(tx, { tenantId: scope.tenantId, businessId: scope.businessId, id, name: fields.name, description: fields.description, price: fields.price, unitId: fields.unitId });
        await repo.replaceItemTaxes(tx, scope, id, fields.taxTypeIds);
        await recordAudit(tx, actor, { model: 'item', modelId: id, action: 'created', after: auditView(fields) });
        return load(tx, scope, id);
      });
    },

    async update(actor: AuditActor, scope: BusinessScope, id: string, input: ItemRequest): Promise<ItemResource> {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const before = await load(tx, scope, id);
        const fields = await validFields(tx, scope, input);
        await repo.updateItem(tx, scope, id, { name: fields.name, description: fields.description, price: fields.price, unitId: fields.unitId });
        await repo.replaceItemTaxes(tx, scope, id, fields.taxTypeIds);
        const was = { name: before.name, description: before.description, price: before.price, unitId: before.unit_id, taxTypeIds: before.tax_type_ids };
        await recordAudit(tx, actor, { model: 'item', modelId: id, action: 'updated', before: auditView(was), after: auditView(fields) });
        return load(tx, scope, id);
      });
    },

    async remove(actor: AuditActor, scope: BusinessScope, id: string): Promise<void> {
      const result = await removeMany(actor, scope, [id]);
      if (result.deleted === 0) throw AppError.notFound();
    },

    removeMany,

    /**
     * Items of import rows (name, description, price: no unit, no taxes), already checked against
     * the items' request schema, in the import's transaction: one INSERT of the items and one of
     * their audit entries. Returns their ids in order.
     */
    async createImportedInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, inputs: readonly ItemPayload[]): Promise<string[]> {
      const rows = inputs.map((input) => ({ tenantId: scope.tenantId, businessId: scope.businessId, id: newId(), name: input.name, description: input.description || null, price: input.price, unitId: null }));
      await repo.insertItems(tx, rows);
      await recordAudits(
        tx,
        actor,
        rows.map((row) => ({ model: 'item', modelId: row.id, action: 'created', after: auditView({ name: row.name, description: row.description, price: row.price, unitId: null, taxTypeIds: [] }) })),
      );
      return rows.map((row) => row.id);
    },

    /** Deletes the items an import created, in the caller's transaction; false (nothing deleted) when a document uses one. */
    async removeImportedInTx(tx: Tx, actor: AuditActor, scope: BusinessScope, ids: readonly string[]): Promise<boolean> {
      const own = await repo.ownItems(tx, scope, [...ids]);
      const ownIds = own.map((item) => item.id);
      if ((await idsInUse(itemUsage, tx, scope, ownIds)).size > 0) return false;
      await repo.deleteItems(tx, scope, ownIds);
      for (const item of own) await recordAudit(tx, actor, { model: 'item', modelId: item.id, action: 'deleted', before: { name: item.name, description: item.description, price: item.price, unit_id: item.unitId } });
      return true;
    },
  };
}

export type ItemService = ReturnType<typeof createItemService>;
