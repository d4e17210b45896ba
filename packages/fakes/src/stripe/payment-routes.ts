import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { invalidRequest, missingParam } from './errors.js';
import { formString, type FormObject } from './form.js';
import { apiRoute, type ApiContext, type ApiHandler, type Authenticator, type IdempotencyStore } from './http.js';
import { pageOf } from './lists.js';
import type { PaymentIntents } from './payment-intents.js';
import type { PaymentStore } from './payment-store.js';
import { createRefund } from './refunds.js';
import { createTransfer } from './transfers.js';
import type { SavedMethods } from './saved-methods.js';

function pathParam(path: Readonly<Record<string, string>>, name: string): string {
  const value = path[name];
  if (value === undefined) throw missingParam(name);
  return value;
}

function confirmer(context: ApiContext) {
  return { ip: context.ip, userAgent: context.userAgent };
}

function authenticationOutcome(params: FormObject): 'complete' | 'fail' {
  const outcome = formString(params.outcome);
  if (outcome !== 'complete' && outcome !== 'fail') throw invalidRequest('Invalid outcome: must be one of complete or fail', { param: 'outcome' });
  return outcome;
}

/**
 * The payment routes: PaymentIntents, PaymentMethods, Customers, SetupIntents, Charges, Transfers, application fees,
 * balance transactions, refunds and mandates. A publishable key (Stripe.js) may read and confirm an intent with its
 * `client_secret` and create PaymentMethods, as with Stripe.
 */
export function registerPaymentRoutes(app: FastifyInstance, store: PaymentStore, intents: PaymentIntents, saved: SavedMethods, auth: Authenticator, idempotency: IdempotencyStore): void {
  const route = (method: 'GET' | 'POST' | 'DELETE', url: string, handler: ApiHandler, options?: { publishable?: boolean }) => apiRoute(app, auth, idempotency, method, url, handler, options);
  const intentFor = (context: ApiContext) => {
    const stored = store.intent(pathParam(context.path, 'intent'), context.connected);
    if (context.keyKind === 'publishable') store.checkClientSecret(formString(context.params.client_secret), stored.intent.client_secret, 'PaymentIntent');
    return stored;
  };
  const setupIntentFor = (context: ApiContext) => {
    const stored = store.setupIntent(pathParam(context.path, 'intent'), context.connected);
    if (context.keyKind === 'publishable') store.checkClientSecret(formString(context.params.client_secret), stored.intent.client_secret, 'SetupIntent');
    return stored;
  };

  route('POST', '/v1/payment_intents', (context) => ({ body: intents.create(context.params, context.connected, context.origin, confirmer(context)).intent }));
  route('GET', '/v1/payment_intents', ({ params, url, connected }) => {
    const customer = formString(params.customer);
    const list = [...store.intents.values()].filter((stored) => stored.scope === connected && (customer === undefined || stored.intent.customer === customer)).map((stored) => stored.intent).reverse();
    return { body: pageOf(list, params, url) };
  });
  route('GET', '/v1/payment_intents/:intent', (context) => ({ body: intentFor(context).intent }), { publishable: true });
  route('POST', '/v1/payment_intents/:intent', (context) => {
    const stored = intentFor(context);
    intents.update(stored, context.params);
    return { body: stored.intent };
  });
  route('POST', '/v1/payment_intents/:intent/confirm', (context) => {
    const stored = intentFor(context);
    intents.confirm(stored, context.params, context.origin, confirmer(context));
    return { body: stored.intent };
  }, { publishable: true });
  route('POST', '/v1/payment_intents/:intent/cancel', (context) => {
    const stored = intentFor(context);
    intents.cancel(stored, context.params, context.origin);
    return { body: stored.intent };
  });
  route('POST', '/v1/payment_intents/:intent/verify_microdeposits', (context) => {
    const stored = intentFor(context);
    intents.verifyMicrodeposits(stored, context.params, context.origin);
    return { body: stored.intent };
  }, { publishable: true });
  // The fake's stand-in for Stripe's 3-D Secure pages: the fake Stripe.js's dialog answers here.
  route('POST', '/_stripejs/payment_intents/:intent/authenticate', (context) => {
    const stored = intentFor(context);
    intents.authenticate(stored, authenticationOutcome(context.params), context.origin);
    return { body: stored.intent };
  }, { publishable: true });

  route('POST', '/v1/setup_intents', (context) => ({ body: saved.createSetupIntent(context.params, context.connected, context.origin, confirmer(context)).intent }));
  route('GET', '/v1/setup_intents/:intent', (context) => ({ body: setupIntentFor(context).intent }), { publishable: true });
  route('POST', '/v1/setup_intents/:intent/confirm', (context) => {
    const stored = setupIntentFor(context);
    saved.confirmSetup(stored, context.params, context.origin, confirmer(context));
    return { body: stored.intent };
  }, { publishable: true });
  route('POST', '/v1/setup_intents/:intent/verify_microdeposits', (context) => {
    const stored = setupIntentFor(context);
    saved.verifySetupMicrodeposits(stored, context.params, context.origin);
    return { body: stored.intent };
  }, { publishable: true });
  route('POST', '/v1/setup_intents/:intent/cancel', (context) => {
    const stored = setupIntentFor(context);
    saved.cancelSetup(stored, context.origin);
    return { body: stored.intent };
  });
  route('POST', '/_stripejs/setup_intents/:intent/authenticate', (context) => {
    const stored = setupIntentFor(context);
    saved.authenticateSetup(stored, authenticationOutcome(context.params), context.origin);
    return { body: stored.intent };
  }, { publishable: true });

  route('POST', '/v1/customers', ({ params, connected, origin }) => ({ body: saved.createCustomer(params, connected, origin) }));
  route('GET', '/v1/customers', ({ params, url, connected }) => {
    const email = formString(params.email);
    return { body: pageOf(store.listOf(store.customers, connected, (customer) => email === undefined || customer.email === email), params, url) };
  });
  route('GET', '/v1/customers/:customer', ({ path, connected }) => ({ body: store.customer(pathParam(path, 'customer'), connected, 'id') }));
  route('POST', '/v1/customers/:customer', ({ path, params, connected, origin }) => {
    const customer = store.customer(pathParam(path, 'customer'), connected, 'id');
    saved.updateCustomer(customer, params, connected, origin);
    return { body: customer };
  });
  route('DELETE', '/v1/customers/:customer', ({ path, connected, origin }) => ({ body: saved.deleteCustomer(store.customer(pathParam(path, 'customer'), connected, 'id'), connected, origin) }));
  const methodsOf = (customer: string, type: string | undefined, connected: string | null): Stripe.PaymentMethod[] =>
    [...store.methods.values()].filter((stored) => stored.scope === connected && stored.method.customer === customer && (type === undefined || stored.method.type === type)).map((stored) => stored.method).reverse();
  route('GET', '/v1/customers/:customer/payment_methods', ({ path, params, url, connected }) => {
    const customer = store.customer(pathParam(path, 'customer'), connected, 'customer');
    return { body: pageOf(methodsOf(customer.id, formString(params.type), connected), params, url) };
  });

  route('POST', '/v1/payment_methods', ({ params, connected }) => ({ body: saved.createMethod(params, connected) }), { publishable: true });
  route('GET', '/v1/payment_methods', ({ params, url, connected }) => {
    const customer = formString(params.customer);
    if (customer === undefined) throw missingParam('customer');
    store.customer(customer, connected);
    return { body: pageOf(methodsOf(customer, formString(params.type), connected), params, url) };
  });
  route('GET', '/v1/payment_methods/:method', ({ path, connected }) => ({ body: store.method(pathParam(path, 'method'), connected, 'payment_method').method }));
  route('POST', '/v1/payment_methods/:method/attach', ({ path, params, connected, origin }) => {
    const method = store.resolveMethod(pathParam(path, 'method'), connected, 'payment_method');
    saved.attach(method, formString(params.customer), connected, origin);
    return { body: method.method };
  });
  route('POST', '/v1/payment_methods/:method/detach', ({ path, connected, origin }) => {
    const method = store.method(pathParam(path, 'method'), connected, 'payment_method');
    saved.detach(method, connected, origin);
    return { body: method.method };
  });

  route('GET', '/v1/charges', ({ params, url, connected }) => {
    const intent = formString(params.payment_intent);
    return { body: pageOf(store.listOf(store.charges, connected, (charge) => intent === undefined || charge.payment_intent === intent), params, url) };
  });
  route('GET', '/v1/charges/:charge', ({ path, connected }) => ({ body: store.scoped(store.charges, pathParam(path, 'charge'), connected, 'charge', 'charge') }));
  route('GET', '/v1/transfers', ({ params, url, connected }) => {
    const destination = formString(params.destination);
    return { body: pageOf(store.listOf(store.transfers, connected, (transfer) => destination === undefined || transfer.destination === destination), params, url) };
  });
  route('POST', '/v1/transfers', ({ params, connected, origin }) => ({ body: createTransfer(store, params, connected, origin) }));
  route('GET', '/v1/transfers/:transfer', ({ path, connected }) => ({ body: store.scoped(store.transfers, pathParam(path, 'transfer'), connected, 'transfer', 'transfer') }));
  route('GET', '/v1/application_fees', ({ params, url, connected }) => {
    const charge = formString(params.charge);
    return { body: pageOf(store.listOf(store.fees, connected, (fee) => charge === undefined || fee.charge === charge), params, url) };
  });
  route('GET', '/v1/application_fees/:fee', ({ path, connected }) => ({ body: store.scoped(store.fees, pathParam(path, 'fee'), connected, 'application fee', 'id') }));
  route('GET', '/v1/balance_transactions', ({ params, url, connected }) => {
    const source = formString(params.source);
    return { body: pageOf(store.listOf(store.balanceTransactions, connected, (txn) => source === undefined || txn.source === source), params, url) };
  });
  route('GET', '/v1/balance_transactions/:txn', ({ path, connected }) => ({ body: store.scoped(store.balanceTransactions, pathParam(path, 'txn'), connected, 'balance transaction', 'id') }));
  route('POST', '/v1/refunds', ({ params, connected, origin }) => ({ body: createRefund(store, params, connected, origin) }));
  route('GET', '/v1/refunds', ({ params, url, connected }) => {
    const charge = formString(params.charge);
    const intent = formString(params.payment_intent);
    return { body: pageOf(store.listOf(store.refunds, connected, (refund) => (charge === undefined || refund.charge === charge) && (intent === undefined || refund.payment_intent === intent)), params, url) };
  });
  route('GET', '/v1/refunds/:refund', ({ path, connected }) => ({ body: store.scoped(store.refunds, pathParam(path, 'refund'), connected, 'refund', 'refund') }));
  route('GET', '/v1/mandates/:mandate', ({ path, connected }) => ({ body: store.scoped(store.mandates, pathParam(path, 'mandate'), connected, 'mandate', 'mandate') }));
}
