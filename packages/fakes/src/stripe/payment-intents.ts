import type Stripe from 'stripe';
import { accountView } from './accounts.js';
import { bankReturnOutcome, newApplicationFee, newCharge, newMandate, newTransfer, type ChargeResult } from './charges.js';
import { invalidRequest, missingParam, nowSeconds, StripeApiError } from './errors.js';
import { formObject, formString, type FormObject } from './form.js';
import { attemptsExceeded, checkMicrodeposits, microdepositAction, needsMicrodeposits } from './microdeposits.js';
import { integerParam, intentPaymentMethodTypes, metadataOf, newBalanceTransaction, newPaymentIntent, newPaymentMethod } from './payment-objects.js';
import { minimumAmount, processingFee, type StoredIntent, type StoredPaymentMethod } from './payment-records.js';
import type { PaymentStore } from './payment-store.js';
import type { RequestOrigin } from './state.js';

/** Who confirmed: kept on a bank debit's mandate as the customer's online acceptance. */
export type Confirmer = { ip: string; userAgent: string | null };

const UPDATABLE_STATUSES: readonly Stripe.PaymentIntent.Status[] = ['requires_payment_method', 'requires_confirmation'];
const CONFIRMABLE_STATUSES: readonly Stripe.PaymentIntent.Status[] = ['requires_payment_method', 'requires_confirmation'];
const CANCELABLE_STATUSES: readonly Stripe.PaymentIntent.Status[] = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];

function unexpectedState(message: string): StripeApiError {
  return invalidRequest(message, { code: 'payment_intent_unexpected_state' });
}

function dollars(minor: number): string {
  return (minor / 100).toFixed(2);
}

/** PaymentIntents: the card and ACH state machines, and the charge, transfer and fee a success leaves. */
export class PaymentIntents {
  #declineNext = false;
  readonly #timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly store: PaymentStore,
    private readonly bankSettlementDelayMs: number | null,
    private readonly baseUrl: () => string,
  ) {}

  /** The next card confirmation is declined (generic_decline), whatever the card. */
  declineNextConfirm(): void {
    this.#declineNext = true;
  }

  #checkAmount(amount: number, currency: string): void {
    const minimum = minimumAmount(currency);
    if (amount < minimum) {
      throw invalidRequest(`Amount must be at least $${dollars(minimum)} ${currency}`, { code: 'amount_too_small', param: 'amount' });
    }
  }

  #checkDestination(destination: string): void {
    const account = this.store.host.accounts.get(destination);
    if (account === undefined) throw invalidRequest(`No such destination: '${destination}'`, { code: 'resource_missing', param: 'transfer_data[destination]' });
    const view = accountView(account);
    if (view.capabilities?.transfers !== 'active' || !view.charges_enabled) {
      throw invalidRequest(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        { code: 'insufficient_capabilities_for_transfer', param: 'transfer_data[destination]' },
      );
    }
  }

  create(params: FormObject, scope: string | null, origin: RequestOrigin, confirmer: Confirmer): StoredIntent {
    const amount = integerParam(params, 'amount');
    if (amount === undefined) throw missingParam('amount');
    const currency = formString(params.currency)?.toLowerCase();
    if (currency === undefined) throw missingParam('currency');
    this.#checkAmount(amount, currency);
    const fee = integerParam(params, 'application_fee_amount') ?? null;
    const destination = formString(formObject(params.transfer_data)?.destination);
    if (destination !== undefined) this.#checkDestination(destination);
    if (fee !== null && destination === undefined && scope === null) {
      throw invalidRequest('Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).', { param: 'application_fee_amount' });
    }
    if (fee !== null && fee > amount) throw invalidRequest('The application fee must be less than or equal to the amount.', { param: 'application_fee_amount' });
    const customer = formString(params.customer);
    if (customer !== undefined) this.store.customer(customer, scope);
    const types = intentPaymentMethodTypes(params, currency);
    const intent = newPaymentIntent(params, { amount, currency, fee, destination: destination ?? null, customer: customer ?? null, types });
    const id = intent.id;
    const stored: StoredIntent = { intent, scope, offSession: false };
    const method = this.#methodFrom(params, scope);
    if (method !== null) this.#useMethod(stored, method);
    this.store.intents.set(id, stored);
    this.store.emit({ ...this.store.base(scope, origin), type: 'payment_intent.created', data: { object: structuredClone(intent) } });
    if (formString(params.confirm) === 'true') this.confirm(stored, params, origin, confirmer);
    return stored;
  }

  #methodFrom(params: FormObject, scope: string | null): StoredPaymentMethod | null {
    const id = formString(params.payment_method);
    if (id !== undefined) return this.store.resolveMethod(id, scope, 'payment_method');
    const data = formObject(params.payment_method_data);
    if (data === undefined) return null;
    const made = newPaymentMethod(data, scope, 'payment_method_data[', (token) => this.store.host.registry.processorAccount(token));
    this.store.methods.set(made.method.id, made);
    return made;
  }

  #useMethod(stored: StoredIntent, method: StoredPaymentMethod): void {
    if (!stored.intent.payment_method_types.includes(method.method.type)) {
      throw invalidRequest(
        `The PaymentMethod provided (${method.method.type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${stored.intent.payment_method_types.join(', ')}. Alternatively update the allowed payment_method_types for this PaymentIntent to include "${method.method.type}".`,
        { code: 'payment_intent_incompatible_payment_method', param: 'payment_method' },
      );
    }
    stored.intent.payment_method = method.method.id;
    stored.intent.status = 'requires_confirmation';
  }

  /** Stripe sends no event for an update, so none is recorded. */
  update(stored: StoredIntent, params: FormObject): void {
    const intent = stored.intent;
    const amount = integerParam(params, 'amount');
    if (!UPDATABLE_STATUSES.includes(intent.status)) {
      throw unexpectedState(`This PaymentIntent's ${amount === undefined ? 'parameters' : 'amount'} could not be updated because it has a status of ${intent.status}. You may only update a PaymentIntent with one of the following statuses: ${UPDATABLE_STATUSES.join(', ')}.`);
    }
    if (amount !== undefined) {
      this.#checkAmount(amount, intent.currency);
      intent.amount = amount;
    }
    const fee = integerParam(params, 'application_fee_amount');
    if (fee !== undefined) intent.application_fee_amount = fee;
    if (params.metadata !== undefined) intent.metadata = { ...intent.metadata, ...metadataOf(params) };
    const description = formString(params.description);
    if (description !== undefined) intent.description = description;
    const customer = formString(params.customer);
    if (customer !== undefined) intent.customer = this.store.customer(customer, stored.scope).id;
    const method = this.#methodFrom(params, stored.scope);
    if (method !== null) this.#useMethod(stored, method);
  }

  confirm(stored: StoredIntent, params: FormObject, origin: RequestOrigin, confirmer: Confirmer): void {
    const intent = stored.intent;
    if (!CONFIRMABLE_STATUSES.includes(intent.status)) {
      throw unexpectedState(`You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`);
    }
    const method = this.#methodFrom(params, stored.scope);
    if (method !== null) this.#useMethod(stored, method);
    if (intent.payment_method === null || typeof intent.payment_method !== 'string') {
      throw unexpectedState("You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with cus_…, specify a payment method attached to this customer along with the customer ID.");
    }
    const used = this.store.method(intent.payment_method, stored.scope);
    stored.offSession = formString(params.off_session) === 'true';
    const futureUsage = formString(params.setup_future_usage);
    if (futureUsage === 'off_session' || futureUsage === 'on_session') intent.setup_future_usage = futureUsage;
    intent.last_payment_error = null;
    if (used.behavior.kind === 'bank') {
      this.#startBankDebit(stored, used, params, origin, confirmer);
      return;
    }
    const card = used.behavior;
    if (this.#declineNext) {
      this.#declineNext = false;
      this.#declineCard(stored, used, 'card_declined', 'generic_decline', 'Your card was declined.', origin);
    }
    if (card.behavior.kind === 'declines') this.#declineCard(stored, used, 'card_declined', card.behavior.declineCode, card.behavior.message, origin);
    const needsAuthentication = card.behavior.kind === 'always_authenticates' || (card.behavior.kind === 'authenticates_unless_set_up' && !card.setUp);
    if (needsAuthentication && stored.offSession) {
      this.#declineCard(stored, used, 'authentication_required', 'authentication_required', 'Your card was declined. This transaction requires authentication.', origin);
    }
    if (needsAuthentication) {
      const returnUrl = formString(params.return_url);
      intent.status = 'requires_action';
      intent.next_action =
        returnUrl === undefined
          ? { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `${this.baseUrl()}/3ds/${intent.id}`, source: `src_${intent.id.slice(3)}` } }
          : { type: 'redirect_to_url', redirect_to_url: { return_url: returnUrl, url: `${this.baseUrl()}/3ds/${intent.id}?return_url=${encodeURIComponent(returnUrl)}` } };
      this.store.emit({ ...this.store.base(stored.scope, origin), type: 'payment_intent.requires_action', data: { object: structuredClone(intent) } });
      return;
    }
    this.#succeed(stored, used, null, origin);
  }

  /** Finishes a 3-D Secure challenge: the payment goes through, or fails with payment_intent_authentication_failure. */
  authenticate(stored: StoredIntent, outcome: 'complete' | 'fail', origin: RequestOrigin | null): void {
    const intent = stored.intent;
    if (intent.status !== 'requires_action' || typeof intent.payment_method !== 'string') {
      throw unexpectedState(`This PaymentIntent has a status of ${intent.status}; only a PaymentIntent that requires_action can be authenticated.`);
    }
    const method = this.store.method(intent.payment_method, stored.scope);
    intent.next_action = null;
    if (outcome === 'complete') {
      this.#succeed(stored, method, null, origin);
      return;
    }
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message: 'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
      payment_method: structuredClone(method.method),
    };
    intent.payment_method = null;
    this.store.emit({ ...this.store.base(stored.scope, origin), type: 'payment_intent.payment_failed', data: { object: structuredClone(intent) } });
  }

  #newCharge(stored: StoredIntent, method: StoredPaymentMethod, result: ChargeResult, mandate: string | null): Stripe.Charge {
    const charge = newCharge(stored.intent, method.method, result, mandate);
    this.store.charges.set(charge.id, { object: charge, scope: stored.scope });
    stored.intent.latest_charge = charge.id;
    return charge;
  }

  /** Records the failed charge and answers Stripe's 402 card_error, the intent back to requires_payment_method. */
  #declineCard(stored: StoredIntent, method: StoredPaymentMethod, code: string, declineCode: string, message: string, origin: RequestOrigin): never {
    const intent = stored.intent;
    const charge = this.#newCharge(stored, method, { status: 'failed', failureCode: code, failureMessage: message, declineCode, networkDeclineCode: null }, null);
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', code, decline_code: declineCode, message, charge: charge.id, payment_method: structuredClone(method.method) };
    intent.payment_method = null;
    this.store.emit({ ...this.store.base(stored.scope, origin), type: 'charge.failed', data: { object: structuredClone(charge) } });
    this.store.emit({ ...this.store.base(stored.scope, origin), type: 'payment_intent.payment_failed', data: { object: structuredClone(intent) } });
    throw new StripeApiError(402, { type: 'card_error', code, decline_code: declineCode, message, charge: charge.id, payment_intent: structuredClone(intent), payment_method: structuredClone(method.method) });
  }

  /** A bank debit starts `processing` under its mandate, or, for an account typed by hand, waits in `requires_action` for microdeposits. */
  #startBankDebit(stored: StoredIntent, method: StoredPaymentMethod, params: FormObject, origin: RequestOrigin, confirmer: Confirmer): void {
    const online = formObject(formObject(formObject(params.mandate_data)?.customer_acceptance)?.online);
    const mandate = newMandate(method.method, { online: !stored.offSession, ip: formString(online?.ip_address) ?? confirmer.ip, userAgent: formString(online?.user_agent) ?? confirmer.userAgent });
    this.store.mandates.set(mandate.id, { object: mandate, scope: stored.scope });
    stored.mandate = mandate.id;
    if (!needsMicrodeposits(method)) return this.#beginDebit(stored, method, origin);
    stored.intent.status = 'requires_action';
    stored.intent.next_action = microdepositAction(this.baseUrl(), stored.intent.id);
    this.store.emit({ ...this.store.base(stored.scope, origin), type: 'payment_intent.requires_action', data: { object: structuredClone(stored.intent) } });
  }

  #beginDebit(stored: StoredIntent, method: StoredPaymentMethod, origin: RequestOrigin | null): void {
    const charge = this.#newCharge(stored, method, { status: 'pending' }, stored.mandate ?? null);
    stored.intent.status = 'processing';
    stored.intent.next_action = null;
    stored.intent.processing = null;
    this.store.emit({ ...this.store.base(stored.scope, origin), type: 'charge.pending', data: { object: structuredClone(charge) } });
    this.store.emit({ ...this.store.base(stored.scope, origin), type: 'payment_intent.processing', data: { object: structuredClone(stored.intent) } });
    this.#scheduleSettlement(stored);
  }

  /**
   * `POST /v1/payment_intents/{id}/verify_microdeposits`: the right code starts the debit; a wrong
   * one is a 400 with the tries left; the last wrong one fails the intent (`payment_failed`), its
   * payment method removed, as Stripe does.
   */
  verifyMicrodeposits(stored: StoredIntent, params: FormObject, origin: RequestOrigin | null): void {
    const intent = stored.intent;
    if (intent.status !== 'requires_action' || intent.next_action?.type !== 'verify_with_microdeposits' || typeof intent.payment_method !== 'string') {
      throw unexpectedState(`This PaymentIntent's bank account cannot be verified because the PaymentIntent has a status of ${intent.status}; only one in requires_action with a verify_with_microdeposits next action can.`);
    }
    const method = this.store.method(intent.payment_method, stored.scope);
    const withIntent = (error: StripeApiError['body']) => ({ ...error, payment_intent: structuredClone(intent) });
    const outcome = checkMicrodeposits(method, params, withIntent);
    if (outcome.kind === 'verified') return this.#beginDebit(stored, method, origin);
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    intent.last_payment_error = { type: 'invalid_request_error', ...outcome.error, payment_method: structuredClone(method.method) };
    intent.payment_method = null;
    this.store.emit({ ...this.store.base(stored.scope, origin), type: 'payment_intent.payment_failed', data: { object: structuredClone(intent) } });
    throw attemptsExceeded(outcome.error, withIntent);
  }

  /** After a restart: the bank debits still `processing` settle after the delay again. */
  rearmSettlements(): void {
    for (const stored of this.store.intents.values()) {
      if (stored.intent.status === 'processing') this.#scheduleSettlement(stored);
    }
  }

  #scheduleSettlement(stored: StoredIntent): void {
    if (this.bankSettlementDelayMs === null) return;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.settleBank(stored, 'as_account');
    }, this.bankSettlementDelayMs);
    this.#timers.add(timer);
  }

  /** Settles a processing bank debit now: as its test account decides, or returned R01 (insufficient funds) when `fail`. */
  settleBank(stored: StoredIntent, outcome: 'as_account' | 'fail'): void {
    const intent = stored.intent;
    if (intent.status !== 'processing' || typeof intent.payment_method !== 'string' || typeof intent.latest_charge !== 'string') return;
    const method = this.store.method(intent.payment_method, stored.scope);
    const charge = this.store.scoped(this.store.charges, intent.latest_charge, stored.scope, 'charge');
    const behavior = outcome === 'fail' ? { kind: 'returned' as const, failureCode: 'insufficient_funds', returnCode: 'R01', message: 'The customer’s account has insufficient funds to cover this payment.' } : method.behavior.kind === 'bank' ? method.behavior.behavior : { kind: 'settles' as const };
    if (behavior.kind === 'settles') {
      this.#succeed(stored, method, charge, null);
      return;
    }
    charge.status = 'failed';
    charge.captured = false;
    charge.failure_code = behavior.failureCode;
    charge.failure_message = behavior.message;
    charge.outcome = bankReturnOutcome(behavior.failureCode, behavior.returnCode);
    intent.status = 'requires_payment_method';
    intent.last_payment_error = {
      type: 'invalid_request_error',
      code: 'payment_intent_payment_attempt_failed',
      message: `The latest payment attempt of this PaymentIntent has failed or been canceled, and the attached payment method has been removed. ${behavior.message}`,
      charge: charge.id,
      payment_method: structuredClone(method.method),
    };
    intent.payment_method = null;
    this.store.emit({ ...this.store.base(stored.scope, null), type: 'charge.failed', data: { object: structuredClone(charge) } });
    this.store.emit({ ...this.store.base(stored.scope, null), type: 'payment_intent.payment_failed', data: { object: structuredClone(intent) } });
  }

  /** Settles every processing bank debit now. */
  settleAllBanks(outcome: 'as_account' | 'fail'): void {
    for (const stored of this.store.intents.values()) this.settleBank(stored, outcome);
  }

  /** The money moves: the charge succeeds with its balance transaction, and a destination charge transfers amount − fee. */
  #succeed(stored: StoredIntent, method: StoredPaymentMethod, pending: Stripe.Charge | null, origin: RequestOrigin | null): void {
    const intent = stored.intent;
    const charge = pending ?? this.#newCharge(stored, method, { status: 'succeeded' }, null);
    charge.status = 'succeeded';
    charge.paid = true;
    charge.captured = true;
    charge.amount_captured = charge.amount;
    charge.outcome = { advice_code: null, network_advice_code: null, network_decline_code: null, network_status: 'approved_by_network', reason: null, risk_level: 'normal', risk_score: 20, seller_message: 'Payment complete.', type: 'authorized' };
    const txn = newBalanceTransaction({ amount: charge.amount, fee: processingFee(charge.amount, method.method.type === 'card' ? 'card' : 'bank'), currency: charge.currency, source: charge.id, type: method.method.type === 'card' ? 'charge' : 'payment', description: intent.description });
    this.store.balanceTransactions.set(txn.id, { object: txn, scope: stored.scope });
    charge.balance_transaction = txn.id;
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.next_action = null;
    intent.last_payment_error = null;
    const base = () => this.store.base(stored.scope, origin);
    const destination = intent.transfer_data?.destination;
    let transfer: Stripe.Transfer | null = null;
    let fee: Stripe.ApplicationFee | null = null;
    if (typeof destination === 'string') {
      const feeAmount = intent.application_fee_amount ?? 0;
      transfer = newTransfer(charge, destination, charge.amount - feeAmount);
      const transferTxn = newBalanceTransaction({ amount: -transfer.amount, fee: 0, currency: charge.currency, source: transfer.id, type: 'transfer', description: null });
      transfer.balance_transaction = transferTxn.id;
      this.store.balanceTransactions.set(transferTxn.id, { object: transferTxn, scope: stored.scope });
      this.store.transfers.set(transfer.id, { object: transfer, scope: stored.scope });
      charge.transfer = transfer.id;
      charge.transfer_group = transfer.transfer_group;
      intent.transfer_group = transfer.transfer_group;
      if (feeAmount > 0) {
        fee = newApplicationFee(charge, destination, feeAmount);
        this.store.fees.set(fee.id, { object: fee, scope: stored.scope });
        charge.application_fee = fee.id;
      }
    } else if (stored.scope !== null && intent.application_fee_amount !== null && intent.application_fee_amount > 0) {
      // A direct charge on a connected account: the platform's fee is collected from it.
      fee = newApplicationFee(charge, stored.scope, intent.application_fee_amount);
      this.store.fees.set(fee.id, { object: fee, scope: null });
      charge.application_fee = fee.id;
    }
    if (intent.setup_future_usage !== null && typeof intent.customer === 'string' && method.method.customer === null) {
      method.method.customer = intent.customer;
      this.store.emit({ ...base(), type: 'payment_method.attached', data: { object: structuredClone(method.method) } });
    }
    if (intent.setup_future_usage !== null && method.behavior.kind === 'card') method.behavior.setUp = true;
    this.store.emit({ ...base(), type: 'charge.succeeded', data: { object: structuredClone(charge) } });
    this.store.emit({ ...base(), type: 'payment_intent.succeeded', data: { object: structuredClone(intent) } });
    if (transfer !== null) this.store.emit({ ...base(), type: 'transfer.created', data: { object: structuredClone(transfer) } });
    if (fee !== null) this.store.emit({ ...this.store.base(null, origin), type: 'application_fee.created', data: { object: structuredClone(fee) } });
  }

  cancel(stored: StoredIntent, params: FormObject, origin: RequestOrigin): void {
    const intent = stored.intent;
    if (!CANCELABLE_STATUSES.includes(intent.status)) {
      throw unexpectedState(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE_STATUSES.join(', ')}.`);
    }
    const reason = formString(params.cancellation_reason);
    const reasons: readonly Stripe.PaymentIntent.CancellationReason[] = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'];
    intent.status = 'canceled';
    intent.canceled_at = nowSeconds();
    intent.cancellation_reason = reasons.find((item) => item === reason) ?? null;
    intent.next_action = null;
    this.store.emit({ ...this.store.base(stored.scope, origin), type: 'payment_intent.canceled', data: { object: structuredClone(intent) } });
  }

  close(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}
