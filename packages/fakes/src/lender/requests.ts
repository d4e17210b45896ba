import type { CompanyInput, OfferInput } from './state.js';
import { LenderApiError, type LenderProduct } from './wire.js';

/** Reads of request bodies, each refusing a missing or mistyped field as the lender does (422 `invalid_request`). */

function invalid(message: string): LenderApiError {
  return new LenderApiError(422, 'invalid_request', message);
}

function recordOf(value: unknown, name: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(`${name} must be an object.`);
  return Object.fromEntries(Object.entries(value));
}

function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value === '') throw invalid(`${name} is required.`);
  return value;
}

function nullableString(body: Record<string, unknown>, name: string): string | null {
  const value = body[name];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalid(`${name} must be a string.`);
  return value;
}

export function integerField(body: Record<string, unknown>, name: string): number {
  const value = body[name];
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw invalid(`${name} must be an integer.`);
  return value;
}

export function bodyOf(value: unknown): Record<string, unknown> {
  return recordOf(value, 'The body');
}

export function companyOf(value: unknown, name: string): CompanyInput {
  const company = recordOf(value, name);
  return {
    partner_company_uuid: stringField(company, 'partner_company_uuid'),
    company_name: stringField(company, 'company_name'),
    country: nullableString(company, 'country'),
    email: nullableString(company, 'email'),
  };
}

export function offerOf(product: LenderProduct, value: unknown, productIds: { factoring: string | null; bnpl: string | null }): OfferInput {
  const body = bodyOf(value);
  const expected = product === 'factoring' ? productIds.factoring : productIds.bnpl;
  const productId = stringField(body, 'product_uuid');
  if (expected !== null && productId !== expected) throw invalid(`product_uuid ${productId} is not this partner's ${product === 'factoring' ? 'FundNow' : 'PayLater'} product.`);
  const invoice = recordOf(body.invoice, 'invoice');
  return {
    product,
    termDays: integerField(body, 'term_days'),
    invoice: {
      partner_invoice_uuid: stringField(invoice, 'partner_invoice_uuid'),
      invoice_number: stringField(invoice, 'invoice_number'),
      currency: stringField(invoice, 'currency'),
      total: integerField(invoice, 'total'),
      due_amount: integerField(invoice, 'due_amount'),
      issue_date: stringField(invoice, 'issue_date'),
      due_date: nullableString(invoice, 'due_date'),
      company: companyOf(invoice.company, 'invoice.company'),
      counterparty: product === 'factoring' ? companyOf(invoice.customer, 'invoice.customer') : companyOf(invoice.vendor, 'invoice.vendor'),
    },
  };
}
