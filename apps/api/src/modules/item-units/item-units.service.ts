import { type ItemUnitRequest, type ItemUnitResource, itemUnitRequestSchema, listMeta, messages } from '@app/contracts';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { type BusinessScope, type UsageCheck, containsPattern, idsInUse, pageOffset } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import * as repo from './item-units.repository';

/** What may reference a unit. Only items do. */
const unitUsage: readonly UsageCheck[] = [repo.unitsUsedByItems];

function toResource(row: repo.ItemUnitRow): ItemUnitResource {
  return { id: row.id, name: row.name, created_at: row.createdAt.toISOString() };
}

/** Item units of one business; names are unique per business, case-insensitive. */
export function createItemUnitService(app: AppContext) {
  return {
    async list(scope: BusinessScope, query: { page: number; limit: number; search?: string | undefined }) {
      const pattern = containsPattern(query.search);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const rows = await repo.listUnits(tx, scope, pattern, pageOffset(query.page, query.limit), query.limit);
        const total = await repo.countUnits(tx, scope, pattern);
        const everyone = pattern ? await repo.countUnits(tx, scope) : total;
        return { data: rows.map(toResource), meta: { ...listMeta(query.page, query.limit, total), item_unit_total_count: everyone } };
      });
    },

    async get(scope: BusinessScope, id: string): Promise<ItemUnitResource> {
      const row = await inTenant(app.db, scope.tenantId, (tx) => repo.findUnit(tx, scope, id));
      if (!row) throw AppError.notFound();
      return toResource(row);
    },

    async create(actor: AuditActor, scope: BusinessScope, input: ItemUnitRequest): Promise<ItemUnitResource> {
      const { name } = itemUnitRequestSchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        if (await repo.unitNameTaken(tx, scope, name)) throw AppError.validation('name', messages.nameTaken);
        const row = await repo.insertUnit(tx, { tenantId: scope.tenantId, businessId: scope.businessId, id: newId(), name });
        await recordAudit(tx, actor, { model: 'item_unit', modelId: row.id, action: 'created', after: { name } });
        return toResource(row);
      });
    },

    async update(actor: AuditActor, scope: BusinessScope, id: string, input: ItemUnitRequest): Promise<ItemUnitResource> {
      const { name } = itemUnitRequestSchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const found = await repo.findUnit(tx, scope, id);
        if (!found) throw AppError.notFound();
        if (await repo.unitNameTaken(tx, scope, name, id)) throw AppError.validation('name', messages.nameTaken);
        await repo.renameUnit(tx, scope, id, name);
        await recordAudit(tx, actor, { model: 'item_unit', modelId: id, action: 'updated', before: { name: found.name }, after: { name } });
        return toResource({ ...found, name });
      });
    },

    async remove(actor: AuditActor, scope: BusinessScope, id: string): Promise<void> {
      await inTenant(app.db, scope.tenantId, async (tx) => {
        const found = await repo.findUnit(tx, scope, id);
        if (!found) throw AppError.notFound();
        if ((await idsInUse(unitUsage, tx, scope, [id])).size > 0) throw AppError.validation('id', messages.itemUnitInUse);
        await repo.deleteUnit(tx, scope, id);
        await recordAudit(tx, actor, { model: 'item_unit', modelId: id, action: 'deleted', before: { name: found.name } });
      });
    },
  };
}

export type ItemUnitService = ReturnType<typeof createItemUnitService>;
