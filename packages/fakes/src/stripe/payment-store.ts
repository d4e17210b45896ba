import type Stripe from 'stripe';
import { invalidRequest, resourceMissing } from './errors.js';
import type { Scoped, StoredIntent, StoredPaymentMethod, StoredSetupIntent } from './payment-records.js';
import { TEST_PAYMENT_METHOD_CARDS } from './payment-records.js';
import { testCardPaymentMethod } from './payment-objects.js';
import type { PaymentStateSnapshot } from './snapshot.js';
import type { FakeStripeState, RequestOrigin } from './state.js';

/**
 * The payment objects, each kept with the account it lives on (null: the platform; a `Stripe-Account` request
 * acts on that account's objects, as direct charges do), and the events they cause.
 */
export class PaymentStore {
  readonly customers = new Map<string, Scoped<Stripe.Customer>>();
  readonly methods = new Map<string, StoredPaymentMethod>();
  readonly intents = new Map<string, StoredIntent>();
  readonly setupIntents = new Map<string, StoredSetupIntent>();
  readonly charges = new Map<string, Scoped<Stripe.Charge>>();
  readonly transfers = new Map<string, Scoped<Stripe.Transfer>>();
  readonly fees = new Map<string, Scoped<Stripe.ApplicationFee>>();
  readonly balanceTransactions = new Map<string, Scoped<Stripe.BalanceTransaction>>();
  readonly refunds = new Map<string, Scoped<Stripe.Refund>>();
  readonly mandates = new Map<string, Scoped<Stripe.Mandate>>();

  constructor(readonly host: FakeStripeState) {}

  /** What the state file keeps; the caller serialises it at once. */
  snapshot(): PaymentStateSnapshot {
    return {
      customers: [...this.customers],
      methods: [...this.methods],
      intents: [...this.intents],
      setupIntents: [...this.setupIntents],
      charges: [...this.charges],
      transfers: [...this.transfers],
      fees: [...this.fees],
      balanceTransactions: [...this.balanceTransactions],
      refunds: [...this.refunds],
      mandates: [...this.mandates],
    };
  }

  restore(saved: PaymentStateSnapshot): void {
    const fill = <T>(map: Map<string, T>, entries: readonly [string, T][]) => {
      for (const [id, value] of entries) map.set(id, value);
    };
    fill(this.customers, saved.customers);
    fill(this.methods, saved.methods);
    fill(this.intents, saved.intents);
    fill(this.setupIntents, saved.setupIntents);
    fill(this.charges, saved.charges);
    fill(this.transfers, saved.transfers);
    fill(this.fees, saved.fees);
    fill(this.balanceTransactions, saved.balanceTransactions);
    fill(this.refunds, saved.refunds);
    fill(this.mandates, saved.mandates);
  }

  /** The event fields for an object on `scope`: platform objects' events carry no `account`. */
  base(scope: string | null, origin: RequestOrigin | null) {
    return this.host.eventBase(scope, origin);
  }

  emit(event: Stripe.Event): void {
    this.host.recordEvent(event);
  }

  /** Newest first, only the scope's objects, as Stripe lists them. */
  listOf<T>(map: ReadonlyMap<string, Scoped<T>>, scope: string | null, keep: (object: T) => boolean = () => true): T[] {
    return [...map.values()].filter((item) => item.scope === scope && keep(item.object)).map((item) => item.object).reverse();
  }

  scoped<T>(map: ReadonlyMap<string, Scoped<T>>, id: string, scope: string | null, kind: string, param = 'id'): T {
    const found = map.get(id);
    if (found === undefined || found.scope !== scope) throw resourceMissing(kind, id, param);
    return found.object;
  }

  customer(id: string, scope: string | null, param = 'customer'): Stripe.Customer {
    const customer = this.scoped(this.customers, id, scope, 'customer', param);
    if ('deleted' in customer) throw resourceMissing('customer', id, param);
    return customer;
  }

  intent(id: string, scope: string | null): StoredIntent {
    const stored = this.intents.get(id);
    if (stored === undefined || stored.scope !== scope) throw resourceMissing('payment_intent', id, 'intent');
    return stored;
  }

  setupIntent(id: string, scope: string | null): StoredSetupIntent {
    const stored = this.setupIntents.get(id);
    if (stored === undefined || stored.scope !== scope) throw resourceMissing('setup_intent', id, 'intent');
    return stored;
  }

  method(id: string, scope: string | null, param = 'payment_method'): StoredPaymentMethod {
    const stored = this.methods.get(id);
    if (stored === undefined || stored.scope !== scope) throw resourceMissing('PaymentMethod', id, param);
    return stored;
  }

  /** A stored method, or a fresh one for a test id such as `pm_card_visa`. */
  resolveMethod(id: string, scope: string | null, param: string): StoredPaymentMethod {
    const testNumber = TEST_PAYMENT_METHOD_CARDS[id];
    if (testNumber === undefined) return this.method(id, scope, param);
    const made = testCardPaymentMethod(testNumber, scope);
    this.methods.set(made.method.id, made);
    return made;
  }

  /** The object an id names, for `expand[]`. */
  lookup(id: string, scope: string | null): unknown {
    for (const map of [this.customers, this.charges, this.transfers, this.fees, this.balanceTransactions, this.refunds, this.mandates]) {
      const found = map.get(id);
      if (found !== undefined && found.scope === scope) return found.object;
    }
    const method = this.methods.get(id);
    if (method !== undefined && method.scope === scope) return method.method;
    const intent = this.intents.get(id);
    if (intent !== undefined && intent.scope === scope) return intent.intent;
    return undefined;
  }

  /** Checks `client_secret` for publishable-key requests, as Stripe.js must send it. */
  checkClientSecret(secret: string | undefined, expected: string | null, kind: 'PaymentIntent' | 'SetupIntent'): void {
    if (secret === undefined || secret !== expected) {
      const code = kind === 'PaymentIntent' ? 'payment_intent_invalid_parameter' : 'setup_intent_invalid_parameter';
      throw invalidRequest(`The client_secret provided does not match the client_secret associated with the ${kind}.`, { code, param: 'client_secret' });
    }
  }
}
