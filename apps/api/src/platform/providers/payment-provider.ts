import type { SavedMethodProvider } from './saved-method-provider';

/**
 * The payment provider port (docs/architecture.md, "Money movement"; ARCHITECTURE section 13).
 * Services speak only these types; the one adapter (stripe-payment-provider.ts) maps them to the
 * official SDK, and nothing else imports it. Amounts are integer minor units; requirement names
 * are the provider's own dotted paths (for example `individual.address.city`, `external_account`),
 * because the payout wizard shows exactly what the provider says is due.
 */

/** A tenant's provider settings, opened from the tenant row (secrets unsealed only here). */
export type PaymentProviderCredentials = {
  /** The secret API key (`sk_…`). */
  secretKey: string;
  /** The platform's own account id, when configured. */
  accountId: string | null;
};

/** Why a call failed, in the provider's words: the payout wizard shows `message` (spec section 8). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly details: {
      /** `authentication` for a bad key; otherwise the provider's error type (`invalid_request_error`, `card_error`, `idempotency_error`, `api_error`). */
      type: string;
      code: string | null;
      /** The request field the provider blamed (`individual[dob][year]`). */
      param: string | null;
      httpStatus: number | null;
    },
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export type AccountRequirementError = { code: string; reason: string; requirement: string };

export type AccountRequirements = {
  currentlyDue: string[];
  eventuallyDue: string[];
  pastDue: string[];
  pendingVerification: string[];
  errors: AccountRequirementError[];
  /** Why charges or payouts are off (`requirements.past_due`, `rejected.fraud`…), null when they are not. */
  disabledReason: string | null;
  /** Unix seconds by which `currentlyDue` must be provided, null when there is no deadline. */
  currentDeadline: number | null;
};

export type PayoutBankAccount = {
  id: string;
  bankName: string | null;
  last4: string;
  routingNumber: string | null;
  currency: string;
  country: string;
  defaultForCurrency: boolean;
  status: string;
};

export type Address = {
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
};

/** A connected (payout) account as the provider holds it. Never carries an ID number or a full bank account number. */
export type PayoutAccount = {
  id: string;
  businessType: 'individual' | 'company' | null;
  email: string | null;
  country: string;
  defaultCurrency: string | null;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  requirements: AccountRequirements;
  tosAccepted: boolean;
  individual: {
    firstName: string | null;
    lastName: string | null;
    email: string | null;
    phone: string | null;
    dob: { day: number; month: number; year: number } | null;
    address: Address | null;
    idNumberProvided: boolean;
    ssnLast4Provided: boolean;
    verificationDocumentProvided: boolean;
  } | null;
  company: {
    name: string | null;
    phone: string | null;
    address: Address | null;
    taxIdProvided: boolean;
    ownershipDocumentProvided: boolean;
  } | null;
  businessProfile: { mcc: string | null; url: string | null };
  externalAccounts: PayoutBankAccount[];
  /** Unix seconds. */
  created: number;
};

/** What the payout wizard sends on; every part optional, absent parts are left as they are. */
export type PayoutAccountUpdate = {
  businessType?: 'individual' | 'company';
  email?: string;
  individual?: {
    firstName?: string;
    lastName?: string;
    email?: string;
    phone?: string;
    dob?: { day: number; month: number; year: number };
    address?: Partial<Address>;
    ssnLast4?: string;
    /** A `pii_…` token made in the browser by the provider's script; the number itself never reaches us. */
    idNumberToken?: string;
    /** A file id from `uploadFile` with purpose `identity_document`. */
    verificationDocumentFront?: string;
    verificationDocumentBack?: string;
  };
  company?: {
    name?: string;
    phone?: string;
    address?: Partial<Address>;
    taxId?: string;
    /** A file id from `uploadFile` with purpose `account_requirement`. */
    ownershipDocument?: string;
  };
  businessProfile?: { mcc?: string; url?: string };
  tosAcceptance?: { date: number; ip: string; userAgent: string | null };
};

export type ProviderFilePurpose = 'identity_document' | 'account_requirement';

export type ProviderFile = { id: string; purpose: ProviderFilePurpose; size: number; type: string | null };

/** A provider event after its signature and timestamp were checked. `payload` is the parsed event as sent. */
export type VerifiedProviderEvent = {
  id: string;
  type: string;
  /** The connected account the event is about, when it is about one. */
  account: string | null;
  /** Unix seconds. */
  created: number;
  livemode: boolean;
  /** The event's object (`data.object`), as the provider sent it. */
  object: Record<string, unknown>;
  payload: unknown;
};

/** Where a payment attempt stands at the provider (a card's states; `processing` is a bank debit's wait). */
export type ProviderPaymentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'succeeded' | 'canceled';

/** The statuses in which no payer has confirmed the attempt yet, so it can still be canceled. */
export const AMENDABLE_PAYMENT_STATUSES: readonly ProviderPaymentStatus[] = ['requires_payment_method', 'requires_confirmation'];

/** A payment the payer confirms in the browser: the money goes to `destinationAccountId` less `applicationFee` (a destination charge). */
export type PaymentAttemptInput = {
  /** Minor units. */
  amount: number;
  /** ISO code, lower case (`usd`). */
  currency: string;
  destinationAccountId: string;
  /** The platform's fee, minor units. */
  applicationFee: number;
  /** One method per attempt: a card, or a US bank account debited by ACH with the payer's mandate. */
  methods: readonly ('card' | 'us_bank_account')[];
  description: string | null;
  metadata: Record<string, string>;
  /** A method the payer saved earlier (its provider customer and method): the attempt is made for it, and the payer confirms it. */
  saved?: { customerId: string; paymentMethodId: string };
};

/** A payment attempt as the provider holds it. */
export type ProviderPaymentAttempt = {
  id: string;
  status: ProviderPaymentStatus;
  amount: number;
  /** What the provider says it collected (0 until it succeeded). */
  amountReceived: number;
  currency: string;
  destinationAccountId: string | null;
  applicationFee: number | null;
  /** The secret the provider's browser script confirms with; never logged. */
  clientSecret: string | null;
  metadata: Record<string, string>;
  /** The provider's words for the last failure (a decline), for the payer. */
  lastErrorMessage: string | null;
};

/** A payer's bank account linked through the bank-link provider, and their acceptance of the debit mandate as the request showed it. */
export type ProcessorTokenBankPayment = {
  processorToken: string;
  /** The name the mandate and the bank debit carry (the payment provider requires one). */
  payerName: string;
  mandate: { ip: string; userAgent: string | null };
};

/** A refund of a payment attempt's charge; for a destination charge the transfer and the fee are taken back in proportion. */
export type ProviderRefund = { id: string; paymentAttemptId: string; amount: number; currency: string; status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action' };

/** Money the platform sends from its own balance to a connected account (the platform lender's advance). */
export type TransferInput = {
  destinationAccountId: string;
  /** Minor units. */
  amount: number;
  /** ISO code, lower case (`usd`). */
  currency: string;
  description: string | null;
  metadata: Record<string, string>;
};

export type ProviderTransfer = { id: string; destinationAccountId: string; amount: number; currency: string; amountReversed: number };

export type ProviderMovementKind = 'charge' | 'application_fee' | 'transfer' | 'refund' | 'transfer_reversal' | 'application_fee_refund';

/**
 * Something the provider moved for a payment, as a verified event's object tells it: the charge,
 * the platform's application fee, the transfer to the connected account, a refund, the transfer's
 * reversal or the fee's refund. `chargeId` ties each to its charge (a transfer and a fee name no
 * PaymentIntent); `amountReversed` is what was refunded or reversed of it so far.
 */
export type ProviderMovement = {
  id: string;
  kind: ProviderMovementKind;
  paymentAttemptId: string | null;
  chargeId: string | null;
  amount: number;
  amountReversed: number;
  currency: string;
  status: string;
  destination: string | null;
  /** Unix seconds. */
  created: number;
};

export type PaymentProvider = SavedMethodProvider & {
  /** A real call with the tenant's key; resolves with the platform account id, rejects with PaymentProviderError (type `authentication` for a bad key). */
  verifyCredentials(): Promise<{ accountId: string }>;
  /** A connected account the platform collects requirements for (API onboarding), US, usd. */
  createPayoutAccount(input: { email: string | null; businessType: 'individual' | 'company' | null; metadata: Record<string, string> }, idempotencyKey: string): Promise<PayoutAccount>;
  retrievePayoutAccount(accountId: string): Promise<PayoutAccount>;
  updatePayoutAccount(accountId: string, update: PayoutAccountUpdate, idempotencyKey: string): Promise<PayoutAccount>;
  /** Uploads a file for the connected account (`Stripe-Account`), within the provider's size and type limits. */
  uploadFile(accountId: string, file: { name: string; type: string; data: Buffer }, purpose: ProviderFilePurpose): Promise<ProviderFile>;
  /** Attaches a bank token (`btok_…`, from the browser or from the bank-link provider) as the default payout account. */
  attachBankAccount(accountId: string, bankToken: string, idempotencyKey: string): Promise<PayoutBankAccount>;
  /** A payment attempt (PaymentIntent), the idempotency key derived from the business operation (`pay:<invoice>:<attempt>`). */
  createPaymentAttempt(input: PaymentAttemptInput, idempotencyKey: string): Promise<ProviderPaymentAttempt>;
  retrievePaymentAttempt(id: string): Promise<ProviderPaymentAttempt>;
  /** Confirms a bank attempt server-side with a bank-link processor token (a verified account: no microdeposits) and the payer's online mandate; answers `processing`. */
  confirmBankPaymentWithProcessorToken(id: string, input: ProcessorTokenBankPayment, idempotencyKey: string): Promise<ProviderPaymentAttempt>;
  /** Cancels an attempt no payer has confirmed (its amount or destination no longer what is paid). */
  cancelPaymentAttempt(id: string, idempotencyKey: string): Promise<ProviderPaymentAttempt>;
  /** Refunds `amount` (all that is left when null) of a succeeded attempt, reversing the transfer to the business and the platform's fee in proportion. */
  refundPaymentAttempt(id: string, amount: number | null, idempotencyKey: string): Promise<ProviderRefund>;
  /** A transfer to a connected account; the idempotency key derived from what it pays (`advance:<loan>`), so a retry after a crash moves the money once. */
  createTransfer(input: TransferInput, idempotencyKey: string): Promise<ProviderTransfer>;
  /** The payment attempt a verified event carries as its object; null when the object is not one. */
  paymentAttemptOf(object: Record<string, unknown>): ProviderPaymentAttempt | null;
  /** The movements a verified event's object tells of (a charge with its refunds, a transfer with its reversals, a fee with its refunds, a refund); none for other objects. */
  movementsOf(object: Record<string, unknown>): ProviderMovement[];
  /** The refunds a verified event's object carries (a refund, or a charge's list of refunds), each with its payment attempt. */
  refundsOf(object: Record<string, unknown>): ProviderRefund[];
  /** Checks `signatureHeader` over the raw body with the webhook secret and the tolerance; throws PaymentProviderError (type `signature`) otherwise. */
  verifyEvent(rawBody: Buffer, signatureHeader: string, webhookSecret: string): Promise<VerifiedProviderEvent>;
};

/** Builds a provider client for one tenant's credentials (keys are per tenant). */
export type PaymentProviderFactory = (credentials: PaymentProviderCredentials) => PaymentProvider;
