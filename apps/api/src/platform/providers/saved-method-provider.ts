/**
 * The saved-payment-method part of the payment provider port (issue 17 items 4 and 5): provider
 * customers on the platform account, the setup attempts (SetupIntents) the browser confirms with
 * the provider's script, the methods they save, and off-session charges of a saved method.
 */

/** The kinds of method a payer may save: a card, or a US bank account debited through ACH. */
export type SavedMethodType = 'card' | 'us_bank_account';

/** A setup attempt as the provider holds it. */
export type ProviderSetupAttempt = {
  id: string;
  status: 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  customerId: string | null;
  /** The method it saved (or is saving). */
  paymentMethodId: string | null;
  /** The secret the provider's browser script confirms with; never logged. */
  clientSecret: string | null;
  metadata: Record<string, string>;
};

/** A saved method as the provider describes it: what a payer recognises it by, never its number. */
export type ProviderSavedMethod = {
  id: string;
  customerId: string | null;
  type: SavedMethodType;
  /** `visa`, `mastercard`…, or the bank's name. */
  label: string | null;
  last4: string | null;
  /** Cards only. */
  expMonth: number | null;
  expYear: number | null;
};

/** An off-session destination charge of a saved method: the money goes to `destinationAccountId` less `applicationFee`. */
export type SavedMethodChargeInput = {
  /** Minor units. */
  amount: number;
  currency: string;
  customerId: string;
  paymentMethodId: string;
  /** The connected account paid (a destination charge, less `applicationFee`); null when the platform keeps the money (a BNPL loan's repayment to the lender). */
  destinationAccountId: string | null;
  applicationFee: number;
  description: string | null;
  metadata: Record<string, string>;
};

/** A charge the provider took: `succeeded` for a card; a bank debit stays `processing` until it settles. */
export type SavedMethodCharge = { charged: string };

/** A charge the provider refused (a decline, authentication the absent payer cannot give): its words and its decline code. */
export type SavedMethodChargeRefusal = { refused: string; declineCode: string | null };

export type SavedMethodProvider = {
  /** A customer on the platform account that saved methods hang from. */
  createPaymentCustomer(input: { name: string; email: string | null; metadata: Record<string, string> }, idempotencyKey: string): Promise<{ id: string }>;
  /** A setup attempt for off-session use, for the browser to confirm with a card or a bank account. */
  createSetupAttempt(input: { customerId: string; methods: readonly SavedMethodType[]; metadata: Record<string, string> }, idempotencyKey: string): Promise<ProviderSetupAttempt>;
  retrieveSetupAttempt(id: string): Promise<ProviderSetupAttempt>;
  /** The id of the setup attempt a verified event carries as its object; null when the object is not one. */
  setupAttemptIdOf(object: Record<string, unknown>): string | null;
  retrieveSavedMethod(id: string): Promise<ProviderSavedMethod>;
  /** Takes a saved method off its customer; one already detached is left as it is. */
  detachSavedMethod(id: string): Promise<void>;
  /**
   * A payment attempt of a saved method, not confirmed yet: it is stored before it is confirmed, so
   * the provider's `payment_intent.succeeded` always finds it. Answers the attempt's id.
   */
  createOffSessionAttempt(input: SavedMethodChargeInput, idempotencyKey: string): Promise<string>;
  /** Confirms it with the payer absent. A refusal is an answer, not an error. */
  confirmOffSessionAttempt(id: string, idempotencyKey: string): Promise<SavedMethodCharge | SavedMethodChargeRefusal>;
};
