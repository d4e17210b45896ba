import {
  type BankLinkExchangeRequest,
  type PayoutDocumentKind,
  type PayoutOnboarding,
  type PayoutOnboardingLink,
  type PayoutStepRequest,
  payoutMessages,
  payoutStepRequestSchema,
} from '@app/contracts';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext, RequestMeta } from '../../platform/app-context';
import type { BusinessScope } from '../../platform/business-scope';
import { newId, randomToken, sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { sniffDocument } from '../../platform/file-sniff';
import { type BankLinkProvider, BankLinkProviderError } from '../../platform/providers/bank-link-provider';
import { type PaymentProvider, PaymentProviderError } from '../../platform/providers/payment-provider';
import type { Tx } from '../../db/client';
import type { InboxEvent } from '../provider-events/provider-events.service';
import { planIncludes } from '../plans/plans.port';
import { paymentProviderSettings } from '../tenants/tenants.service';
import { snapshotOf, stateOf, updateOf } from './payout-accounts';
import { wizardSteps } from './payout-steps';
import { saveAccountState } from './payout-events';
import * as repo from './payouts.repository';
import { providerScriptUrls } from '../../platform/providers/provider-scripts';

/** Spec: the link lets its holder finish onboarding for a week. */
const ONBOARDING_LINK_MS = 7 * 24 * 60 * 60 * 1000;
const IDENTITY_KINDS = new Set(['pdf', 'png', 'jpg']);

/** A provider's refusal as the API's 422: the wizard shows the provider's own message (spec section 8). */
async function providerCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentProviderError || error instanceof BankLinkProviderError) throw new AppError('provider', error.message, 422);
    throw error;
  }
}

/**
 * A business's payout account (spec sections 2-4, 7; ARCHITECTURE section 13): the wizard's
 * answers go to the tenant's payment provider, and the state we show is the provider's, refreshed
 * from its `account.updated` events. The ID number and bank account arrive as tokens only.
 */
export function createPayoutService(app: AppContext) {
  async function settingsOf(tenantId: string) {
    const settings = await inTenant(app.db, tenantId, (tx) => repo.findProviderSettings(tx, tenantId));
    if (!settings) throw AppError.notFound();
    return settings;
  }

  async function paymentProvider(tenantId: string): Promise<PaymentProvider> {
    const settings = await paymentProviderSettings(app, tenantId);
    if (!settings) throw AppError.conflict(payoutMessages.notAvailable);
    return app.paymentProviders(settings.credentials);
  }

  async function bankLinkProvider(tenantId: string): Promise<BankLinkProvider> {
    const settings = await settingsOf(tenantId);
    const environment = settings.bankLinkEnvironment;
    if (!settings.bankLinkClientId || !settings.bankLinkSecret || (environment !== 'sandbox' && environment !== 'development' && environment !== 'production')) {
      throw AppError.conflict(payoutMessages.notAvailable);
    }
    return app.bankLinkProviders({ clientId: settings.bankLinkClientId, secret: app.secretBox.open(settings.bankLinkSecret), environment });
  }

  /**
   * Stores the account's state as the provider has it now. The state is read under the account's
   * lock, which the `account.updated` handler takes too: whichever saves last read last, so a
   * wizard step's answer never overwrites the newer state an event stored meanwhile.
   */
  async function store(scope: BusinessScope, provider: PaymentProvider, accountId: string, completedStep?: string): Promise<void> {
    await inTenant(app.db, scope.tenantId, async (tx) => {
      await repo.lockProviderAccount(tx, scope.tenantId, accountId);
      const account = await providerCall(() => provider.retrievePayoutAccount(accountId));
      await saveAccountState(tx, app.webhookEvents, scope, snapshotOf(account, app.clock.now()));
      if (!completedStep) return;
      const row = await repo.findPayoutAccount(tx, scope);
      if (row && !row.completedSteps.includes(completedStep)) await repo.setCompletedSteps(tx, scope, [...row.completedSteps, completedStep]);
    });
  }

  async function existingAccountId(scope: BusinessScope): Promise<string> {
    const row = await inTenant(app.db, scope.tenantId, (tx) => repo.findPayoutAccount(tx, scope));
    if (!row) throw AppError.conflict(payoutMessages.notAvailable);
    return row.providerAccountId;
  }

  const service = {
    /** GET /business/onboarding/requirements and /business/stripe-account: the state and the steps still to do. */
    async overview(scope: BusinessScope): Promise<PayoutOnboarding> {
      const settings = await settingsOf(scope.tenantId);
      const available = Boolean(settings.secret && settings.publishableKey);
      const row = available ? await inTenant(app.db, scope.tenantId, (tx) => repo.findPayoutAccount(tx, scope)) : undefined;
      return {
        available,
        test_mode: settings.publishableKey?.startsWith('pk_test_') ?? false,
        publishable_key: available ? settings.publishableKey : null,
        provider_scripts: providerScriptUrls(app.env),
        bank_link_available: Boolean(settings.bankLinkClientId && settings.bankLinkSecret),
        terms_url: settings.settings.payout_terms_url ?? null,
        account: row ? stateOf(row) : null,
        steps: available ? wizardSteps(row?.requirements ?? null, row?.completedSteps ?? []) : [],
      };
    },

    /** POST /business/onboarding/requirements: one step's answers; the account is made on first use. */
    async submitStep(scope: BusinessScope, input: PayoutStepRequest, meta: RequestMeta): Promise<PayoutOnboarding> {
      const { step, ...answers } = payoutStepRequestSchema.parse(input);
      const provider = await paymentProvider(scope.tenantId);
      const settings = await settingsOf(scope.tenantId);
      if (step === 'review_details' && settings.settings.payout_terms_url && !answers.tos_accepted) throw AppError.validation('tos_accepted', payoutMessages.termsRequired);
      const row = await inTenant(app.db, scope.tenantId, (tx) => repo.findPayoutAccount(tx, scope));
      const accountId =
        row?.providerAccountId ??
        (
          await providerCall(() =>
            provider.createPayoutAccount(
              { email: answers.email ?? null, businessType: answers.business_type ?? null, metadata: { business_id: scope.businessId } },
              `payout-account:${scope.businessId}`,
            ),
          )
        ).id;
      const now = app.clock.now();
      const { bank_account_token: bankToken, ...fields } = answers;
      const update = updateOf(fields, { date: Math.floor(now.getTime() / 1000), ip: meta.ip, userAgent: meta.userAgent });
      // JSON leaves the unanswered (undefined) parts out: the same answers make the same idempotency key.
      const answered = JSON.stringify(update);
      if (answered !== '{}') await providerCall(() => provider.updatePayoutAccount(accountId, update, `payout-step:${accountId}:${sha256(answered)}`));
      if (bankToken) await providerCall(() => provider.attachBankAccount(accountId, bankToken, `payout-bank:${accountId}:${bankToken}`));
      await store(scope, provider, accountId, step);
      return service.overview(scope);
    },

    /** POST /business/onboarding/refresh-account: asks the provider now (after a missed event, or on the user's request). */
    async refresh(scope: BusinessScope): Promise<PayoutOnboarding> {
      const provider = await paymentProvider(scope.tenantId);
      const accountId = await existingAccountId(scope);
      await store(scope, provider, accountId);
      return service.overview(scope);
    },

    /** POST /business/onboarding/upload-documents: the file goes to the provider and is attached where it belongs. */
    async uploadDocument(scope: BusinessScope, kind: PayoutDocumentKind, file: { name: string; data: Buffer }): Promise<PayoutOnboarding> {
      const sniffed = sniffDocument(file.data, file.name);
      if (!sniffed || !IDENTITY_KINDS.has(sniffed.kind)) throw AppError.validation(kind, 'The document must be a JPEG, PNG or PDF file.');
      const provider = await paymentProvider(scope.tenantId);
      const accountId = await existingAccountId(scope);
      const purpose = kind === 'identity_document' ? 'identity_document' : 'account_requirement';
      const uploaded = await providerCall(() => provider.uploadFile(accountId, { name: file.name, type: sniffed.mime, data: file.data }, purpose));
      const update = kind === 'identity_document' ? { individual: { verificationDocumentFront: uploaded.id } } : { company: { ownershipDocument: uploaded.id } };
      await providerCall(() => provider.updatePayoutAccount(accountId, update, `payout-document:${accountId}:${uploaded.id}`));
      await store(scope, provider, accountId);
      return service.overview(scope);
    },

    /** A Link token for the bank-link provider's browser widget. */
    async bankLinkToken(scope: BusinessScope, clientName: string) {
      const bankLink = await bankLinkProvider(scope.tenantId);
      const token = await providerCall(() => bankLink.createLinkToken({ clientUserId: scope.businessId, clientName, language: 'en' }));
      return { link_token: token.linkToken, expiration: token.expiration };
    },

    /** Link's public token → a processor bank token → the payout bank account; the item's access token is not kept. */
    async exchangeBankLink(scope: BusinessScope, input: BankLinkExchangeRequest): Promise<PayoutOnboarding> {
      const bankLink = await bankLinkProvider(scope.tenantId);
      const provider = await paymentProvider(scope.tenantId);
      const accountId = await existingAccountId(scope);
      const { accessToken } = await providerCall(() => bankLink.exchangePublicToken(input.public_token));
      try {
        const { bankToken } = await providerCall(() => bankLink.createPaymentProcessorBankToken(accessToken, input.account_id));
        await providerCall(() => provider.attachBankAccount(accountId, bankToken, `payout-bank:${accountId}:${bankToken}`));
      } finally {
        await providerCall(() => bankLink.removeItem(accessToken));
      }
      await store(scope, provider, accountId, 'bank_account');
      return service.overview(scope);
    },

    /** "Continue on another device": a 7-day link to this business's wizard; only its hash is stored. */
    async createOnboardingLink(scope: BusinessScope, userId: string, origin: string): Promise<PayoutOnboardingLink> {
      const token = randomToken();
      const expiresAt = new Date(app.clock.now().getTime() + ONBOARDING_LINK_MS);
      await inTenant(app.db, scope.tenantId, (tx) =>
        repo.insertOnboardingLink(tx, { tenantId: scope.tenantId, id: newId(), businessId: scope.businessId, createdBy: userId, tokenHash: sha256(token), expiresAt }),
      );
      return { url: `${origin}/public/onboarding/${token}`, expires_at: expiresAt.toISOString() };
    },

    /** The business a public onboarding link opens, in the request's tenant only; 404 when unknown or expired. */
    async scopeOfLink(tenantId: string, token: string): Promise<BusinessScope> {
      const link = await inTenant(app.db, tenantId, (tx) => repo.findLiveOnboardingLink(tx, tenantId, sha256(token), app.clock.now()));
      if (!link) throw AppError.notFound(payoutMessages.linkExpired);
      return { tenantId, businessId: link.businessId };
    },

    /** The business's payout account id when the provider lets it take charges (as last told by its events), else null. */
    async chargeableAccountInTx(tx: Tx, scope: BusinessScope): Promise<string | null> {
      const row = await repo.findPayoutAccount(tx, scope);
      if (!row?.chargesEnabled) return null;
      // A business that moved to a plan without online payments keeps its account, and takes no payment through it.
      return (await planIncludes(tx, scope.tenantId, scope.businessId, 'online-payments')) ? row.providerAccountId : null;
    },

    /** The business's payout account id when the provider lets it receive payouts (as last told by its events), else null: where an advance is sent. */
    async payoutAccountInTx(tx: Tx, scope: BusinessScope): Promise<string | null> {
      const row = await repo.findPayoutAccount(tx, scope);
      return row?.payoutsEnabled ? row.providerAccountId : null;
    },

    /**
     * The inbox's `account.updated` handler, in the inbox's transaction: the account's current state
     * is read from the provider when an event says it changed (never polled), so a late or
     * duplicate event only stores the same current state again.
     */
    async applyAccountUpdated(tx: Tx, event: InboxEvent): Promise<void> {
      const accountId = event.account ?? (typeof event.object.id === 'string' ? event.object.id : null);
      if (!accountId) return;
      await repo.lockProviderAccount(tx, event.tenantId, accountId);
      const row = await repo.findPayoutAccountByProviderId(tx, event.tenantId, accountId);
      if (!row) return;
      // The inbox's transaction holds the connection (PGlite has one): the settings are read through it.
      const settings = await repo.findProviderSettings(tx, event.tenantId);
      if (!settings?.secret) return;
      const provider = app.paymentProviders({ secretKey: app.secretBox.open(settings.secret), accountId: settings.accountId });
      const account = await provider.retrievePayoutAccount(accountId);
      await saveAccountState(tx, app.webhookEvents, { tenantId: event.tenantId, businessId: row.businessId }, snapshotOf(account, app.clock.now()));
    },
  };
  return service;
}

export type PayoutService = ReturnType<typeof createPayoutService>;
