import { type PaymentMethodSetupResource, type SavedPaymentMethodResource, savedPaymentMethodMessages } from '@app/contracts';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/app-context';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { PaymentProvider } from '../../platform/providers/payment-provider';
import { providerScriptUrls } from '../../platform/providers/provider-scripts';
import type { SavedMethodType } from '../../platform/providers/saved-method-provider';
import { paymentProviderSettings } from '../tenants/tenants.service';
import * as repo from './saved-methods.repository';

/** A payer may save a card or a US bank account. */
const SAVABLE: readonly SavedMethodType[] = ['card', 'us_bank_account'];
/** The setup statuses in which the payer can still finish it in the browser (a card's 3-D Secure included). */
const UNFINISHED = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', jcb: 'JCB', diners: 'Diners Club', unionpay: 'UnionPay' };

export function toMethodResource(row: repo.SavedMethodRow): SavedPaymentMethodResource {
  const label = row.type === 'card' ? (BRANDS[row.label ?? ''] ?? row.label ?? 'Card') : (row.label ?? 'Bank account');
  const expiry = row.expMonth !== null && row.expYear !== null ? `${String(row.expMonth).padStart(2, '0')}/${row.expYear}` : null;
  return {
    id: row.id,
    name: `${label} •••• ${row.last4 ?? '????'}`,
    type: row.type,
    expiry_date: expiry,
    is_default: row.isDefault,
    debit_returned_at: row.debitReturnedAt?.toISOString() ?? null,
    debit_return_reason: row.debitReturnReason,
    created_at: row.createdAt.toISOString(),
  };
}

/** Who the provider customer is, as the provider is told (a name for its dashboard; nothing it needs to charge). */
export type PayerDetails = { name: string; email: string | null };

/**
 * What the saved-method services share: the tenant's provider, the owner's provider customer, and
 * the one place a saved method is written: from a setup the provider says succeeded, read back
 * from the provider, never from what a browser said.
 */
export function createSavedMethodCore(app: AppContext) {
  async function providerIn(tx: Tx, tenantId: string): Promise<{ provider: PaymentProvider; publishableKey: string }> {
    const settings = await paymentProviderSettings(app, tenantId, tx);
    if (!settings) throw AppError.conflict(savedPaymentMethodMessages.notSetUp);
    return { provider: app.paymentProviders(settings.credentials), publishableKey: settings.publishableKey };
  }

  /** The owner's provider customer, made at the first setup (the key makes a concurrent first setup get the same one). */
  async function customerOf(tx: Tx, provider: PaymentProvider, owner: repo.MethodOwner, payer: PayerDetails): Promise<repo.PaymentCustomerRow> {
    const found = await repo.findCustomer(tx, owner);
    if (found) return found;
    const ownerKey = owner.counterpartyId ?? 'self';
    const created = await provider.createPaymentCustomer(
      { name: payer.name, email: payer.email, metadata: { tenant_id: owner.tenantId, business_id: owner.businessId, ...(owner.counterpartyId ? { counterparty_id: owner.counterpartyId } : {}) } },
      `customer:${owner.tenantId}:${owner.businessId}:${ownerKey}`,
    );
    await repo.insertCustomerOnce(tx, { tenantId: owner.tenantId, id: newId(), businessId: owner.businessId, counterpartyId: owner.counterpartyId, providerCustomerId: created.id });
    const stored = await repo.findCustomer(tx, owner);
    if (!stored) throw new Error('The payment customer just stored is missing');
    return stored;
  }

  return {
    providerIn,
    customerOf,
    UNFINISHED,

    /** A new setup for the owner's customer, for the browser to confirm: `key` names the operation it is for. */
    async newSetup(tx: Tx, owner: repo.MethodOwner, payer: PayerDetails, key: string, metadata: Record<string, string> = {}): Promise<{ id: string; setup: PaymentMethodSetupResource }> {
      const { provider, publishableKey } = await providerIn(tx, owner.tenantId);
      const customer = await customerOf(tx, provider, owner, payer);
      const attempt = await provider.createSetupAttempt({ customerId: customer.providerCustomerId, methods: SAVABLE, metadata: { tenant_id: owner.tenantId, ...metadata } }, `setup:${customer.id}:${key}`);
      if (!attempt.clientSecret) throw new Error(`The provider gave no client secret for ${attempt.id}`);
      return { id: attempt.id, setup: { client_secret: attempt.clientSecret, publishable_key: publishableKey, provider_script: providerScriptUrls(app.env).payment_provider } };
    },

    /**
     * Saves the method of a setup the provider says succeeded, for the customer the provider says
     * it is for (one of ours, else nothing). Idempotent: the webhook and the browser's "done" may
     * both arrive. The owner's first method becomes its default. `expected`, when given, is the
     * only customer the caller may save for. Null when the provider has not confirmed it (yet).
     */
    async saveFromSetup(tx: Tx, tenantId: string, setupId: string, expected: repo.PaymentCustomerRow | null = null): Promise<repo.SavedMethodRow | null> {
      const { provider } = await providerIn(tx, tenantId);
      const setup = await provider.retrieveSetupAttempt(setupId);
      if (!setup.customerId || (expected && expected.providerCustomerId !== setup.customerId)) throw AppError.notFound();
      if (setup.status !== 'succeeded' || !setup.paymentMethodId) return null;
      // Locks in one order wherever a method is saved (the webhook and the browser's "done" race):
      // the link, as its confirm route holds it, then the owner, so its one default is decided once.
      const linkId = setup.metadata.payment_method_link_id;
      const link = linkId ? await repo.lockLink(tx, tenantId, linkId) : undefined;
      const customer = await repo.lockCustomerByProviderId(tx, tenantId, setup.customerId);
      if (!customer) return null;
      const method = await provider.retrieveSavedMethod(setup.paymentMethodId);
      // Detached since (deleted here before the event arrived): not saved again.
      if (method.customerId !== setup.customerId) return null;
      const known = await repo.findMethodByProviderId(tx, tenantId, method.id);
      if (known) return known;
      const id = newId();
      await repo.insertMethodOnce(tx, {
        tenantId,
        id,
        paymentCustomerId: customer.id,
        providerMethodId: method.id,
        type: method.type,
        label: method.label,
        last4: method.last4,
        expMonth: method.expMonth,
        expYear: method.expYear,
      });
      // The first method is the default; so is a new one saved after the default's debit was returned (the retry rule).
      const current = await repo.defaultMethod(tx, tenantId, customer.id);
      if (!current || current.debitReturnedAt) await repo.makeDefault(tx, tenantId, customer.id, id);
      if (link && link.providerSetupId === setup.id && !link.usedAt) await repo.updateLink(tx, tenantId, link.id, { usedAt: app.clock.now() });
      return (await repo.findMethodByProviderId(tx, tenantId, method.id)) ?? null;
    },
  };
}

export type SavedMethodCore = ReturnType<typeof createSavedMethodCore>;
