import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { OutboundFailureKind, OutboundHttp } from '../outbound/outbound-http';
import {
  type FinancingProduct,
  type FinancingProvider,
  type FinancingProviderCredentials,
  FinancingProviderError,
  type FinancingProviderFactory,
  type LenderApproval,
  type LenderCompany,
  type LenderInvoice,
  type LenderLoan,
  type VerifiedLenderEvent,
  lenderEventTypes,
  lenderLoanSchema,
  lenderOfferSchema,
} from './financing-provider';

/**
 * The HTTP lender: the FinancingProvider port over the embedded B2B lenders' common API, with
 * Lendica's paths and request field names (research section 3). Lendica publishes no SDK on npm,
 * so this adapter speaks HTTP itself, through the outbound client (`app.outboundHttp`): the url is
 * the tenant's, so it must not reach the server's own network, and no redirect is followed. The
 * fake lender
 * (`packages/fakes/src/lender`) serves the same wire format, and the contract suite
 * (`lender-contract.test.ts`) runs this adapter against it, or a real lender when configured.
 *
 * Wire format (JSON both ways, amounts integer minor units, dates ISO):
 * - Every call: `Authorization: Api-Key <key>`; every POST also `Idempotency-Key: <key>` (the
 *   same key and body answer the first answer again; the same key with another body is 409
 *   `idempotency_conflict`).
 * - `POST /api/v1/submit/application` `{partner_company_uuid, company_name, country, email}`
 *   creates (once per partner_company_uuid) the company, its application and approval;
 *   `GET /api/v1/partner/status/approvals?partner_company_uuid=…` answers
 *   `{partner_company_uuid, status: approved|declined|pending, credit_limit, currency, reason}`.
 * - `POST /api/v1/fundnow/offers` (factoring: `company` is the vendor, `customer` the payer) and
 *   `POST /api/v1/paylater/offers` (BNPL: `company` is the buyer, `vendor` the one paid now), body
 *   `{product_uuid, term_days, invoice: {partner_invoice_uuid, invoice_number, currency, total,
 *   due_amount, issue_date, due_date, company, customer | vendor}}`, each company
 *   `{partner_company_uuid, company_name, country, email}`; answers the offer as the port's
 *   `lenderOfferSchema` reads it.
 * - `POST /api/v1/offers/{id}/accept` `{amount}`, `GET /api/v1/loans/{id}`,
 *   `POST /api/v1/loans/{id}/repayments` `{amount, partner_reference}` answer the loan as
 *   `lenderLoanSchema` reads it; `GET /api/v1/loans?updated_since=&starting_after=&limit=`
 *   answers `{data: loan[], has_more}`.
 * - Errors: `{error: {code, message}}`; 401/403 → `authentication`, 404 → `not_found`, 409 →
 *   `conflict`, 422 with code `declined` → `declined`, other 400/422 → `invalid`, 429, 5xx, a
 *   timeout or no answer → `unavailable`.
 * - Webhooks: `POST` of `{id, type, created, livemode, data: {object: loan}}` with
 *   `Lender-Timestamp: <unix seconds>` and `Lender-Signature: v1=<hex HMAC-SHA256 of
 *   "<timestamp>.<raw body>" keyed with the API key>` (several `v1=` entries, comma-separated,
 *   while a key rotates), delivered at least once, in any order.
 */

/** How old (or how far ahead) a webhook's timestamp may be. */
export const LENDER_SIGNATURE_TOLERANCE_SECONDS = 5 * 60;
const DEFAULT_TIMEOUT_MS = 10_000;
/** A page of 100 loans is far below this; a longer answer is not the lender's API. */
const MAX_ANSWER_BYTES = 1024 * 1024;
const LIST_PAGE_SIZE = 100;

export type HttpFinancingProviderOptions = {
  /** Per call; a slower answer is `unavailable` (the caller retries with the same idempotency key). */
  timeoutMs?: number;
  /** Unix milliseconds now, for the webhook timestamp check. */
  now?: () => number;
};

const errorBodySchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const approvalSchema = z.object({
  status: z.enum(['approved', 'declined', 'pending']),
  credit_limit: z.number().int(),
  currency: z.string(),
  reason: z.string().nullable(),
});
const loanListSchema = z.object({ data: z.array(lenderLoanSchema), has_more: z.boolean() });
const eventSchema = z.object({
  id: z.string().min(1),
  type: z.enum(lenderEventTypes),
  created: z.number().int(),
  livemode: z.boolean(),
  data: z.object({ object: lenderLoanSchema }),
});

type Kind = FinancingProviderError['details']['kind'];

function kindOf(status: number, code: string | null): Kind {
  if (status === 401 || status === 403) return 'authentication';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 422 && code === 'declined') return 'declined';
  if (status === 400 || status === 422) return 'invalid';
  return 'unavailable';
}

function companyBody(company: LenderCompany) {
  return { partner_company_uuid: company.reference, company_name: company.name, country: company.country, email: company.email };
}

function invoiceBody(product: FinancingProduct, invoice: LenderInvoice) {
  return {
    partner_invoice_uuid: invoice.reference,
    invoice_number: invoice.number,
    currency: invoice.currency,
    total: invoice.total,
    due_amount: invoice.dueAmount,
    issue_date: invoice.issueDate,
    due_date: invoice.dueDate,
    company: companyBody(invoice.borrower),
    ...(product === 'factoring' ? { customer: companyBody(invoice.counterparty) } : { vendor: companyBody(invoice.counterparty) }),
  };
}

/** Codes and messages of requests that got no answer (all `unavailable`: the caller may retry). */
const NO_ANSWER: Record<OutboundFailureKind, { code: string; message: string }> = {
  timeout: { code: 'timeout', message: 'The lender did not answer in time.' },
  connection_failed: { code: 'unreachable', message: 'The lender could not be reached.' },
  refused_address: { code: 'refused_address', message: "The lender's url does not point at a public address." },
  invalid_url: { code: 'invalid_url', message: "The lender's url is not an http or https URL." },
};

function jsonOrNull(text: string): unknown {
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

function invalidEvent(code: string, message: string): FinancingProviderError {
  return new FinancingProviderError(message, { kind: 'invalid', code, httpStatus: null });
}

/** The `v1=` signatures of a `Lender-Signature` header. */
function signaturesOf(header: string): Buffer[] {
  return header
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.startsWith('v1='))
    .map((part) => part.slice(3))
    .filter((hex) => /^[0-9a-f]{64}$/i.test(hex))
    .map((hex) => Buffer.from(hex, 'hex'));
}

/** The signature a lender puts in `Lender-Signature` for a body sent at `timestamp` (unix seconds). */
export function lenderSignature(rawBody: Buffer | string, apiKey: string, timestamp: number): string {
  return `v1=${createHmac('sha256', apiKey).update(`${timestamp}.`).update(rawBody).digest('hex')}`;
}

export function createHttpFinancingProvider(credentials: FinancingProviderCredentials, http: OutboundHttp, options: HttpFinancingProviderOptions = {}): FinancingProvider {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const base = credentials.baseUrl.endsWith('/') ? credentials.baseUrl : `${credentials.baseUrl}/`;

  async function call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown, idempotencyKey?: string): Promise<T> {
    let url: string;
    try {
      url = new URL(path, base).toString();
    } catch {
      throw new FinancingProviderError(NO_ANSWER.invalid_url.message, { kind: 'unavailable', code: NO_ANSWER.invalid_url.code, httpStatus: null });
    }
    const response = await http.send({
      url,
      method,
      headers: {
        authorization: `Api-Key ${credentials.apiKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      timeoutMs,
      maxResponseBytes: MAX_ANSWER_BYTES,
    });
    if (!response.ok) throw new FinancingProviderError(NO_ANSWER[response.kind].message, { kind: 'unavailable', code: NO_ANSWER[response.kind].code, httpStatus: null });
    if (response.truncated) throw new FinancingProviderError('The lender answered in a form this adapter does not read.', { kind: 'unavailable', code: 'unexpected_answer', httpStatus: response.status });
    const parsed = jsonOrNull(response.bodyText);
    if (response.status < 200 || response.status > 299) {
      const failure = errorBodySchema.safeParse(parsed);
      const code = failure.success ? failure.data.error.code : null;
      const message = failure.success ? failure.data.error.message : `The lender answered ${response.status}.`;
      throw new FinancingProviderError(message, { kind: kindOf(response.status, code), code, httpStatus: response.status });
    }
    const answer = schema.safeParse(parsed);
    if (!answer.success) throw new FinancingProviderError('The lender answered in a form this adapter does not read.', { kind: 'unavailable', code: 'unexpected_answer', httpStatus: response.status });
    return answer.data;
  }

  return {
    async approval(company, idempotencyKey): Promise<LenderApproval> {
      await call('POST', 'api/v1/submit/application', z.unknown(), companyBody(company), idempotencyKey);
      const approval = await call('GET', `api/v1/partner/status/approvals?partner_company_uuid=${encodeURIComponent(company.reference)}`, approvalSchema);
      return { status: approval.status, creditLimit: approval.credit_limit, currency: approval.currency, reason: approval.reason };
    },

    createOffer({ product, invoice, termDays }, idempotencyKey) {
      const productId = product === 'factoring' ? credentials.productIds.factoring : credentials.productIds.bnpl;
      const path = product === 'factoring' ? 'api/v1/fundnow/offers' : 'api/v1/paylater/offers';
      return call('POST', path, lenderOfferSchema, { product_uuid: productId, term_days: termDays, invoice: invoiceBody(product, invoice) }, idempotencyKey);
    },

    acceptOffer(offerId, amount, idempotencyKey) {
      return call('POST', `api/v1/offers/${encodeURIComponent(offerId)}/accept`, lenderLoanSchema, { amount }, idempotencyKey);
    },

    retrieveLoan(loanId) {
      return call('GET', `api/v1/loans/${encodeURIComponent(loanId)}`, lenderLoanSchema);
    },

    async listLoans(since) {
      const loans: LenderLoan[] = [];
      for (let startingAfter: string | null = null; ; ) {
        const query = new URLSearchParams({ limit: String(LIST_PAGE_SIZE) });
        if (since !== null) query.set('updated_since', since);
        if (startingAfter !== null) query.set('starting_after', startingAfter);
        const page = await call('GET', `api/v1/loans?${query.toString()}`, loanListSchema);
        loans.push(...page.data);
        const last = page.data.at(-1);
        if (!page.has_more || last === undefined) return loans;
        startingAfter = last.id;
      }
    },

    reportRepayment(loanId, { amount, reference }, idempotencyKey) {
      return call('POST', `api/v1/loans/${encodeURIComponent(loanId)}/repayments`, lenderLoanSchema, { amount, partner_reference: reference }, idempotencyKey);
    },

    async verifyEvent(rawBody, signatureHeader, timestampHeader): Promise<VerifiedLenderEvent> {
      if (!/^\d{1,12}$/.test(timestampHeader.trim())) throw invalidEvent('invalid_timestamp', 'The Lender-Timestamp header is not a unix time.');
      const timestamp = Number(timestampHeader.trim());
      if (Math.abs(Math.floor(now() / 1000) - timestamp) > LENDER_SIGNATURE_TOLERANCE_SECONDS) throw invalidEvent('stale_timestamp', 'The webhook timestamp is outside the tolerance.');
      const expected = Buffer.from(lenderSignature(rawBody, credentials.apiKey, timestamp).slice(3), 'hex');
      const matches = signaturesOf(signatureHeader).some((signature) => timingSafeEqual(signature, expected));
      if (!matches) throw invalidEvent('invalid_signature', 'No signature matches the body.');
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw invalidEvent('invalid_event', 'The webhook body is not JSON.');
      }
      const event = eventSchema.safeParse(parsed);
      if (!event.success) throw invalidEvent('invalid_event', 'The webhook body is not a loan event.');
      return { id: event.data.id, type: event.data.type, created: event.data.created, livemode: event.data.livemode, loan: event.data.data.object, payload: parsed };
    },
  };
}

export function createHttpFinancingProviderFactory(http: OutboundHttp, options: HttpFinancingProviderOptions = {}): FinancingProviderFactory {
  return (credentials) => createHttpFinancingProvider(credentials, http, options);
}
