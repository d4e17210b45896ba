import type Stripe from 'stripe';
import { newMandate } from './charges.js';
import { invalidRequest, missingParam, newId, nowSeconds, StripeApiError } from './errors.js';
import { formObject, formString, type FormObject } from './form.js';
import { previousAttributes, type RequestOrigin } from './state.js';
import { clientSecret, intentPaymentMethodTypes, metadataOf, newCustomer, newPaymentMethod } from './payment-objects.js';
import type { StoredPaymentMethod, StoredSetupIntent } from './payment-records.js';
import type { PaymentStore } from './payment-store.js';
import type { Confirmer } from './payment-intents.js';
import { attemptsExceeded, checkMicrodeposits, microdepositAction, needsMicrodeposits } from './microdeposits.js';

/** Customers, their saved PaymentMethods and the SetupIntents that save them. */
export class SavedMethods {
  constructor(
    private readonly store: PaymentStore,
    private readonly baseUrl: () => string,
  ) {}

  createCustomer(params: FormObject, scope: string | null, origin: RequestOrigin): Stripe.Customer {
    const customer = newCustomer(params);
    const method = customer.invoice_settings.default_payment_method;
    if (typeof method === 'string') this.#checkAttached(method, customer.id, scope);
    this.store.customers.set(customer.id, { object: customer, scope });
    this.store.emit({ ...this.store.base(scope, origin), type: 'customer.created', data: { object: structuredClone(customer) } });
    return customer;
  }

  #checkAttached(methodId: string, customerId: string, scope: string | null): void {
    const method = this.store.method(methodId, scope, 'invoice_settings[default_payment_method]');
    if (method.method.customer !== customerId) {
      throw invalidRequest(`No such PaymentMethod: '${methodId}'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account.`, {
        code: 'resource_missing',
        param: 'invoice_settings[default_payment_method]',
      });
    }
  }

  updateCustomer(customer: Stripe.Customer, params: FormObject, scope: string | null, origin: RequestOrigin): void {
    const before = structuredClone(customer);
    for (const field of ['email', 'name', 'description', 'phone'] as const) {
      const value = formString(params[field]);
      if (value !== undefined) customer[field] = value === '' ? null : value;
    }
    if (params.metadata !== undefined) customer.metadata = { ...customer.metadata, ...metadataOf(params) };
    const settings = formObject(params.invoice_settings);
    const method = formString(settings?.default_payment_method);
    if (method !== undefined) {
      if (method !== '') this.#checkAttached(method, customer.id, scope);
      customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: method === '' ? null : method };
    }
    const previous = previousAttributes(before, customer);
    if (Object.keys(previous).length > 0) {
      this.store.emit({ ...this.store.base(scope, origin), type: 'customer.updated', data: { object: structuredClone(customer), previous_attributes: previous } });
    }
  }

  deleteCustomer(customer: Stripe.Customer, scope: string | null, origin: RequestOrigin): Stripe.DeletedCustomer {
    this.store.customers.delete(customer.id);
    for (const method of this.store.methods.values()) if (method.method.customer === customer.id) method.method.customer = null;
    this.store.emit({ ...this.store.base(scope, origin), type: 'customer.deleted', data: { object: structuredClone(customer) } });
    return { id: customer.id, object: 'customer', deleted: true };
  }

  createMethod(params: FormObject, scope: string | null): Stripe.PaymentMethod {
    const made = newPaymentMethod(params, scope);
    this.store.methods.set(made.method.id, made);
    return made.method;
  }

  attach(method: StoredPaymentMethod, customerId: string | undefined, scope: string | null, origin: RequestOrigin | null): void {
    if (customerId === undefined) throw missingParam('customer');
    const customer = this.store.customer(customerId, scope);
    if (method.method.customer !== null && method.method.customer !== customer.id) {
      throw invalidRequest('The payment method you provided has already been attached to a customer.', { code: 'payment_method_unexpected_state' });
    }
    if (method.method.customer === customer.id) return;
    method.method.customer = customer.id;
    this.store.emit({ ...this.store.base(scope, origin), type: 'payment_method.attached', data: { object: structuredClone(method.method) } });
  }

  detach(method: StoredPaymentMethod, scope: string | null, origin: RequestOrigin): void {
    if (method.method.customer === null) throw invalidRequest('The payment method you provided is not attached to a customer so detachment is impossible.', { code: 'payment_method_unexpected_state' });
    const previous = method.method.customer;
    method.method.customer = null;
    const customer = typeof previous === 'string' ? this.store.customers.get(previous)?.object : undefined;
    if (customer !== undefined && customer.invoice_settings.default_payment_method === method.method.id) customer.invoice_settings.default_payment_method = null;
    this.store.emit({ ...this.store.base(scope, origin), type: 'payment_method.detached', data: { object: structuredClone(method.method), previous_attributes: { customer: previous } } });
  }

  createSetupIntent(params: FormObject, scope: string | null, origin: RequestOrigin, confirmer: Confirmer): StoredSetupIntent {
    const customer = formString(params.customer);
    if (customer !== undefined) this.store.customer(customer, scope);
    const id = newId('seti');
    const types = intentPaymentMethodTypes(params, null);
    const usage = formString(params.usage) === 'on_session' ? 'on_session' : 'off_session';
    const intent: Stripe.SetupIntent = {
      id,
      object: 'setup_intent',
      allowed_payment_method_types: types.allowed,
      application: null,
      automatic_payment_methods: types.automatic ? { allow_redirects: 'always', enabled: true } : null,
      cancellation_reason: null,
      client_secret: clientSecret(id),
      created: nowSeconds(),
      customer: customer ?? null,
      description: formString(params.description) ?? null,
      excluded_payment_method_types: null,
      flow_directions: null,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      mandate: null,
      metadata: metadataOf(params),
      next_action: null,
      on_behalf_of: formString(params.on_behalf_of) ?? null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: null,
      payment_method_types: types.types,
      single_use_mandate: null,
      status: 'requires_payment_method',
      usage,
    };
    const stored: StoredSetupIntent = { intent, scope };
    this.#useMethod(stored, params);
    this.store.setupIntents.set(id, stored);
    this.store.emit({ ...this.store.base(scope, origin), type: 'setup_intent.created', data: { object: structuredClone(intent) } });
    if (formString(params.confirm) === 'true') this.confirmSetup(stored, params, origin, confirmer);
    return stored;
  }

  #useMethod(stored: StoredSetupIntent, params: FormObject): void {
    const id = formString(params.payment_method);
    const data = formObject(params.payment_method_data);
    let method: StoredPaymentMethod | null = null;
    if (id !== undefined) method = this.store.resolveMethod(id, stored.scope, 'payment_method');
    else if (data !== undefined) {
      method = newPaymentMethod(data, stored.scope, 'payment_method_data[');
      this.store.methods.set(method.method.id, method);
    }
    if (method === null) return;
    if (!stored.intent.payment_method_types.includes(method.method.type)) {
      throw invalidRequest(`The PaymentMethod provided (${method.method.type}) is not allowed for this SetupIntent.`, { code: 'setup_intent_invalid_parameter', param: 'payment_method' });
    }
    stored.intent.payment_method = method.method.id;
    stored.intent.status = 'requires_confirmation';
  }

  confirmSetup(stored: StoredSetupIntent, params: FormObject, origin: RequestOrigin, confirmer: Confirmer): void {
    const intent = stored.intent;
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      throw invalidRequest(`You cannot confirm this SetupIntent because it has a status of ${intent.status}.`, { code: 'setup_intent_unexpected_state' });
    }
    this.#useMethod(stored, params);
    if (typeof intent.payment_method !== 'string') throw invalidRequest("You cannot confirm this SetupIntent because it's missing a payment method.", { code: 'setup_intent_unexpected_state' });
    const method = this.store.method(intent.payment_method, stored.scope);
    intent.last_setup_error = null;
    if (method.behavior.kind === 'bank') {
      const mandate = newMandate(method.method, { online: true, ip: confirmer.ip, userAgent: confirmer.userAgent });
      this.store.mandates.set(mandate.id, { object: mandate, scope: stored.scope });
      intent.mandate = mandate.id;
      if (!needsMicrodeposits(method)) return this.#succeedSetup(stored, method, origin);
      intent.status = 'requires_action';
      intent.next_action = microdepositAction(this.baseUrl(), intent.id);
      this.store.emit({ ...this.store.base(stored.scope, origin), type: 'setup_intent.requires_action', data: { object: structuredClone(intent) } });
      return;
    }
    const behavior = method.behavior.behavior;
    if (behavior.kind === 'declines') {
      intent.status = 'requires_payment_method';
      intent.last_setup_error = { type: 'card_error', code: 'card_declined', decline_code: behavior.declineCode, message: behavior.message, payment_method: structuredClone(method.method) };
      intent.payment_method = null;
      this.store.emit({ ...this.store.base(stored.scope, origin), type: 'setup_intent.setup_failed', data: { object: structuredClone(intent) } });
      throw new StripeApiError(402, { type: 'card_error', code: 'card_declined', decline_code: behavior.declineCode, message: behavior.message, setup_intent: structuredClone(intent) });
    }
    if (behavior.kind === 'always_authenticates' || behavior.kind === 'authenticates_unless_set_up') {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', source: `src_${intent.id.slice(5)}` } };
      this.store.emit({ ...this.store.base(stored.scope, origin), type: 'setup_intent.requires_action', data: { object: structuredClone(intent) } });
      return;
    }
    this.#succeedSetup(stored, method, origin);
  }

  /** Finishes a SetupIntent's 3-D Secure challenge. */
  authenticateSetup(stored: StoredSetupIntent, outcome: 'complete' | 'fail', origin: RequestOrigin | null): void {
    const intent = stored.intent;
    if (intent.status !== 'requires_action' || typeof intent.payment_method !== 'string') {
      throw invalidRequest(`This SetupIntent has a status of ${intent.status}; only a SetupIntent that requires_action can be authenticated.`, { code: 'setup_intent_unexpected_state' });
    }
    const method = this.store.method(intent.payment_method, stored.scope);
    intent.next_action = null;
    if (outcome === 'complete') {
      this.#succeedSetup(stored, method, origin);
      return;
    }
    intent.status = 'requires_payment_method';
    intent.last_setup_error = {
      type: 'invalid_request_error',
      code: 'setup_intent_authentication_failure',
      message: 'The latest attempt to set up the payment method has failed because authentication failed.',
      payment_method: structuredClone(method.method),
    };
    intent.payment_method = null;
    this.store.emit({ ...this.store.base(stored.scope, origin), type: 'setup_intent.setup_failed', data: { object: structuredClone(intent) } });
  }

  /** `POST /v1/setup_intents/{id}/verify_microdeposits`: as for a PaymentIntent; the right code saves the account (`succeeded`). */
  verifySetupMicrodeposits(stored: StoredSetupIntent, params: FormObject, origin: RequestOrigin | null): void {
    const intent = stored.intent;
    if (intent.status !== 'requires_action' || intent.next_action?.type !== 'verify_with_microdeposits' || typeof intent.payment_method !== 'string') {
      throw invalidRequest(`This SetupIntent's bank account cannot be verified because the SetupIntent has a status of ${intent.status}; only one in requires_action with a verify_with_microdeposits next action can.`, { code: 'setup_intent_unexpected_state' });
    }
    const method = this.store.method(intent.payment_method, stored.scope);
    const withIntent = (error: StripeApiError['body']) => ({ ...error, setup_intent: structuredClone(intent) });
    const outcome = checkMicrodeposits(method, params, withIntent);
    intent.next_action = null;
    if (outcome.kind === 'verified') return this.#succeedSetup(stored, method, origin);
    intent.status = 'requires_payment_method';
    intent.last_setup_error = { type: 'invalid_request_error', ...outcome.error, payment_method: structuredClone(method.method) };
    intent.payment_method = null;
    this.store.emit({ ...this.store.base(stored.scope, origin), type: 'setup_intent.setup_failed', data: { object: structuredClone(intent) } });
    throw attemptsExceeded(outcome.error, withIntent);
  }

  #succeedSetup(stored: StoredSetupIntent, method: StoredPaymentMethod, origin: RequestOrigin | null): void {
    const intent = stored.intent;
    intent.status = 'succeeded';
    intent.next_action = null;
    if (method.behavior.kind === 'card') method.behavior.setUp = true;
    if (typeof intent.customer === 'string') this.attach(method, intent.customer, stored.scope, origin);
    this.store.emit({ ...this.store.base(stored.scope, origin), type: 'setup_intent.succeeded', data: { object: structuredClone(intent) } });
  }

  cancelSetup(stored: StoredSetupIntent, origin: RequestOrigin): void {
    const intent = stored.intent;
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw invalidRequest(`You cannot cancel this SetupIntent because it has a status of ${intent.status}.`, { code: 'setup_intent_unexpected_state' });
    }
    intent.status = 'canceled';
    intent.next_action = null;
    this.store.emit({ ...this.store.base(stored.scope, origin), type: 'setup_intent.canceled', data: { object: structuredClone(intent) } });
  }
}
