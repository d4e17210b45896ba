import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';
import { DeliveryQueue, answeredOk, postWebhook } from '../delivery-queue.js';

/** Where events go: an endpoint made through the API, or the `webhookUrl` given at start. */
export type WebhookTarget = {
  id: string;
  url: string;
  secret: string;
  enabledEvents: string[];
  /** Connect endpoints receive the connected accounts' events (those with `account`); others the platform's own. */
  connect: boolean;
};

/** One delivery attempt, for tests to read. */
export type WebhookDelivery = {
  eventId: string;
  eventType: string;
  endpointId: string;
  url: string;
  attempt: number;
  /** The receiver's HTTP status, or null when the request failed. */
  status: number | null;
  error: string | null;
  deliveredAt: Date;
};

/** `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`, as Stripe signs. */
export function signPayload(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

export function targetWants(target: WebhookTarget, event: Stripe.Event): boolean {
  const typeMatches = target.enabledEvents.includes('*') || target.enabledEvents.includes(event.type);
  return typeMatches && target.connect === (event.account !== undefined);
}

/**
 * Sends events to their endpoints, signed, retrying non-2xx answers on a schedule the tests make short. Deliveries
 * can be held and released in reverse, to show a receiver events out of order.
 */
export class WebhookDispatcher {
  readonly log: WebhookDelivery[] = [];
  readonly #queue: DeliveryQueue<{ event: Stripe.Event; target: WebhookTarget }>;

  constructor(retryDelaysMs: readonly number[]) {
    this.#queue = new DeliveryQueue(retryDelaysMs, ({ event, target }, attempt, stop) => this.#attempt(event, target, attempt, stop));
  }

  dispatch(event: Stripe.Event, targets: readonly WebhookTarget[]): void {
    for (const target of targets) if (targetWants(target, event)) this.#queue.send({ event, target });
  }

  pause(): void {
    this.#queue.pause();
  }

  /** Sends what was held, in order or reversed, and resumes sending at once. */
  release(order: 'in_order' | 'reversed'): void {
    this.#queue.release(order);
  }

  /** Resolves once nothing is being sent or waiting to be retried. */
  idle(): Promise<void> {
    return this.#queue.idle();
  }

  close(): void {
    this.#queue.close();
  }

  async #attempt(event: Stripe.Event, target: WebhookTarget, attempt: number, stop: AbortSignal): Promise<boolean> {
    const payload = JSON.stringify(event, null, 2);
    const timestamp = Math.floor(Date.now() / 1000);
    const deliveredAt = new Date();
    const headers = { 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)', 'Stripe-Signature': signPayload(payload, target.secret, timestamp) };
    const answer = await postWebhook(target.url, headers, payload, stop);
    this.log.push({ eventId: event.id, eventType: event.type, endpointId: target.id, url: target.url, attempt, ...answer, deliveredAt });
    return answeredOk(answer.status);
  }
}
