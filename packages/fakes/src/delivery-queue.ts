import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * What the fakes' webhook senders share: each delivery tried at once and retried on a schedule
 * the tests make short until its receiver answers 2xx; deliveries that can be held and released
 * in order or reversed (a receiver sees events out of order on demand); `idle()` for tests to wait
 * on. What one attempt sends (its signature, its headers) is the provider's: `attempt`.
 */
export class DeliveryQueue<Delivery> {
  readonly #retryDelaysMs: readonly number[];
  readonly #attempt: (delivery: Delivery, attempt: number, stop: AbortSignal) => Promise<boolean>;
  readonly #inFlight = new Set<Promise<void>>();
  readonly #held: Delivery[] = [];
  readonly #stop = new AbortController();
  #paused = false;

  constructor(retryDelaysMs: readonly number[], attempt: (delivery: Delivery, attempt: number, stop: AbortSignal) => Promise<boolean>) {
    this.#retryDelaysMs = retryDelaysMs;
    this.#attempt = attempt;
    // Every delivery waiting out its retry listens to the one stop signal: not a leak, however many.
    setMaxListeners(0, this.#stop.signal);
  }

  send(delivery: Delivery): void {
    if (this.#paused) this.#held.push(delivery);
    else this.#track(this.#deliverWithRetries(delivery));
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
        for (const delivery of held) await this.#deliverWithRetries(delivery);
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

  async #deliverWithRetries(delivery: Delivery): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      if (this.#stop.signal.aborted) return;
      const succeeded = await this.#attempt(delivery, attempt, this.#stop.signal);
      const delay = this.#retryDelaysMs[attempt - 1];
      if (succeeded || delay === undefined) return;
      try {
        await sleep(delay, undefined, { signal: this.#stop.signal });
      } catch {
        return;
      }
    }
  }
}

/** One POST of a webhook body: the receiver's status, or why there was none (a 10 s limit, or the sender closing). */
export async function postWebhook(url: string, headers: Record<string, string>, body: string, stop: AbortSignal): Promise<{ status: number | null; error: string | null }> {
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers }, body, signal: AbortSignal.any([stop, AbortSignal.timeout(10_000)]) });
    await response.arrayBuffer();
    return { status: response.status, error: null };
  } catch (error) {
    return { status: null, error: error instanceof Error ? error.message : String(error) };
  }
}

export const answeredOk = (status: number | null): boolean => status !== null && status >= 200 && status < 300;
