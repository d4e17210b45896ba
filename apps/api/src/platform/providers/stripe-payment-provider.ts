import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import {
  type AccountRequirements,
  type Address,
  type PaymentProvider,
  type PaymentProviderCredentials,
  PaymentProviderError,
  type PaymentProviderFactory,
  type PayoutAccount,
  type PayoutAccountUpdate,
  type PayoutBankAccount,
  type ProviderPaymentAttempt,
  type ProviderRefund,
  type ProviderPaymentStatus,
  type VerifiedProviderEvent,
} from './payment-provider';
import { createStripeSavedMethodCalls } from './stripe-saved-method-provider';
import { stripeMovementsOf, stripeRefundsOf } from './stripe-movements';

/**
 * The PaymentProvider port on the official `stripe` SDK: the only file (with the bank-link
 * adapter) that imports it. Connected accounts are Accounts v1 with controller properties (the
 * platform collects requirements through the payout wizard; no Stripe dashboard), US and usd.
 */

/** Where the SDK sends its requests: Stripe's own API, or (tests, the demo) a fake at `http://127.0.0.1:port`. */
export type StripeApiBase = { host: string; port: number; protocol: 'http' | 'https' };

/** Parses PAYMENT_PROVIDER_API_BASE (`http://127.0.0.1:12111`); null keeps Stripe's API. */
export function stripeApiBaseOf(url: string | undefined): StripeApiBase | null {
  if (!url) return null;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'https:' ? 'https' : 'http';
  return { host: parsed.hostname, port: parsed.port ? Number(parsed.port) : protocol === 'https' ? 443 : 80, protocol };
}

/** A call that times out answers the caller instead of holding a request for the SDK's default 80 s. */
const REQUEST_TIMEOUT_MS = 20_000;
/** Stripe's default tolerance: a signature older than five minutes is a replay. */
const EVENT_TOLERANCE_SECONDS = 300;

function toProviderError(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
    return new PaymentProviderError(error.message, { type: 'signature', code: null, param: null, httpStatus: null });
  }
  if (error instanceof Stripe.errors.StripeError) {
    const type = error instanceof Stripe.errors.StripeAuthenticationError ? 'authentication' : (error.rawType ?? error.type);
    return new PaymentProviderError(error.message, { type, code: error.code ?? null, param: error.param ?? null, httpStatus: error.statusCode ?? null });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new PaymentProviderError(message, { type: 'api_error', code: null, param: null, httpStatus: null });
}

/** Runs one SDK call; whatever it throws reaches the caller as a PaymentProviderError. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toProviderError(error);
  }
}

function toAddress(address: Stripe.Address | null | undefined): Address | null {
  if (!address) return null;
  return { line1: address.line1, line2: address.line2, city: address.city, state: address.state, postalCode: address.postal_code, country: address.country };
}

function toAddressParam(address: Partial<Address>): Stripe.AddressParam {
  return {
    ...(address.line1 !== undefined ? { line1: address.line1 ?? '' } : {}),
    ...(address.line2 !== undefined ? { line2: address.line2 ?? '' } : {}),
    ...(address.city !== undefined ? { city: address.city ?? '' } : {}),
    ...(address.state !== undefined ? { state: address.state ?? '' } : {}),
    ...(address.postalCode !== undefined ? { postal_code: address.postalCode ?? '' } : {}),
    ...(address.country !== undefined ? { country: address.country ?? '' } : {}),
  };
}

function toRequirements(requirements: Stripe.Account.Requirements | undefined): AccountRequirements {
  return {
    currentlyDue: requirements?.currently_due ?? [],
    eventuallyDue: requirements?.eventually_due ?? [],
    pastDue: requirements?.past_due ?? [],
    pendingVerification: requirements?.pending_verification ?? [],
    errors: (requirements?.errors ?? []).map((e) => ({ code: e.code, reason: e.reason, requirement: e.requirement })),
    disabledReason: requirements?.disabled_reason ?? null,
    currentDeadline: requirements?.current_deadline ?? null,
  };
}

function toBankAccount(bank: Stripe.BankAccount): PayoutBankAccount {
  return {
    id: bank.id,
    bankName: bank.bank_name,
    last4: bank.last4,
    routingNumber: bank.routing_number,
    currency: bank.currency,
    country: bank.country,
    defaultForCurrency: bank.default_for_currency ?? false,
    status: bank.status,
  };
}

const OWNERSHIP_DOCUMENT = 'documents.proof_of_ultimate_beneficial_ownership.files';

function toPayoutAccount(account: Stripe.Account): PayoutAccount {
  const requirements = toRequirements(account.requirements);
  const person = account.individual;
  const company = account.company;
  const dob = person?.dob;
  const due = [...requirements.currentlyDue, ...requirements.eventuallyDue, ...requirements.pastDue];
  return {
    id: account.id,
    businessType: account.business_type === 'individual' ? 'individual' : account.business_type === 'company' ? 'company' : null,
    email: account.email,
    country: account.country ?? 'US',
    defaultCurrency: account.default_currency ?? null,
    chargesEnabled: account.charges_enabled,
    payoutsEnabled: account.payouts_enabled,
    detailsSubmitted: account.details_submitted,
    requirements,
    tosAccepted: Boolean(account.tos_acceptance?.date),
    individual: person
      ? {
          firstName: person.first_name ?? null,
          lastName: person.last_name ?? null,
          email: person.email ?? null,
          phone: person.phone ?? null,
          dob: dob && dob.day !== null && dob.month !== null && dob.year !== null ? { day: dob.day, month: dob.month, year: dob.year } : null,
          address: toAddress(person.address),
          idNumberProvided: person.id_number_provided ?? false,
          ssnLast4Provided: person.ssn_last_4_provided ?? false,
          verificationDocumentProvided: Boolean(person.verification?.document?.front),
        }
      : null,
    company: company
      ? {
          name: company.name ?? null,
          phone: company.phone ?? null,
          address: toAddress(company.address),
          taxIdProvided: company.tax_id_provided ?? false,
          // Stripe never reads `documents` back: the file counts as provided once it is no longer asked for.
          ownershipDocumentProvided: !due.includes(OWNERSHIP_DOCUMENT),
        }
      : null,
    businessProfile: { mcc: account.business_profile?.mcc ?? null, url: account.business_profile?.url ?? null },
    externalAccounts: (account.external_accounts?.data ?? []).filter((e): e is Stripe.BankAccount => e.object === 'bank_account').map(toBankAccount),
    created: account.created ?? 0,
  };
}

function toIndividualParams(individual: NonNullable<PayoutAccountUpdate['individual']>): Stripe.AccountUpdateParams.Individual {
  const document = individual.verificationDocumentFront || individual.verificationDocumentBack
    ? { document: { ...(individual.verificationDocumentFront ? { front: individual.verificationDocumentFront } : {}), ...(individual.verificationDocumentBack ? { back: individual.verificationDocumentBack } : {}) } }
    : null;
  return {
    ...(individual.firstName !== undefined ? { first_name: individual.firstName } : {}),
    ...(individual.lastName !== undefined ? { last_name: individual.lastName } : {}),
    ...(individual.email !== undefined ? { email: individual.email } : {}),
    ...(individual.phone !== undefined ? { phone: individual.phone } : {}),
    ...(individual.dob ? { dob: individual.dob } : {}),
    ...(individual.address ? { address: toAddressParam(individual.address) } : {}),
    ...(individual.ssnLast4 !== undefined ? { ssn_last_4: individual.ssnLast4 } : {}),
    // Stripe accepts a `pii_…` token where the number would go: the number itself never reaches us.
    ...(individual.idNumberToken !== undefined ? { id_number: individual.idNumberToken } : {}),
    ...(document ? { verification: document } : {}),
  };
}

function toUpdateParams(update: PayoutAccountUpdate): Stripe.AccountUpdateParams {
  const company = update.company;
  return {
    ...(update.businessType ? { business_type: update.businessType } : {}),
    ...(update.email !== undefined ? { email: update.email } : {}),
    ...(update.individual ? { individual: toIndividualParams(update.individual) } : {}),
    ...(company
      ? {
          company: {
            ...(company.name !== undefined ? { name: company.name } : {}),
            ...(company.phone !== undefined ? { phone: company.phone } : {}),
            ...(company.address ? { address: toAddressParam(company.address) } : {}),
            ...(company.taxId !== undefined ? { tax_id: company.taxId } : {}),
          },
        }
      : {}),
    ...(company?.ownershipDocument ? { documents: { proof_of_ultimate_beneficial_ownership: { files: [company.ownershipDocument] } } } : {}),
    ...(update.businessProfile ? { business_profile: { ...(update.businessProfile.mcc !== undefined ? { mcc: update.businessProfile.mcc } : {}), ...(update.businessProfile.url !== undefined ? { url: update.businessProfile.url } : {}) } } : {}),
    ...(update.tosAcceptance
      ? { tos_acceptance: { date: update.tosAcceptance.date, ip: update.tosAcceptance.ip, ...(update.tosAcceptance.userAgent ? { user_agent: update.tosAcceptance.userAgent } : {}) } }
      : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const PAYMENT_STATUSES: readonly ProviderPaymentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'succeeded', 'canceled'];

/** A status this version of the port knows; a newer one the provider adds is an error here, never guessed at. */
function paymentStatusOf(status: unknown): ProviderPaymentStatus | undefined {
  return PAYMENT_STATUSES.find((candidate) => candidate === status);
}

function toPaymentAttempt(intent: Stripe.PaymentIntent): ProviderPaymentAttempt {
  const destination = intent.transfer_data?.destination;
  const status = paymentStatusOf(intent.status);
  if (!status) throw new PaymentProviderError(`Unknown payment status ${intent.status}`, { type: 'api_error', code: null, param: null, httpStatus: null });
  return {
    id: intent.id,
    status,
    amount: intent.amount,
    amountReceived: intent.amount_received,
    currency: intent.currency,
    destinationAccountId: typeof destination === 'string' ? destination : (destination?.id ?? null),
    applicationFee: intent.application_fee_amount,
    clientSecret: intent.client_secret,
    metadata: intent.metadata,
    lastErrorMessage: intent.last_payment_error?.message ?? null,
  };
}

function toRefund(refund: Stripe.Refund, paymentAttemptId: string): ProviderRefund {
  const status = refund.status === 'succeeded' || refund.status === 'failed' || refund.status === 'canceled' || refund.status === 'requires_action' ? refund.status : 'pending';
  return { id: refund.id, paymentAttemptId, amount: refund.amount, currency: refund.currency, status };
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const whole = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);

/** A PaymentIntent as an event carries it (`data.object`), read field by field: the body is checked, not trusted to be one. */
function paymentAttemptOfObject(object: Record<string, unknown>): ProviderPaymentAttempt | null {
  const id = text(object.id);
  const status = paymentStatusOf(object.status);
  const amount = whole(object.amount);
  const currency = text(object.currency);
  if (object.object !== 'payment_intent' || !id || !status || amount === null || !currency) return null;
  const transfer = isRecord(object.transfer_data) ? object.transfer_data : null;
  const metadata = isRecord(object.metadata) ? Object.fromEntries(Object.entries(object.metadata).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : []))) : {};
  const lastError = isRecord(object.last_payment_error) ? text(object.last_payment_error.message) : null;
  return {
    id,
    status,
    amount,
    amountReceived: whole(object.amount_received) ?? 0,
    currency,
    destinationAccountId: transfer ? text(transfer.destination) : null,
    applicationFee: whole(object.application_fee_amount),
    clientSecret: null,
    metadata,
    lastErrorMessage: lastError,
  };
}

/** `us_bank_account[external_token]` (API 2026-10-28.preview): a bank-link processor token as the account to debit. */
type ExternalTokenBankAccount = Stripe.PaymentIntentConfirmParams.PaymentMethodData.UsBankAccount & { external_token: { type: 'plaid_processor_token'; token: string } };

/** One tenant's client: the SDK with its secret key, pointed at `base` when given. */
export function createStripePaymentProvider(credentials: PaymentProviderCredentials, base: StripeApiBase | null): PaymentProvider {
  const stripe = new Stripe(credentials.secretKey, { timeout: REQUEST_TIMEOUT_MS, maxNetworkRetries: 1, telemetry: false, ...(base ?? {}) });

  return {
    ...createStripeSavedMethodCalls(stripe, { call, toProviderError }),

    verifyCredentials: () => call(async () => ({ accountId: (await stripe.accounts.retrieveCurrent()).id })),

    createPayoutAccount: (input, idempotencyKey) =>
      call(async () =>
        toPayoutAccount(
          await stripe.accounts.create(
            {
              country: 'US',
              default_currency: 'usd',
              ...(input.email ? { email: input.email } : {}),
              ...(input.businessType ? { business_type: input.businessType } : {}),
              controller: { requirement_collection: 'application', losses: { payments: 'application' }, fees: { payer: 'application' }, stripe_dashboard: { type: 'none' } },
              capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
              metadata: input.metadata,
            },
            { idempotencyKey },
          ),
        ),
      ),

    retrievePayoutAccount: (accountId) => call(async () => toPayoutAccount(await stripe.accounts.retrieve(accountId))),

    updatePayoutAccount: (accountId, update, idempotencyKey) => call(async () => toPayoutAccount(await stripe.accounts.update(accountId, toUpdateParams(update), { idempotencyKey }))),

    uploadFile: (accountId, file, purpose) =>
      call(async () => {
        const created = await stripe.files.create({ purpose, file: { data: file.data, name: file.name, type: file.type } }, { stripeAccount: accountId });
        return { id: created.id, purpose, size: created.size, type: created.type ?? null };
      }),

    attachBankAccount: (accountId, bankToken, idempotencyKey) =>
      call(async () => {
        const attached = await stripe.accounts.createExternalAccount(accountId, { external_account: bankToken, default_for_currency: true }, { idempotencyKey });
        if (attached.object !== 'bank_account') throw new PaymentProviderError('The token is not a bank account.', { type: 'invalid_request_error', code: 'token_not_bank_account', param: 'external_account', httpStatus: null });
        return toBankAccount(attached);
      }),

    createPaymentAttempt: (input, idempotencyKey) =>
      call(async () =>
        toPaymentAttempt(
          await stripe.paymentIntents.create(
            {
              amount: input.amount,
              currency: input.currency,
              allowed_payment_method_types: [...input.methods],
              transfer_data: { destination: input.destinationAccountId },
              ...(input.applicationFee > 0 ? { application_fee_amount: input.applicationFee } : {}),
              ...(input.description ? { description: input.description } : {}),
              ...(input.saved ? { customer: input.saved.customerId, payment_method: input.saved.paymentMethodId } : {}),
              metadata: input.metadata,
            },
            { idempotencyKey },
          ),
        ),
      ),

    retrievePaymentAttempt: (id) => call(async () => toPaymentAttempt(await stripe.paymentIntents.retrieve(id))),

    confirmBankPaymentWithProcessorToken: (id, input, idempotencyKey) =>
      call(async () => {
        // Stripe's preview field is not in the SDK's types: it rides beside the typed ones, as Stripe documents it.
        const usBankAccount: ExternalTokenBankAccount = { external_token: { type: 'plaid_processor_token', token: input.processorToken } };
        const confirmed = await stripe.paymentIntents.confirm(
          id,
          {
            payment_method_data: { type: 'us_bank_account', us_bank_account: usBankAccount, billing_details: { name: input.payerName } },
            mandate_data: { customer_acceptance: { type: 'online', online: { ip_address: input.mandate.ip, ...(input.mandate.userAgent ? { user_agent: input.mandate.userAgent } : {}) } } },
          },
          { idempotencyKey },
        );
        return toPaymentAttempt(confirmed);
      }),

    cancelPaymentAttempt: (id, idempotencyKey) => call(async () => toPaymentAttempt(await stripe.paymentIntents.cancel(id, {}, { idempotencyKey }))),

    createTransfer: (input, idempotencyKey) =>
      call(async () => {
        const transfer = await stripe.transfers.create(
          { destination: input.destinationAccountId, amount: input.amount, currency: input.currency, ...(input.description === null ? {} : { description: input.description }), metadata: input.metadata },
          { idempotencyKey },
        );
        const destination = typeof transfer.destination === 'string' ? transfer.destination : (transfer.destination?.id ?? input.destinationAccountId);
        return { id: transfer.id, destinationAccountId: destination, amount: transfer.amount, currency: transfer.currency, amountReversed: transfer.amount_reversed };
      }),
    refundPaymentAttempt: (id, amount, idempotencyKey) =>
      call(async () => {
        const refund = await stripe.refunds.create({ payment_intent: id, ...(amount === null ? {} : { amount }), reverse_transfer: true, refund_application_fee: true }, { idempotencyKey });
        return toRefund(refund, id);
      }),

    paymentAttemptOf: paymentAttemptOfObject,

    movementsOf: stripeMovementsOf,

    refundsOf: stripeRefundsOf,

    verifyEvent: (rawBody, signatureHeader, webhookSecret) =>
      call(async (): Promise<VerifiedProviderEvent> => {
        const event = await stripe.webhooks.constructEventAsync(rawBody, signatureHeader, webhookSecret, EVENT_TOLERANCE_SECONDS);
        const object: unknown = event.data.object;
        return {
          id: event.id,
          type: event.type,
          account: event.account ?? null,
          created: event.created,
          livemode: event.livemode,
          object: isRecord(object) ? object : {},
          payload: JSON.parse(rawBody.toString('utf8')),
        };
      }),
  };
}

/** Clients kept at most: far more than the tenants that take payments at once; the least recently used goes first. */
const CACHED_CLIENTS = 256;

/** Which client answers these credentials: a digest, so the cache's keys hold no secret. */
function credentialsDigest(credentials: PaymentProviderCredentials): string {
  return createHash('sha256').update(credentials.secretKey).update('\0').update(credentials.accountId ?? '').digest('hex');
}

/**
 * The factory the app context holds: every tenant's client goes to the same API base. A client is
 * built once per set of credentials (a Stripe client sets up every API resource, and each webhook
 * delivery, each card payment and each inbox event asked for one); new credentials are a new key,
 * so a tenant whose settings change gets a new client at once and the old one ages out.
 */
export function createStripePaymentProviderFactory(base: StripeApiBase | null): PaymentProviderFactory {
  const clients = new Map<string, PaymentProvider>();
  return (credentials) => {
    const key = credentialsDigest(credentials);
    const known = clients.get(key);
    // Map keeps insertion order: taking the entry out and back in marks it the most recently used.
    clients.delete(key);
    const client = known ?? createStripePaymentProvider(credentials, base);
    clients.set(key, client);
    const oldest = clients.keys().next();
    if (clients.size > CACHED_CLIENTS && !oldest.done) clients.delete(oldest.value);
    return client;
  };
}
