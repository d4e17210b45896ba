import type Stripe from 'stripe';
import type { WebhookDelivery } from './webhooks.js';

export type VerificationFailureOptions = { code?: Stripe.Account.Requirements.Error.Code; reason?: string };

/** Test controls, in process (the same as the POST /_control/… routes). */
export type FakeStripeControl = {
  completeVerification(accountId: string): void;
  /** The next check of the account fails (or its verified identity fails now): `verification_failed_id_number_match` by default. */
  failVerification(accountId: string, failure?: VerificationFailureOptions): void;
  /** Sends a recorded event again, as Stripe's duplicate deliveries do. */
  redeliverEvent(eventId: string): void;
  /** Holds deliveries until `releaseDeliveries`, which sends them in order or reversed (out of order). */
  holdDeliveries(): void;
  releaseDeliveries(order?: 'in_order' | 'reversed'): void;
  deliveries(): WebhookDelivery[];
  /** Resolves when no delivery is in flight or waiting for a retry. */
  settleDeliveries(): Promise<void>;
  /** The next `count` API requests are answered 429. */
  rateLimitNextRequests(count: number): void;
  events(): Stripe.Event[];
};
