import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type Stripe from 'stripe';

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
  readonly #retryDelaysMs: readonly number[];
  readonly #inFlight = new Set<Promise<void>>();
  readonly #held: { event: Stripe.Event; target: WebhookTarget }[] = [];
  readonly #stop = new AbortController();
  #paused = false;

  constructor(retryDelaysMs: readonly number[]) {
    this.#retryDelaysMs = retryDelaysMs;
  }

  dispatch(event: Stripe.Event, targets: readonly WebhookTarget[]): void {
    for (const target of targets) {
      if (!targetWants(target, event)) continue;
      if (this.#paused) this.#held.push({ event, target });
      else this.#track(this.#deliverWithRetries(event, target));
    }
  }

  pause(): void {
    this.#paused = true;
  }

  /** Sends what was held, in order or reversed, and resumes sending at once. */
  release(order: 'in_order' | 'reversed'): void {
    this.#paused = false;
    const held = this.#held.splice(0);
    if (order === 'reversed') held.reverse();
    // One after another, so the receiver sees exactly this order.
    this.#track(
      (async () => {
        for (const { event, target } of held) await this.#deliverWithRetries(event, target);
      })(),
    );
  }

  /** Resolves once nothing is being sent or waiting to be retried. */
  async idle(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.all([...this.#inFlight]);
  }

  close(): void {
    this.#stop.abort();
  }

  #track(delivery: Promise<void>): void {
    const tracked = delivery.finally(() => this.#inFlight.delete(tracked));
    this.#inFlight.add(tracked);
  }

  async #deliverWithRetries(event: Stripe.Event, target: WebhookTarget): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      if (this.#stop.signal.aborted) return;
      const succeeded = await this.#attempt(event, target, attempt);
      const delay = this.#retryDelaysMs[attempt - 1];
      if (succeeded || delay === undefined) return;
      try {
        await sleep(delay, undefined, { signal: this.#stop.signal });
      } catch {
        return;
      }
    }
  }

  async #attempt(event: Stripe.Event, target: WebhookTarget, attempt: number): Promise<boolean> {
    const payload = JSON.stringify(event, null, 2);
    const timestamp = Math.floor(Date.now() / 1000);
    const entry: WebhookDelivery = { eventId: event.id, eventType: event.type, endpointId: target.id, url: target.url, attempt, status: null, error: null, deliveredAt: new Date() };
    try {
      const response = await fetch(target.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signPayload(payload, target.secret, timestamp),
        },
        body: payload,
        signal: AbortSignal.any([this.#stop.signal, AbortSignal.timeout(10_000)]),
      });
      await response.arrayBuffer();
      entry.status = response.status;
      this.log.push(entry);
      return response.status >= 200 && response.status < 300;
    } catch (error) {
      entry.error = error instanceof Error ? error.message : String(error);
      this.log.push(entry);
      return false;
    }
  }
}
