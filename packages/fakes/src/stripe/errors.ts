import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';

export type StripeErrorType = 'invalid_request_error' | 'api_error' | 'card_error' | 'idempotency_error' | 'rate_limit_error';

/** The body Stripe answers with on failure: `{ error: { type, code, message, param, decline_code? } }`. */
export type StripeErrorBody = {
  error: {
    type: StripeErrorType;
    code?: string;
    message: string;
    param?: string;
    decline_code?: string;
    doc_url?: string;
    request_log_url?: string;
    /** Card errors carry the objects the failed attempt left behind, as Stripe's do. */
    charge?: string;
    payment_intent?: Stripe.PaymentIntent;
    setup_intent?: Stripe.SetupIntent;
    payment_method?: Stripe.PaymentMethod;
  };
};

/** A request the fake refuses, carrying the HTTP status and the error body Stripe would send. */
export class StripeApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 429 | 500,
    readonly body: StripeErrorBody['error'],
  ) {
    super(body.message);
    this.name = 'StripeApiError';
  }
}

export function invalidRequest(message: string, extra: { code?: string; param?: string } = {}): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, ...extra });
}

/** Stripe names the missing object by its kind and the id it was given, and blames the id's parameter. */
export function resourceMissing(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param });
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
}

export function invalidParam(param: string, message: string): StripeApiError {
  return invalidRequest(message, { code: 'parameter_invalid_string', param });
}

/** Ids look like Stripe's: a prefix and 24 random base62-ish characters. */
export function newId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(24);
  let suffix = '';
  for (const byte of bytes) suffix += alphabet[byte % alphabet.length] ?? 'A';
  return `${prefix}_${suffix}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
