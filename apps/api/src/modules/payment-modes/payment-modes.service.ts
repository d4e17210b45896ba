import { type PaymentModeRequest, type PaymentModeResource, paymentModeRequestSchema, listMeta, messages } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { type BusinessScope, type UsageCheck, containsPattern, idsInUse, pageOffset } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { paymentModeUsedByPayments } from '../payments/payments.service';
import * as repo from './payment-modes.repository';

/** What may reference a payment mode: the payments recorded with it. */
export const paymentModeUsage: readonly UsageCheck[] = [paymentModeUsedByPayments];

function toResource(row: repo.PaymentModeRow): PaymentModeResource {
  return { id: row.id, name: row.name, created_at: row.createdAt.toISOString() };
}

/** Payment modes (cash, check, bank transfer…) of one business; names are unique per business, case-insensitive. */
export function createPaymentModeService(app: AppContext) {
  return {
    /** Every payment mode of the business by lower-cased name (names are unique per business, case-insensitively): how an import's rows name them. */
    async idsByNameInTx(tx: Tx, scope: BusinessScope): Promise<Map<string, string>> {
      return new Map((await repo.modeNames(tx, scope)).map((row) => [row.name.toLowerCase(), row.id]));
    },

    async list(scope: BusinessScope, query: { page: number; limit: number; search?: string | undefined }) {
      const pattern = containsPattern(query.search);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const rows = await repo.listModes(tx, scope, pattern, pageOffset(query.page, query.limit), query.limit);
        const total = await repo.countModes(tx, scope, pattern);
        const everyone = pattern ? await repo.countModes(tx, scope) : total;
        return { data: rows.map(toResource), meta: { ...listMeta(query.page, query.limit, total), payment_mode_total_count: everyone } };
      });
    },

    async get(scope: BusinessScope, id: string): Promise<PaymentModeResource> {
      const row = await inTenant(app.db, scope.tenantId, (tx) => repo.findMode(tx, scope, id));
      if (!row) throw AppError.notFound();
      return toResource(row);
    },

    async create(actor: AuditActor, scope: BusinessScope, input: PaymentModeRequest): Promise<PaymentModeResource> {
      const { name } = paymentModeRequestSchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        if (await repo.modeNameTaken(tx, scope, name)) throw AppError.validation('name', messages.nameTaken);
        const row = await repo.insertMode(tx, { tenantId: scope.tenantId, businessId: scope.businessId, id: newId(), name });
        await recordAudit(tx, actor, { model: 'payment_mode', modelId: row.id, action: 'created', after: { name } });
        return toResource(row);
      });
    },

    async update(actor: AuditActor, scope: BusinessScope, id: string, input: PaymentModeRequest): Promise<PaymentModeResource> {
      const { name } = paymentModeRequestSchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const found = await repo.findMode(tx, scope, id);
        if (!found) throw AppError.notFound();
        if (await repo.modeNameTaken(tx, scope, name, id)) throw AppError.validation('name', messages.nameTaken);
        await repo.renameMode(tx, scope, id, name);
        await recordAudit(tx, actor, { model: 'payment_mode', modelId: id, action: 'updated', before: { name: found.name }, after: { name } });
        return toResource({ ...found, name });
      });
    },

    async remove(actor: AuditActor, scope: BusinessScope, id: string): Promise<void> {
      await inTenant(app.db, scope.tenantId, async (tx) => {
        const found = await repo.findMode(tx, scope, id);
        if (!found) throw AppError.notFound();
        if ((await idsInUse(paymentModeUsage, tx, scope, [id])).size > 0) throw AppError.validation('id', messages.paymentModeInUse);
        await repo.deleteMode(tx, scope, id);
        await recordAudit(tx, actor, { model: 'payment_mode', modelId: id, action: 'deleted', before: { name: found.name } });
      });
    },
  };
}

export type PaymentModeService = ReturnType<typeof createPaymentModeService>;
