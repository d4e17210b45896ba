import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { Webhook } from 'standardwebhooks';
import { vi } from 'vitest';

/** How the receiver answers one request: a status, no answer before the sender gives up, or a connection dropped unanswered. */
export type ScriptedAnswer = number | 'hang' | 'drop';
export type ReceivedDelivery = { path: string; headers: Record<string, string>; body: string; at: Date };

/**
 * A webhook endpoint on 127.0.0.1, as a customer's server would be: it keeps what it received
 * and answers each path from its script (200 once the script is used up).
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  /** By path: the most requests that were open at once. */
  readonly peakOpen = new Map<string, number>();
  private readonly open = new Map<string, number>();
  private readonly delays = new Map<string, number>();
  private readonly scripts = new Map<string, ScriptedAnswer[]>();
  private readonly server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    const open = (this.open.get(path) ?? 0) + 1;
    this.open.set(path, open);
    this.peakOpen.set(path, Math.max(open, this.peakOpen.get(path) ?? 0));
    // Once answered, or the connection ended unanswered.
    response.once('close', () => this.open.set(path, (this.open.get(path) ?? 1) - 1));
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers[name] = value;
      this.received.push({ path, headers, body: Buffer.concat(chunks).toString('utf8'), at: new Date() });
      const answer = this.scripts.get(path)?.shift() ?? 200;
      if (answer === 'hang') return;
      if (answer === 'drop') {
        request.socket.destroy();
        return;
      }
      setTimeout(() => response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : `failure ${answer} `.repeat(400)), this.delays.get(path) ?? 0);
    });
  });
  port = 0;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('The receiver is not listening on a port');
    this.port = address.port;
    return this;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Answers requests to `path` only after `ms` (a slow receiver). */
  answerAfter(path: string, ms: number): void {
    this.delays.set(path, ms);
  }

  script(path: string, answers: ScriptedAnswer[]): void {
    this.scripts.set(path, [...answers]);
  }

  at(path: string): ReceivedDelivery[] {
    return this.received.filter((delivery) => delivery.path === path);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Checks a delivery twice: with the `standardwebhooks` package (at `now`, the app's clock, for its
 * five-minute tolerance) and with an independent HMAC-SHA256 over `id.timestamp.body`. True when
 * both accept one of the `v1,` signatures for `secret`.
 */
export function verifiedBoth(delivery: ReceivedDelivery, secret: string, now: Date): boolean {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  let byPackage: boolean;
  try {
    new Webhook(secret).verify(delivery.body, delivery.headers);
    byPackage = true;
  } catch {
    byPackage = false;
  } finally {
    vi.useRealTimers();
  }
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${delivery.headers['webhook-id']}.${delivery.headers['webhook-timestamp']}.${delivery.body}`).digest();
  const signatures = (delivery.headers['webhook-signature'] ?? '').split(' ').map((part) => Buffer.from(part.replace(/^v1,/, ''), 'base64'));
  const byHmac = signatures.some((signature) => signature.length === expected.length && timingSafeEqual(signature, expected));
  return byPackage && byHmac;
}
