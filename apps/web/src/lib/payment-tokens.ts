import type { VerifyMicrodepositsForSetupData } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { loadScriptOnce } from './script-loader';

/**
 * The browser's one door to the payment provider's script (Stripe.js): the national ID number and
 * the bank account are turned into single-use tokens here, so the numbers never reach our server
 * (spec section 5). The script loads on first use only: from its canonical URL, or from `scriptUrl`
 * when the provider is at another address (the fake in tests and the demo), where it defines
 * `window.Stripe` before Stripe's loader looks for it.
 */
export class PaymentTokenError extends Error {
  /** The provider's error code, when it gave one (`payment_method_microdeposit_verification_attempts_exceeded`). */
  readonly code: string | null;

  constructor(message: string, code: string | null = null) {
    super(message);
    this.name = 'PaymentTokenError';
    this.code = code;
  }
}

/** The provider's code when the payer got the microdeposit code wrong too often: the attempt failed and the payer starts again. */
export const VERIFICATION_ATTEMPTS_EXCEEDED = 'payment_method_microdeposit_verification_attempts_exceeded';

export type BankAccountDetails = { routingNumber: string; accountNumber: string; accountHolderName: string; accountHolderType: 'individual' | 'company' };

/** The provider's card form (a card Element): the card number never touches our page's code or server. */
export type CardForm = {
  mount(target: HTMLElement): void;
  /** Confirms the payment whose client secret the server gave; throws PaymentTokenError with the provider's message on a decline. */
  pay(clientSecret: string): Promise<void>;
  /** Saves the card for later through the setup whose client secret the server gave (`confirmCardSetup`); answers the setup's id. */
  save(clientSecret: string): Promise<string>;
  destroy(): void;
};

export type PaymentTokens = {
  /** A `pii_…` token for a national ID number. */
  idNumberToken(idNumber: string): Promise<string>;
  /** A `btok_…` token for a US bank account in usd. */
  bankAccountToken(details: BankAccountDetails): Promise<string>;
  /** A card form to mount and pay with (Stripe.js `elements().create('card')` and `confirmCardPayment`). */
  cardForm(): Promise<CardForm>;
  /**
   * Confirms a bank payment (Stripe.js `confirmUsBankAccountPayment`, which records the payer's
   * online mandate acceptance): the debit then processes for days. Answers whether it is on its
   * way, or whether the provider first wants the account verified (real Stripe asks that of
   * accounts typed by hand: microdeposits, `requires_action`). Throws PaymentTokenError with the
   * provider's message when it refuses the account.
   */
  payByBank(clientSecret: string, details: BankAccountDetails): Promise<'processing' | 'needs_verification'>;
  /**
   * Saves a bank account for later debits through the setup whose client secret the server gave
   * (Stripe.js `confirmUsBankAccountSetup`, which records the payer's online mandate acceptance):
   * the setup's id once saved, or `needs_verification` when the provider first wants the account
   * verified (microdeposits, as real Stripe asks of accounts typed by hand) with the provider's
   * hosted page to enter the code on later (`verifyUrl`). Throws
   * PaymentTokenError with the provider's message when it refuses the account.
   */
  saveBank(clientSecret: string, details: BankAccountDetails): Promise<{ id: string; status: 'saved' | 'needs_verification'; verifyUrl: string | null }>;
  /**
   * Proves a bank account typed by hand with the code of the provider's microdeposit (Stripe.js
   * `verifyMicrodepositsForPayment`): the debit then processes. Throws PaymentTokenError with the
   * provider's message (and code) for a wrong code.
   */
  verifyBankPayment(clientSecret: string, descriptorCode: string): Promise<void>;
  /** The same for a bank account being saved (`verifyMicrodepositsForSetup`): answers the setup's id once saved. */
  verifyBankSetup(clientSecret: string, descriptorCode: string): Promise<string>;
  /**
   * Confirms, with the payer present, an attempt the server made for one of the payer's saved
   * methods (Stripe.js `confirmCardPayment(clientSecret)`, which shows 3-D Secure when the card
   * asks for it, or `confirmUsBankAccountPayment(clientSecret)`, which records the payer's online
   * mandate): whether it went through or, for a bank debit, is processing. Throws
   * PaymentTokenError with the provider's message when it is refused.
   */
  payWithSaved(clientSecret: string, method: 'card' | 'us_bank_account'): Promise<'succeeded' | 'processing'>;
};

const loaded = new Map<string, ReturnType<typeof loadStripe>>();

function stripeFor(publishableKey: string, scriptUrl: string | null) {
  const existing = loaded.get(publishableKey);
  if (existing) return existing;
  const loading = (scriptUrl ? loadScriptOnce(scriptUrl, () => new PaymentTokenError('The payment provider could not be reached.')) : Promise.resolve()).then(() => loadStripe(publishableKey));
  loaded.set(publishableKey, loading);
  // A failed load may be retried (the network came back).
  loading.catch(() => loaded.delete(publishableKey));
  return loading;
}

async function tokenOf(answer: Promise<{ token?: { id: string }; error?: { message?: string } }>): Promise<string> {
  const { token, error } = await answer;
  if (!token) throw new PaymentTokenError(error?.message ?? 'The payment provider could not read these details.');
  return token.id;
}

export function paymentTokens(publishableKey: string, scriptUrl: string | null): PaymentTokens {
  const stripe = async () => {
    const client = await stripeFor(publishableKey, scriptUrl);
    if (!client) throw new PaymentTokenError('The payment provider could not be reached.');
    return client;
  };
  return {
    async idNumberToken(idNumber) {
      return tokenOf((await stripe()).createToken('pii', { personal_id_number: idNumber }));
    },
    async bankAccountToken(details) {
      return tokenOf(
        (await stripe()).createToken('bank_account', {
          country: 'US',
          currency: 'usd',
          routing_number: details.routingNumber,
          account_number: details.accountNumber,
          account_holder_name: details.accountHolderName,
          account_holder_type: details.accountHolderType,
        }),
      );
    },
    async cardForm() {
      const client = await stripe();
      const card = client.elements().create('card');
      return {
        mount: (target) => card.mount(target),
        async pay(clientSecret) {
          const { error } = await client.confirmCardPayment(clientSecret, { payment_method: { card } });
          if (error) throw new PaymentTokenError(error.message ?? 'The payment provider refused this card.');
        },
        async save(clientSecret) {
          const { setupIntent, error } = await client.confirmCardSetup(clientSecret, { payment_method: { card } });
          if (!setupIntent) throw new PaymentTokenError(error?.message ?? 'The payment provider refused this card.');
          return setupIntent.id;
        },
        destroy: () => card.destroy(),
      };
    },
    async payByBank(clientSecret, details) {
      const { error, paymentIntent } = await (await stripe()).confirmUsBankAccountPayment(clientSecret, {
        payment_method: {
          us_bank_account: { routing_number: details.routingNumber, account_number: details.accountNumber, account_holder_type: details.accountHolderType },
          billing_details: { name: details.accountHolderName },
        },
      });
      if (error) throw new PaymentTokenError(error.message ?? 'The payment provider refused this bank account.');
      return paymentIntent.status === 'processing' || paymentIntent.status === 'succeeded' ? 'processing' : 'needs_verification';
    },
    async saveBank(clientSecret, details) {
      const { error, setupIntent } = await (await stripe()).confirmUsBankAccountSetup(clientSecret, {
        payment_method: {
          us_bank_account: { routing_number: details.routingNumber, account_number: details.accountNumber, account_holder_type: details.accountHolderType },
          billing_details: { name: details.accountHolderName },
        },
      });
      if (error) throw new PaymentTokenError(error.message ?? 'The payment provider refused this bank account.');
      return { id: setupIntent.id, status: setupIntent.status === 'succeeded' ? 'saved' : 'needs_verification', verifyUrl: setupIntent.next_action?.verify_with_microdeposits?.hosted_verification_url ?? null };
    },
    async verifyBankPayment(clientSecret, descriptorCode) {
      // Stripe.js takes the descriptor code for payments as for setups (its reference), though its payment type lists only `amounts`.
      const data: VerifyMicrodepositsForSetupData = { descriptor_code: descriptorCode };
      const { error } = await (await stripe()).verifyMicrodepositsForPayment(clientSecret, data);
      if (error) throw new PaymentTokenError(error.message ?? 'The payment provider could not verify this bank account.', error.code ?? null);
    },
    async verifyBankSetup(clientSecret, descriptorCode) {
      const { error, setupIntent } = await (await stripe()).verifyMicrodepositsForSetup(clientSecret, { descriptor_code: descriptorCode });
      if (error) throw new PaymentTokenError(error.message ?? 'The payment provider could not verify this bank account.', error.code ?? null);
      return setupIntent.id;
    },
    async payWithSaved(clientSecret, method) {
      const client = await stripe();
      const { error, paymentIntent } = method === 'card' ? await client.confirmCardPayment(clientSecret) : await client.confirmUsBankAccountPayment(clientSecret);
      if (error) throw new PaymentTokenError(error.message ?? 'The payment provider refused this payment method.');
      if (paymentIntent.status === 'succeeded') return 'succeeded';
      if (paymentIntent.status === 'processing') return 'processing';
      throw new PaymentTokenError('The payment provider could not finish this payment. Please try again.');
    },
  };
}
