import { createHmac } from 'node:crypto';
import { DeliveryQueue, answeredOk, postWebhook } from '../delivery-queue.js';
import type { LenderEvent } from './wire.js';

/** One delivery attempt, for tests to read. */
export type LenderWebhookDelivery = {
  eventId: string;
  eventType: string;
  url: string;
  attempt: number;
  /** The receiver's HTTP status, or null when the request failed. */
  status: number | null;
  error: string | null;
  deliveredAt: Date;
};

/** `Lender-Signature: v1=<hex HMAC-SHA256(apiKey, "<timestamp>.<body>")>`, the timestamp sent as `Lender-Timestamp`. */
export function lenderSignatureHeader(body: string, apiKey: string, timestamp: number): string {
  return `v1=${createHmac('sha256', apiKey).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
}

/**
 * Sends events to every registered endpoint, signed, at least once: a non-2xx answer or no answer
 * is retried on a schedule the tests make short. Switches make the at-least-once cases happen on
 * demand: each event sent twice, or held and released in reverse order.
 */
export class LenderWebhookDispatcher {
  readonly log: LenderWebhookDelivery[] = [];
  readonly endpoints: string[] = [];
  duplicate = false;
  readonly #apiKey: string;
  readonly #queue: DeliveryQueue<{ event: LenderEvent; url: string }>;

  constructor(apiKey: string, retryDelaysMs: readonly number[]) {
    this.#apiKey = apiKey;
    this.#queue = new DeliveryQueue(retryDelaysMs, ({ event, url }, attempt, stop) => this.#attempt(event, url, attempt, stop));
  }

  dispatch(event: LenderEvent): void {
    for (const url of this.endpoints) {
      const copies = this.duplicate ? 2 : 1;
      for (let copy = 0; copy < copies; copy += 1) this.#queue.send({ event, url });
    }
  }

  pause(): void {
    this.#queue.pause();
  }

  /** Sends what was held, in order or reversed, one after another, and resumes sending at once. */
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

  async #attempt(event: LenderEvent, url: string, attempt: number, stop: AbortSignal): Promise<boolean> {
    const body = JSON.stringify(event);
    // Each attempt is signed afresh, with its own timestamp.
    const timestamp = Math.floor(Date.now() / 1000);
    const deliveredAt = new Date();
    const headers = {
      'User-Agent': 'FakeLender/1.0',
      'Lender-Event-Id': event.id,
      'Lender-Timestamp': String(timestamp),
      'Lender-Signature': lenderSignatureHeader(body, this.#apiKey, timestamp),
    };
    const answer = await postWebhook(url, headers, body, stop);
    this.log.push({ eventId: event.id, eventType: event.type, url, attempt, ...answer, deliveredAt });
    return answeredOk(answer.status);
  }
}
