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
  /** Settles every `processing` us_bank_account debit now, as its test account decides (000111111116 is returned). */
  settleBankPayments(): void;
  /** Returns every `processing` bank debit now with ACH return code R01 (insufficient funds). */
  failBankPayments(): void;
  /** The next card confirmation is declined with card_declined / generic_decline, whatever the card. */
  declineNextConfirm(): void;
  /** Answers the 3-D Secure challenge of a PaymentIntent or SetupIntent in `requires_action`. */
  completeAuthentication(intentId: string): void;
  failAuthentication(intentId: string): void;
};
