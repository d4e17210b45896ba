import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { FakeLenderControl } from './control.js';
import { bodyOf, companyOf, integerField, offerOf } from './requests.js';
import { LenderBook, type LenderTerms, loanView } from './state.js';
import { LenderWebhookDispatcher } from './webhooks.js';
import { LenderApiError } from './wire.js';

export type FakeLenderOptions = {
  /** Port to listen on; 0 (the default) picks a free one. The fake always listens on 127.0.0.1. */
  port?: number;
  /** The API key it accepts (also the webhooks' signing key); a fresh one when absent. */
  apiKey?: string;
  /** The partner's product UUIDs; offers naming another product are refused. Any is accepted when absent. */
  productIds?: { factoring: string; bnpl: string };
  /** Where events go, signed with the API key (more with `control.registerWebhook`). */
  webhookUrl?: string;
  /** Waits between delivery attempts after a failed one; one retry per entry. */
  webhookRetryDelaysMs?: number[];
  /** How long an accepted loan waits before it funds (ms; default 50), or never (null: only the control funds it). */
  fundingDelayMs?: number | null;
  /** The lender's terms: 50,000.00 USD limit, 80 % advance, 3 % per 30 days, 90 days at most, offers open 7 days. */
  terms?: Partial<LenderTerms>;
  /** Unix milliseconds now (offer expiry, funding and event times). */
  now?: () => number;
};

export type FakeLender = {
  url: string;
  port: number;
  apiKey: string;
  control: FakeLenderControl;
  close(): Promise<void>;
};

const DEFAULT_TERMS: LenderTerms = {
  creditLimit: 5_000_000,
  currency: 'USD',
  advanceRateBps: 8_000,
  feeBpsPer30Days: 300,
  maxDeferralDays: 90,
  offerTtlMs: 7 * 86_400_000,
  termsUrl: null,
};

type SavedAnswer = { endpoint: string; digest: string; status: number; body: unknown };

function fieldOf(source: unknown, name: string): unknown {
  return typeof source === 'object' && source !== null ? Object.entries(source).find(([key]) => key === name)?.[1] : undefined;
}

function paramOf(request: FastifyRequest, name: string): string {
  const value = fieldOf(request.params, name);
  if (typeof value !== 'string') throw new LenderApiError(404, 'not_found', 'Not found.');
  return value;
}

function queryOf(request: FastifyRequest, name: string): string | null {
  const value = fieldOf(request.query, name);
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * Starts a fake of an embedded B2B lender (Lendica-shaped wire format, documented in the API's
 * http-financing-provider.ts) on 127.0.0.1: underwriting, offers, accept → funded after a delay,
 * repayments, late / defaulted / cancelled, signed webhooks delivered at least once.
 */
export async function startFakeLender(options: FakeLenderOptions = {}): Promise<FakeLender> {
  const apiKey = options.apiKey ?? `lk_test_${randomBytes(24).toString('hex')}`;
  const now = options.now ?? Date.now;
  const dispatcher = new LenderWebhookDispatcher(apiKey, options.webhookRetryDelaysMs ?? [500, 2_000, 8_000]);
  if (options.webhookUrl !== undefined) dispatcher.endpoints.push(options.webhookUrl);
  const book = new LenderBook({ ...DEFAULT_TERMS, ...options.terms }, options.fundingDelayMs === undefined ? 50 : options.fundingDelayMs, dispatcher, now);
  const productIds = { factoring: options.productIds?.factoring ?? null, bnpl: options.productIds?.bnpl ?? null };
  const saved = new Map<string, SavedAnswer>();
  let failures = { count: 0, status: 503 };

  const app = Fastify({ logger: false });
  app.setErrorHandler(async (error, _request, reply) => {
    if (error instanceof LenderApiError) return reply.status(error.status).send({ error: { code: error.code, message: error.message } });
    const status = typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 500;
    return reply.status(status).send({ error: { code: status === 500 ? 'server_error' : 'invalid_request', message: error instanceof Error ? error.message : 'Error' } });
  });
  app.setNotFoundHandler(async (_request, reply) => reply.status(404).send({ error: { code: 'not_found', message: 'Not found.' } }));

  /** Checks the key, the injected outage and, for writes, the idempotency key before `handler` runs. */
  const api =
    (handler: (request: FastifyRequest) => unknown, status = 200) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.headers.authorization !== `Api-Key ${apiKey}`) throw new LenderApiError(401, 'authentication_failed', 'The API key is missing or not valid.');
      if (failures.count > 0) {
        failures = { ...failures, count: failures.count - 1 };
        throw new LenderApiError(failures.status, 'unavailable', 'The lender is unavailable. Try again later.');
      }
      if (request.method !== 'POST') return reply.status(status).send(handler(request));
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || key === '') throw new LenderApiError(400, 'invalid_request', 'Every write needs an Idempotency-Key header.');
      const endpoint = `${request.method} ${request.routeOptions.url ?? ''} ${request.url}`;
      const digest = createHash('sha256').update(JSON.stringify(request.body ?? null)).digest('hex');
      const previous = saved.get(key);
      if (previous !== undefined) {
        if (previous.endpoint !== endpoint || previous.digest !== digest) {
          throw new LenderApiError(409, 'idempotency_conflict', `The Idempotency-Key ${key} was used with another request. Use a new key for a different request.`);
        }
        return reply.status(previous.status).header('Idempotent-Replayed', 'true').send(previous.body);
      }
      try {
        const answer = handler(request);
        saved.set(key, { endpoint, digest, status, body: answer });
        return reply.status(status).send(answer);
      } catch (error) {
        // A refusal is an answer too: the same request with the same key is refused the same way.
        if (error instanceof LenderApiError && error.status < 500) saved.set(key, { endpoint, digest, status: error.status, body: { error: { code: error.code, message: error.message } } });
        throw error;
      }
    };

  app.post('/api/v1/submit/application', api((request) => {
    const company = companyOf(request.body, 'The body');
    return { partner_company_uuid: company.partner_company_uuid, approval: book.submitApplication(company) };
  }));
  app.get('/api/v1/partner/status/approvals', api((request) => book.approval(queryOf(request, 'partner_company_uuid') ?? '')));
  app.post('/api/v1/fundnow/offers', api((request) => book.createOffer(offerOf('factoring', request.body, productIds)), 201));
  app.post('/api/v1/paylater/offers', api((request) => book.createOffer(offerOf('bnpl', request.body, productIds)), 201));
  app.post('/api/v1/offers/:offer/accept', api((request) => book.acceptOffer(paramOf(request, 'offer'), integerField(bodyOf(request.body), 'amount')), 201));
  app.get('/api/v1/loans/:loan', api((request) => loanView(book.loan(paramOf(request, 'loan')))));
  app.get('/api/v1/loans', api((request) => {
    const since = queryOf(request, 'updated_since');
    const sinceMs = since === null ? null : Date.parse(since);
    if (sinceMs !== null && Number.isNaN(sinceMs)) throw new LenderApiError(422, 'invalid_request', 'updated_since must be an ISO timestamp.');
    const limit = Math.min(Math.max(Number(queryOf(request, 'limit') ?? 100) || 100, 1), 100);
    return book.listLoans(sinceMs, queryOf(request, 'starting_after'), limit);
  }));
  app.post('/api/v1/loans/:loan/repayments', api((request) => {
    const body = bodyOf(request.body);
    if (typeof body.partner_reference !== 'string' || body.partner_reference === '') throw new LenderApiError(422, 'invalid_request', 'partner_reference is required.');
    return book.repay(paramOf(request, 'loan'), integerField(body, 'amount'));
  }));

  const control: FakeLenderControl = {
    fund: (loanId) => book.fund(loanId),
    markLate: (loanId) => book.setStatus(loanId, 'late'),
    markDefaulted: (loanId) => book.setStatus(loanId, 'defaulted'),
    cancel: (loanId) => book.setStatus(loanId, 'cancelled'),
    declineCompany: (reference, reason = 'The company does not meet the credit policy.') => book.declineCompany(reference, reason),
    declineInvoice: (reference) => book.declinedInvoices.add(reference),
    setFundingDelay: (delayMs) => {
      book.fundingDelayMs = delayMs;
    },
    duplicateDeliveries: (on) => {
      dispatcher.duplicate = on;
    },
    holdDeliveries: () => dispatcher.pause(),
    releaseDeliveries: (order = 'in_order') => dispatcher.release(order),
    deliveries: () => [...dispatcher.log],
    settleDeliveries: () => dispatcher.idle(),
    events: () => [...book.events],
    registerWebhook: (url) => {
      if (!dispatcher.endpoints.includes(url)) dispatcher.endpoints.push(url);
    },
    failNextRequests: (count, status = 503) => {
      failures = { count, status };
    },
  };
  registerControlRoutes(app, control, apiKey);

  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 0);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    apiKey,
    control,
    close: async () => {
      book.close();
      dispatcher.close();
      await dispatcher.idle();
      await app.close();
    },
  };
}

/** POST /_control/… for browser journeys, with the API key: the same controls as the in-process object. */
function registerControlRoutes(app: ReturnType<typeof Fastify>, control: FakeLenderControl, apiKey: string): void {
  const guarded = (handler: (request: FastifyRequest) => unknown) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization !== `Api-Key ${apiKey}`) throw new LenderApiError(401, 'authentication_failed', 'The control routes need the API key.');
    return reply.send(handler(request) ?? { ok: true });
  };
  const flag = (request: FastifyRequest, name: string) => fieldOf(request.body, name);
  app.post('/_control/loans/:loan/fund', guarded((request) => control.fund(paramOf(request, 'loan'))));
  app.post('/_control/loans/:loan/late', guarded((request) => control.markLate(paramOf(request, 'loan'))));
  app.post('/_control/loans/:loan/defaulted', guarded((request) => control.markDefaulted(paramOf(request, 'loan'))));
  app.post('/_control/loans/:loan/cancel', guarded((request) => control.cancel(paramOf(request, 'loan'))));
  app.post('/_control/companies/:company/decline', guarded((request) => control.declineCompany(paramOf(request, 'company'))));
  app.post('/_control/invoices/:invoice/decline', guarded((request) => control.declineInvoice(paramOf(request, 'invoice'))));
  app.post('/_control/deliveries/hold', guarded(() => control.holdDeliveries()));
  app.post('/_control/deliveries/release', guarded((request) => control.releaseDeliveries(flag(request, 'order') === 'reversed' ? 'reversed' : 'in_order')));
  app.post('/_control/deliveries/duplicate', guarded((request) => control.duplicateDeliveries(flag(request, 'on') !== false)));
  app.get('/_control/deliveries', guarded(() => ({ deliveries: control.deliveries() })));
  app.post(
    '/_control/webhooks',
    guarded((request) => {
      const url = flag(request, 'url');
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new LenderApiError(422, 'invalid_request', 'url must be an http(s) URL.');
      control.registerWebhook(url);
    }),
  );
}
