import type { LenderWebhookDelivery } from './webhooks.js';
import type { LenderEvent, LenderLoanObject } from './wire.js';

/** Test controls, in process (the same as the POST /_control/… routes). */
export type FakeLenderControl = {
  /** Funds a `pending_funding` loan now (sends `loan.funded`), whatever the funding delay. */
  fund(loanId: string): void;
  markLate(loanId: string): LenderLoanObject;
  markDefaulted(loanId: string): LenderLoanObject;
  /** Cancels a loan not yet repaid (sends `loan.cancelled`); a cancelled loan is never funded. */
  cancel(loanId: string): LenderLoanObject;
  /** The company's approval reads declined (limit 0) and its offers are refused with code `declined`. */
  declineCompany(reference: string, reason?: string): void;
  /** Offers on this invoice are refused with code `declined`. */
  declineInvoice(reference: string): void;
  /** How long an accepted loan waits before it funds, or never (null: only `fund` funds it). */
  setFundingDelay(delayMs: number | null): void;
  /** Sends every event twice from now on (or stops). */
  duplicateDeliveries(on: boolean): void;
  /** Holds deliveries until `releaseDeliveries`, which sends them in order or reversed (out of order). */
  holdDeliveries(): void;
  releaseDeliveries(order?: 'in_order' | 'reversed'): void;
  deliveries(): LenderWebhookDelivery[];
  /** Resolves when no delivery is in flight or waiting for a retry. */
  settleDeliveries(): Promise<void>;
  events(): LenderEvent[];
  /** Another endpoint that receives every event, signed with the API key. */
  registerWebhook(url: string): void;
  /** The next `count` API requests are answered `status` (503 by default), as an outage. */
  failNextRequests(count: number, status?: number): void;
};
