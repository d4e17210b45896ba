import { type PaymentMethodSetupConfirmRequest, type PaymentMethodSetupResource, type SavedPaymentMethodResource, type SavedPaymentMethodType, paymentMethodSetupConfirmRequestSchema, savedPaymentMethodMessages } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { InboxEvent } from '../provider-events/provider-events.service';
import { paymentProviderSettings } from '../tenants/tenants.service';
import { type PayerDetails, type SavedMethodCore, toMethodResource } from './saved-methods-core';
import * as repo from './saved-methods.repository';

/**
 * A saved method auto pay may charge: the provider's customer and method, its type, and whether
 * auto pay's last debit of it (a bank account) was returned.
 */
export type ChargeableMethod = { id: string; providerCustomerId: string; providerMethodId: string; name: string; type: SavedPaymentMethodType; debitReturned: boolean };

function chargeable(customer: repo.PaymentCustomerRow, method: repo.SavedMethodRow): ChargeableMethod {
  return { id: method.id, providerCustomerId: customer.providerCustomerId, providerMethodId: method.providerMethodId, name: toMethodResource(method).name, type: method.type, debitReturned: method.debitReturnedAt !== null };
}

/**
 * A customer business's own saved methods (settings → payment-methods; spec section 7): saved
 * through a SetupIntent the browser confirms, listed, deleted (detached at the provider), one the
 * default. The row is written only from what the provider says (see the core's saveFromSetup).
 */
export function createSavedMethodService(app: AppContext, core: SavedMethodCore) {
  const ownOf = (scope: BusinessScope): repo.MethodOwner => ({ tenantId: scope.tenantId, businessId: scope.businessId, counterpartyId: null });

  async function ownMethod(tx: Tx, scope: BusinessScope, id: string): Promise<{ customer: repo.PaymentCustomerRow; method: repo.SavedMethodRow }> {
    const customer = await repo.lockCustomer(tx, ownOf(scope));
    const method = customer ? await repo.findMethod(tx, scope.tenantId, customer.id, id) : undefined;
    if (!customer || !method) throw AppError.notFound();
    return { customer, method };
  }

  return {
    /** GET /business/payment-methods: the default first, then the newest. */
    async list(scope: BusinessScope): Promise<SavedPaymentMethodResource[]> {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const customer = await repo.findCustomer(tx, ownOf(scope));
        return customer ? (await repo.listMethods(tx, scope.tenantId, customer.id)).map(toMethodResource) : [];
      });
    },

    /** POST /business/payment-methods/setup: a setup for the browser to confirm with a card or a bank account. */
    async startSetup(scope: BusinessScope, payer: PayerDetails): Promise<PaymentMethodSetupResource> {
      return inTenant(app.db, scope.tenantId, async (tx) => (await core.newSetup(tx, ownOf(scope), payer, newId(), { business_id: scope.businessId })).setup);
    },

    /** POST /business/payment-methods/confirm: the browser says it confirmed; the provider is asked. */
    async confirmSetup(actor: AuditActor, scope: BusinessScope, input: PaymentMethodSetupConfirmRequest): Promise<SavedPaymentMethodResource> {
      const { setup_intent_id: setupId } = paymentMethodSetupConfirmRequestSchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const customer = await repo.findCustomer(tx, ownOf(scope));
        if (!customer) throw AppError.notFound();
        const saved = await core.saveFromSetup(tx, scope.tenantId, setupId, customer);
        if (!saved) throw AppError.conflict(savedPaymentMethodMessages.setupNotFinished);
        await recordAudit(tx, actor, { model: 'payment_method', modelId: saved.id, action: 'created', after: { name: toMethodResource(saved).name } });
        return toMethodResource(saved);
      });
    },

    /** DELETE /business/payment-methods/{id}: detached at the provider first, so it can no longer be charged; the newest other becomes the default. */
    async remove(actor: AuditActor, scope: BusinessScope, id: string): Promise<void> {
      await inTenant(app.db, scope.tenantId, async (tx) => {
        const { customer, method } = await ownMethod(tx, scope, id);
        const { provider } = await core.providerIn(tx, scope.tenantId);
        await provider.detachSavedMethod(method.providerMethodId);
        await repo.deleteMethod(tx, scope.tenantId, method.id);
        const next = (await repo.listMethods(tx, scope.tenantId, customer.id))[0];
        if (method.isDefault && next) await repo.makeDefault(tx, scope.tenantId, customer.id, next.id);
        await recordAudit(tx, actor, { model: 'payment_method', modelId: method.id, action: 'deleted', before: { name: toMethodResource(method).name } });
      });
    },

    /** POST /business/payment-methods/{id}/set-as-default. */
    async setDefault(actor: AuditActor, scope: BusinessScope, id: string): Promise<SavedPaymentMethodResource> {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const { customer, method } = await ownMethod(tx, scope, id);
        await repo.makeDefault(tx, scope.tenantId, customer.id, method.id);
        // Chosen again: auto pay may debit it again after a return (the retry rule).
        await repo.clearDebitReturn(tx, scope.tenantId, method.id);
        await recordAudit(tx, actor, { model: 'payment_method', modelId: method.id, action: 'updated', before: { is_default: method.isDefault, debit_returned_at: method.debitReturnedAt?.toISOString() ?? null }, after: { is_default: true, debit_returned_at: null } });
        return toMethodResource({ ...method, isDefault: true, debitReturnedAt: null, debitReturnReason: null });
      });
    },

    /** `setup_intent.succeeded`, in the inbox's transaction: the method is saved as the provider describes it. */
    async applySetupSucceeded(tx: Tx, event: InboxEvent): Promise<void> {
      // A tenant whose provider was disconnected since has nothing to save it with: the event is done.
      const settings = await paymentProviderSettings(app, event.tenantId, tx);
      const setupId = settings ? app.paymentProviders(settings.credentials).setupAttemptIdOf(event.object) : null;
      if (!setupId) return;
      await core.saveFromSetup(tx, event.tenantId, setupId);
    },

    /** One of the business's own saved methods, as a charge takes it (a BNPL loan's repayment); null when it is not the business's. */
    async ownMethodInTx(tx: Tx, scope: BusinessScope, id: string): Promise<ChargeableMethod | null> {
      const customer = await repo.findCustomer(tx, ownOf(scope));
      const method = customer ? await repo.findMethod(tx, scope.tenantId, customer.id, id) : undefined;
      if (!customer || !method) return null;
      return chargeable(customer, method);
    },

    /**
     * The method auto pay charges for a vendor's customer record: the default one the customer saved
     * through the vendor's link, else the customer business's own default; null when there is none.
     */
    async defaultMethodInTx(tx: Tx, vendor: BusinessScope, customer: { counterpartyId: string; customerBusinessId: string | null }): Promise<ChargeableMethod | null> {
      const owners: repo.MethodOwner[] = [{ tenantId: vendor.tenantId, businessId: vendor.businessId, counterpartyId: customer.counterpartyId }];
      if (customer.customerBusinessId) owners.push({ tenantId: vendor.tenantId, businessId: customer.customerBusinessId, counterpartyId: null });
      for (const owner of owners) {
        const found = await repo.findCustomer(tx, owner);
        const method = found ? await repo.defaultMethod(tx, vendor.tenantId, found.id) : undefined;
        if (found && method) return chargeable(found, method);
      }
      return null;
    },
  };
}

export type SavedMethodService = ReturnType<typeof createSavedMethodService>;
