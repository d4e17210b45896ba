import {
  type PaymentMethodLinkResource,
  type PaymentMethodSetupConfirmRequest,
  type PaymentMethodSetupResource,
  type PublicPaymentMethodLinkResource,
  type SavedPaymentMethodResource,
  paymentMethodSetupConfirmRequestSchema,
  savedPaymentMethodMessages,
} from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { newId, randomToken, sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { paymentProviderSettings } from '../tenants/tenants.service';
import { providerScriptUrls } from '../../platform/providers/provider-scripts';
import { type SavedMethodCore, toMethodResource } from './saved-methods-core';
import * as repo from './saved-methods.repository';

/** How long a payment-method link stays usable: a week, long enough for a customer to find the mail. */
export const PAYMENT_METHOD_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The vendor's customer record a link is for, as the counterparties module gives it. */
export type LinkCustomer = { id: string; name: string };

export type PaymentMethodLinkDeps = {
  /** The vendor's customer record, 404 when it is not one of the business's customers. */
  customerRecord(scope: BusinessScope, counterpartyId: string): Promise<LinkCustomer>;
};

const gone = (message: string) => new AppError('gone', message, 410);

/**
 * Payment-method links (issue 17 item 4): a vendor asks a customer who has no account to save a
 * method. The link's token is 256 random bits, shown once and kept only as its hash; it expires
 * after a week and saves one method, for the vendor's customer record (so only that vendor's auto
 * pay may charge it). Its page has one setup at a time, given again until it can no longer be
 * confirmed, so two tabs cannot save two methods through one link.
 */
export function createPaymentMethodLinkService(app: AppContext, core: SavedMethodCore, deps: PaymentMethodLinkDeps) {
  /** The link a token opens in this tenant, locked; 404 unknown, 410 used or expired. */
  async function usableLink(tx: Tx, tenantId: string, token: string): Promise<repo.PaymentMethodLinkRow> {
    const link = await repo.lockLinkByTokenHash(tx, tenantId, sha256(token));
    if (!link) throw AppError.notFound();
    if (link.usedAt) throw gone(savedPaymentMethodMessages.linkUsed);
    if (link.expiresAt.getTime() <= app.clock.now().getTime()) throw gone(savedPaymentMethodMessages.linkExpired);
    return link;
  }

  const ownerOf = (link: repo.PaymentMethodLinkRow): repo.MethodOwner => ({ tenantId: link.tenantId, businessId: link.businessId, counterpartyId: link.counterpartyId });

  return {
    /** POST /customers/{id}/payment-method-links: a new link for one of the business's customers. */
    async create(actor: AuditActor, scope: BusinessScope, vendorName: string, counterpartyId: string, origin: string): Promise<PaymentMethodLinkResource> {
      const customer = await deps.customerRecord(scope, counterpartyId);
      const token = randomToken();
      const expiresAt = new Date(app.clock.now().getTime() + PAYMENT_METHOD_LINK_TTL_MS);
      await inTenant(app.db, scope.tenantId, async (tx) => {
        const id = newId();
        await repo.insertLink(tx, { tenantId: scope.tenantId, id, tokenHash: sha256(token), businessId: scope.businessId, counterpartyId: customer.id, vendorName, customerName: customer.name, expiresAt });
        await recordAudit(tx, actor, { model: 'payment_method_link', modelId: id, action: 'created', after: { counterparty_id: customer.id, expires_at: expiresAt.toISOString() } });
      });
      return { url: `${origin}/public/payment-method-links/view/${token}`, expires_at: expiresAt.toISOString() };
    },

    /** GET /public/payment-method-links/{token}: who asks and for whom. */
    async view(tenantId: string, token: string): Promise<PublicPaymentMethodLinkResource> {
      const link = await inTenant(app.db, tenantId, (tx) => usableLink(tx, tenantId, token));
      const settings = await paymentProviderSettings(app, tenantId);
      return {
        business_name: link.vendorName,
        customer_name: link.customerName,
        expires_at: link.expiresAt.toISOString(),
        publishable_key: settings?.publishableKey ?? null,
        provider_script: providerScriptUrls(app.env).payment_provider,
      };
    },

    /** POST /public/payment-method-links/{token}/setup: the link's one open setup, made when there is none it can still use. */
    async startSetup(tenantId: string, token: string): Promise<PaymentMethodSetupResource> {
      return inTenant(app.db, tenantId, async (tx) => {
        const link = await usableLink(tx, tenantId, token);
        if (link.providerSetupId) {
          const { provider, publishableKey } = await core.providerIn(tx, tenantId);
          const open = await provider.retrieveSetupAttempt(link.providerSetupId);
          if (core.UNFINISHED.includes(open.status) && open.clientSecret) {
            return { client_secret: open.clientSecret, publishable_key: publishableKey, provider_script: providerScriptUrls(app.env).payment_provider };
          }
          if (open.status === 'succeeded' && (await core.saveFromSetup(tx, tenantId, open.id))) throw gone(savedPaymentMethodMessages.linkUsed);
        }
        const made = await core.newSetup(tx, ownerOf(link), { name: link.customerName, email: null }, newId(), { payment_method_link_id: link.id, business_id: link.businessId });
        await repo.updateLink(tx, tenantId, link.id, { providerSetupId: made.id });
        return made.setup;
      });
    },

    /** POST /public/payment-method-links/{token}/confirm: the browser says it confirmed the link's setup; the provider is asked. */
    async confirmSetup(tenantId: string, token: string, input: PaymentMethodSetupConfirmRequest): Promise<SavedPaymentMethodResource> {
      const { setup_intent_id: setupId } = paymentMethodSetupConfirmRequestSchema.parse(input);
      return inTenant(app.db, tenantId, async (tx) => {
        const link = await repo.lockLinkByTokenHash(tx, tenantId, sha256(token));
        if (!link || link.providerSetupId !== setupId) throw AppError.notFound();
        const customer = await repo.findCustomer(tx, ownerOf(link));
        if (!customer) throw AppError.notFound();
        // A link already used by this very setup (the webhook came first) answers with what it saved.
        if (!link.usedAt && link.expiresAt.getTime() <= app.clock.now().getTime()) throw gone(savedPaymentMethodMessages.linkExpired);
        const saved = await core.saveFromSetup(tx, tenantId, setupId, customer);
        if (!saved) throw AppError.conflict(savedPaymentMethodMessages.setupNotFinished);
        return toMethodResource(saved);
      });
    },
  };
}

export type PaymentMethodLinkService = ReturnType<typeof createPaymentMethodLinkService>;
