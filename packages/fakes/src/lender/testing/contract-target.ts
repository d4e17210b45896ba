import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { startFakeLender, type FakeLender } from '../server.js';

/**
 * What the lender contract suite (apps/api/src/platform/providers/lender-contract.test.ts, beside
 * the adapter it runs) calls: the fake lender, or a real lender's sandbox when LENDER_TEST_URL and
 * LENDER_TEST_KEY are set. `fake` is null against a real lender: its deliveries cannot reach this
 * machine and its switches do not exist, so the tests that need them skip there.
 */
export type LenderContractTarget = {
  baseUrl: string;
  apiKey: string;
  productIds: { factoring: string; bnpl: string; drawdown: string | null };
  fake: FakeLender | null;
  close(): Promise<void>;
};

export type ReceivedLenderWebhook = { headers: IncomingHttpHeaders; body: string };

/** A local webhook receiver that answers with the queued statuses (then 200) and keeps what it got. */
export class LenderWebhookReceiver {
  readonly received: ReceivedLenderWebhook[] = [];
  readonly statuses: number[] = [];
  readonly #server: Server;

  private constructor(server: Server) {
    this.#server = server;
  }

  static async start(): Promise<LenderWebhookReceiver> {
    const receiver: LenderWebhookReceiver = new LenderWebhookReceiver(
      createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
          response.statusCode = receiver.statuses.shift() ?? 200;
          response.end();
        });
      }),
    );
    await new Promise<void>((resolve) => receiver.#server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    const address = this.#server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/lender-webhooks`;
  }

  /** Waits until `count` deliveries arrived (or fails after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 5_000): Promise<ReceivedLenderWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`Expected ${count} deliveries, got ${this.received.length}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.received;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve, reject) => this.#server.close((error) => (error ? reject(error) : resolve())));
  }
}

export const CONTRACT_PRODUCT_IDS = { factoring: '0190a3c4-0000-7000-8000-00000000f001', bnpl: '0190a3c4-0000-7000-8000-00000000f002', drawdown: null };

export async function fakeLenderTarget(webhookUrl: string): Promise<LenderContractTarget> {
  // Funding waits for the control by default, so a test sees `pending_funding` before it funds.
  const fake = await startFakeLender({ webhookUrl, webhookRetryDelaysMs: [20, 40], fundingDelayMs: null, productIds: CONTRACT_PRODUCT_IDS });
  return { baseUrl: fake.url, apiKey: fake.apiKey, productIds: CONTRACT_PRODUCT_IDS, fake, close: () => fake.close() };
}

/** A real lender's sandbox; LENDER_TEST_PRODUCT_IDS names its FundNow and PayLater products, comma-separated. */
export function realLenderTarget(baseUrl: string, apiKey: string, productIds: string | undefined): LenderContractTarget {
  const [factoring = '', bnpl = '', drawdown = ''] = (productIds ?? '').split(',').map((id) => id.trim());
  return { baseUrl, apiKey, productIds: { factoring, bnpl, drawdown: drawdown === '' ? null : drawdown }, fake: null, close: async () => {} };
}
