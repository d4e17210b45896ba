import type { AppContext } from '../../platform/app-context';
import { AppError } from '../../platform/errors';
import { FinancingProviderError } from '../../platform/providers/financing-provider';
import { PaymentProviderError } from '../../platform/providers/payment-provider';
import { financingProviderCredentials, paymentProviderSettings } from '../tenants/tenants.service';

/** The inbox's `provider` column for each source. */
export const PAYMENT_PROVIDER = 'stripe';
export const FINANCING_PROVIDER = 'financing';

/** A delivery as the webhook route hands it over: the exact bytes and the headers that sign them (lower-case names). */
export type WebhookDelivery = { rawBody: Buffer; headers: Record<string, string | string[] | undefined> };

/** What the inbox stores of a verified delivery. */
export type VerifiedDelivery = { id: string; type: string; account: string | null; created: number; livemode: boolean; payload: unknown };

/** One provider's webhook: its inbox name and how a delivery is verified with the tenant's own secret. */
export type WebhookSource = { provider: string; verify(app: AppContext, tenantId: string, delivery: WebhookDelivery): Promise<VerifiedDelivery> };

/** Why a delivery was refused: the provider retries it, nothing was stored. */
export const webhookMessages = {
  missingSignature: 'The Stripe-Signature header is missing.',
  invalidSignature: 'The signature or its timestamp is not valid.',
  notConfigured: 'No payment-provider webhook is configured for this tenant.',
  missingLenderSignature: 'The Lender-Signature or Lender-Timestamp header is missing.',
  financingNotConfigured: 'No financing provider is configured for this tenant.',
} as const;

function headerOf(delivery: WebhookDelivery, name: string): string | undefined {
  const value = delivery.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The payment provider (Stripe): `Stripe-Signature`, checked with the tenant's webhook secret. */
export const paymentWebhookSource: WebhookSource = {
  provider: PAYMENT_PROVIDER,
  async verify(app, tenantId, delivery) {
    const signature = headerOf(delivery, 'stripe-signature');
    if (!signature) throw AppError.badRequest(webhookMessages.missingSignature);
    const settings = await paymentProviderSettings(app, tenantId);
    if (!settings?.webhookSecret) throw AppError.badRequest(webhookMessages.notConfigured);
    return app
      .paymentProviders(settings.credentials)
      .verifyEvent(delivery.rawBody, signature, settings.webhookSecret)
      .catch((error: unknown) => {
        throw error instanceof PaymentProviderError ? AppError.badRequest(webhookMessages.invalidSignature) : error;
      });
  },
};

/**
 * The tenant's lender: `Lender-Signature` and `Lender-Timestamp`, checked with the tenant's
 * financing API key (the lender signs with it). The inbox keeps the event as sent; its
 * `data.object` is the loan, which handlers read with `lenderLoanSchema`.
 */
export const financingWebhookSource: WebhookSource = {
  provider: FINANCING_PROVIDER,
  async verify(app, tenantId, delivery) {
    const signature = headerOf(delivery, 'lender-signature');
    const timestamp = headerOf(delivery, 'lender-timestamp');
    if (!signature || !timestamp) throw AppError.badRequest(webhookMessages.missingLenderSignature);
    const credentials = await financingProviderCredentials(app, tenantId);
    if (!credentials) throw AppError.badRequest(webhookMessages.financingNotConfigured);
    const event = await app
      .financingProviders(credentials)
      .verifyEvent(delivery.rawBody, signature, timestamp)
      .catch((error: unknown) => {
        throw error instanceof FinancingProviderError ? AppError.badRequest(webhookMessages.invalidSignature) : error;
      });
    return { id: event.id, type: event.type, account: null, created: event.created, livemode: event.livemode, payload: event.payload };
  },
};
