import Stripe from 'stripe';
import type { PaymentProviderError } from './payment-provider';
import type { ProviderSavedMethod, ProviderSetupAttempt, SavedMethodProvider } from './saved-method-provider';

/**
 * The saved-method calls of the Stripe adapter (Customers, SetupIntents, PaymentMethods, off-session
 * PaymentIntents), kept apart from stripe-payment-provider.ts, which spreads them into its client.
 * That file lends its error mapping, so the two report failures alike.
 */
export type StripeAdapterTools = {
  call<T>(run: () => Promise<T>): Promise<T>;
  toProviderError(error: unknown): PaymentProviderError;
};

const SETUP_STATUSES: readonly ProviderSetupAttempt['status'][] = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'succeeded', 'canceled'];

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

function toSetupAttempt(intent: Stripe.SetupIntent): ProviderSetupAttempt {
  const status = SETUP_STATUSES.find((candidate) => candidate === intent.status) ?? 'requires_payment_method';
  return { id: intent.id, status, customerId: idOf(intent.customer), paymentMethodId: idOf(intent.payment_method), clientSecret: intent.client_secret, metadata: intent.metadata ?? {} };
}

function toSavedMethod(method: Stripe.PaymentMethod): ProviderSavedMethod {
  const customerId = idOf(method.customer);
  if (method.type === 'us_bank_account') {
    return { id: method.id, customerId, type: 'us_bank_account', label: method.us_bank_account?.bank_name ?? null, last4: method.us_bank_account?.last4 ?? null, expMonth: null, expYear: null };
  }
  const card = method.card;
  return { id: method.id, customerId, type: 'card', label: card?.brand ?? null, last4: card?.last4 ?? null, expMonth: card?.exp_month ?? null, expYear: card?.exp_year ?? null };
}

export function createStripeSavedMethodCalls(stripe: Stripe, tools: StripeAdapterTools): SavedMethodProvider {
  const { call } = tools;
  return {
    createPaymentCustomer: (input, idempotencyKey) =>
      call(async () => {
        const customer = await stripe.customers.create({ name: input.name, ...(input.email ? { email: input.email } : {}), metadata: input.metadata }, { idempotencyKey });
        return { id: customer.id };
      }),

    createSetupAttempt: (input, idempotencyKey) =>
      call(async () =>
        toSetupAttempt(
          await stripe.setupIntents.create(
            { customer: input.customerId, usage: 'off_session', allowed_payment_method_types: [...input.methods], metadata: input.metadata },
            { idempotencyKey },
          ),
        ),
      ),

    retrieveSetupAttempt: (id) => call(async () => toSetupAttempt(await stripe.setupIntents.retrieve(id))),

    setupAttemptIdOf: (object) => (object.object === 'setup_intent' && typeof object.id === 'string' ? object.id : null),

    retrieveSavedMethod: (id) => call(async () => toSavedMethod(await stripe.paymentMethods.retrieve(id))),

    detachSavedMethod: (id) =>
      call(async () => {
        const method = await stripe.paymentMethods.retrieve(id);
        if (method.customer !== null) await stripe.paymentMethods.detach(id);
      }),

    createOffSessionAttempt: (input, idempotencyKey) =>
      call(async () => {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency,
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            allowed_payment_method_types: ['card', 'us_bank_account'],
            ...(input.destinationAccountId ? { transfer_data: { destination: input.destinationAccountId } } : {}),
            ...(input.destinationAccountId && input.applicationFee > 0 ? { application_fee_amount: input.applicationFee } : {}),
            ...(input.description ? { description: input.description } : {}),
            metadata: input.metadata,
          },
          { idempotencyKey },
        );
        return intent.id;
      }),

    async confirmOffSessionAttempt(id, idempotencyKey) {
      try {
        const intent = await stripe.paymentIntents.confirm(id, { off_session: true }, { idempotencyKey });
        return { charged: intent.status };
      } catch (error) {
        // A decline (or authentication the absent payer cannot give) is the charge's answer; anything else is an error.
        if (error instanceof Stripe.errors.StripeCardError) return { refused: error.message, declineCode: error.decline_code ?? error.code ?? null };
        throw tools.toProviderError(error);
      }
    },
  };
}
