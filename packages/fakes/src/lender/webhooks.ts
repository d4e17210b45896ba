import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
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
  readonly #retryDelaysMs: readonly number[];
  readonly #inFlight = new Set<Promise<void>>();
  readonly #held: { event: LenderEvent; url: string }[] = [];
  readonly #stop = new AbortController();
  #paused = false;

  constructor(apiKey: string, retryDelaysMs: readonly number[]) {
    this.#apiKey = apiKey;
    this.#retryDelaysMs = retryDelaysMs;
  }

  dispatch(event: LenderEvent): void {
    for (const url of this.endpoints) {
      const copies = this.duplicate ? 2 : 1;
      for (let copy = 0; copy < copies; copy += 1) {
        if (this.#paused) this.#held.push({ event, url });
        else this.#track(this.#deliverWithRetries(event, url));
      }
    }
  }

  pause(): void {
    this.#paused = true;
  }

  /** Sends what was held, in order or reversed, one after another, and resumes sending at once. */
  release(order: 'in_order' | 'reversed'): void {
    this.#paused = false;
    const held = this.#held.splice(0);
    if (order === 'reversed') held.reverse();
    this.#track(
      (async () => {
        for (const { event, url } of held) await this.#deliverWithRetries(event, url);
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

  async #deliverWithRetries(event: LenderEvent, url: string): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      if (this.#stop.signal.aborted) return;
      const succeeded = await this.#attempt(event, url, attempt);
      const delay = this.#retryDelaysMs[attempt - 1];
      if (succeeded || delay === undefined) return;
      try {
        await sleep(delay, undefined, { signal: this.#stop.signal });
      } catch {
        return;
      }
    }
  }

  async #attempt(event: LenderEvent, url: string, attempt: number): Promise<boolean> {
    const body = JSON.stringify(event);
    // Each attempt is signed afresh, with its own timestamp.
    const timestamp = Math.floor(Date.now() / 1000);
    const entry: LenderWebhookDelivery = { eventId: event.id, eventType: event.type, url, attempt, status: null, error: null, deliveredAt: new Date() };
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'FakeLender/1.0',
          'Lender-Event-Id': event.id,
          'Lender-Timestamp': String(timestamp),
          'Lender-Signature': lenderSignatureHeader(body, this.#apiKey, timestamp),
        },
        body,
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
