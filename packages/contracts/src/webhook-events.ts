import { z } from 'zod';
import { estimateStatuses, invoicePaidStatuses, invoiceStatuses } from './documents';
import { loanStatuses } from './loan-status';

/**
 * The events the product sends to webhook endpoints (docs/design-notes.md, "Outgoing webhooks").
 * Each payload is versioned: an endpoint names the API version it reads, and an event is kept in
 * the shape of the version it was written in. A change that removes or renames a field makes a
 * new version; adding a field does not.
 */
export const WEBHOOK_API_VERSIONS = ['2026-11-01'] as const;
export type WebhookApiVersion = (typeof WEBHOOK_API_VERSIONS)[number];
export const CURRENT_WEBHOOK_API_VERSION: WebhookApiVersion = '2026-11-01';

const money = z.number().int();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const webhookInvoiceSchema = z.object({
  id: z.string(),
  business_id: z.string(),
  invoice_number: z.string(),
  status: z.enum(invoiceStatuses),
  paid_status: z.enum(invoicePaidStatuses).nullable(),
  customer_id: z.string(),
  currency: z.string(),
  total: money,
  amount_paid: money,
  due_amount: money,
  invoice_date: day,
  due_date: day.nullable(),
});

export const webhookEstimateSchema = z.object({
  id: z.string(),
  business_id: z.string(),
  estimate_number: z.string(),
  status: z.enum(estimateStatuses),
  customer_id: z.string(),
  currency: z.string(),
  total: money,
  estimate_date: day,
  expiry_date: day.nullable(),
  /** The invoice an estimate was converted into. */
  invoice_id: z.string().nullable(),
});

export const webhookPaymentSchema = z.object({
  id: z.string(),
  business_id: z.string(),
  payment_number: z.string(),
  /** 'received' from a customer, or 'made' to a vendor (a customer business's side of what it paid). */
  direction: z.enum(['received', 'made']),
  /** The customer who paid; null for a payment made. */
  customer_id: z.string().nullable(),
  /** The vendor paid; null for a payment received. */
  vendor_id: z.string().nullable(),
  invoice_id: z.string().nullable(),
  currency: z.string(),
  amount: money,
  /** What of `amount` was refunded so far. */
  refunded_amount: money,
  payment_date: day,
  /** How it was paid: 'card', 'us_bank_account', or the name of a payment mode recorded by hand. */
  method: z.string().nullable(),
  /**
   * The payment provider's payment (PaymentIntent) id of an online payment, null otherwise: the
   * same on an attempt's `payment.failed` and on the `payment.succeeded` of the attempt that
   * then went through, so a receiver can tie them together.
   */
  provider_payment_id: z.string().nullable(),
  /** Why a payment failed: the provider's words, or the vendor's reason for rejecting a payment its customer reported; null otherwise. */
  failure_message: z.string().nullable(),
});

export const webhookCounterpartySchema = z.object({
  id: z.string(),
  business_id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  currency: z.string(),
  archived: z.boolean(),
});

export const webhookLoanSchema = z.object({
  id: z.string(),
  business_id: z.string(),
  product: z.enum(['factoring', 'bnpl']),
  invoice_id: z.string().nullable(),
  currency: z.string(),
  principal: money,
  fee: money,
  /** Null while the loan is an offer. */
  status: z.enum(loanStatuses).nullable(),
});

export const webhookPayoutAccountSchema = z.object({
  business_id: z.string(),
  account_id: z.string(),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  /** What the provider still asks for; empty once nothing is due. */
  requirements_due: z.array(z.string()),
});

const invoiceData = z.object({ invoice: webhookInvoiceSchema });
const estimateData = z.object({ estimate: webhookEstimateSchema });
const paymentData = z.object({ payment: webhookPaymentSchema });
const customerData = z.object({ customer: webhookCounterpartySchema });
const vendorData = z.object({ vendor: webhookCounterpartySchema });
const loanData = z.object({ loan: webhookLoanSchema });

/** Every event, its meaning and its payload (`data`) in the current API version. */
export const webhookEventCatalogue = {
  'invoice.created': { description: 'An invoice was created (as a draft, or open when created to be sent).', data: invoiceData },
  'invoice.updated': { description: 'An invoice was edited.', data: invoiceData },
  'invoice.finalized': { description: 'A draft invoice was finalized: it has its number and can be sent and paid.', data: invoiceData },
  'invoice.sent': { description: 'An invoice was sent to its customer.', data: invoiceData },
  'invoice.viewed': { description: 'The customer opened the invoice for the first time.', data: invoiceData },
  'invoice.approved': { description: 'The customer approved the invoice.', data: invoiceData },
  'invoice.rejected': { description: 'The customer rejected the invoice.', data: invoiceData },
  'invoice.voided': { description: 'The invoice was voided.', data: invoiceData },
  'invoice.paid': { description: 'Payments now cover the whole invoice.', data: invoiceData },
  'invoice.partially_paid': { description: 'A payment covered part of the invoice.', data: invoiceData },
  'invoice.overdue': { description: 'The invoice passed its due date unpaid.', data: invoiceData },
  'estimate.created': { description: 'An estimate was created.', data: estimateData },
  'estimate.sent': { description: 'An estimate was sent to its customer.', data: estimateData },
  'estimate.approved': { description: 'The customer approved the estimate.', data: estimateData },
  'estimate.rejected': { description: 'The customer rejected the estimate.', data: estimateData },
  'estimate.converted': { description: 'The estimate was converted into an invoice (`invoice_id`).', data: estimateData },
  'payment.created': {
    description: "A payment was recorded. A vendor's payment received on an invoice also gives its customer business a payment made (`direction: made`), sent to that business's endpoints.",
    data: paymentData,
  },
  'payment.updated': { description: "A payment was edited (also the customer business's payment made following its vendor's edit, or a reported payment awaiting the vendor again).", data: paymentData },
  'payment.deleted': { description: 'A payment was deleted; its invoice is due again by its amount (for its customer business too).', data: paymentData },
  'payment.succeeded': { description: 'An online payment succeeded (the provider confirmed the money), or the vendor confirmed a payment its customer reported.', data: paymentData },
  'payment.failed': {
    description:
      "An online payment failed or a bank debit was returned (no payment was booked: `id` is the attempt's), or the vendor rejected a payment its customer reported (`failure_message` holds the vendor's reason).",
    data: paymentData,
  },
  'payment.refunded': { description: 'A payment was refunded, in whole or in part (`refunded_amount`).', data: paymentData },
  'customer.created': { description: 'A customer was added.', data: customerData },
  'customer.updated': { description: 'A customer was edited.', data: customerData },
  'customer.archived': { description: 'A customer was archived.', data: customerData },
  'vendor.created': { description: 'A vendor was added.', data: vendorData },
  'vendor.updated': { description: 'A vendor was edited.', data: vendorData },
  'vendor.archived': { description: 'A vendor was archived.', data: vendorData },
  'loan.offered': { description: 'Financing was offered against an invoice.', data: loanData },
  'loan.funded': { description: 'A loan was funded: its advance paid out.', data: loanData },
  'loan.repaid': { description: 'A loan was repaid in full.', data: loanData },
  'loan.defaulted': { description: 'A loan was written off as defaulted.', data: loanData },
  'recurring_invoice.generated': {
    description: 'A recurring invoice made its next invoice.',
    data: z.object({ recurring_invoice_id: z.string(), invoice: webhookInvoiceSchema }),
  },
  'payout_account.updated': { description: "A business's payout account changed (verification, capabilities).", data: z.object({ payout_account: webhookPayoutAccountSchema }) },
} as const;

export type WebhookEventType = keyof typeof webhookEventCatalogue;
export type WebhookEventData<T extends WebhookEventType> = z.input<(typeof webhookEventCatalogue)[T]['data']>;

export function isWebhookEventType(value: string): value is WebhookEventType {
  return Object.hasOwn(webhookEventCatalogue, value);
}

export const webhookEventTypes: readonly WebhookEventType[] = Object.keys(webhookEventCatalogue).filter(isWebhookEventType);

/**
 * What an endpoint receives as the request body (the Standard Webhooks payload shape: `type`,
 * `timestamp`, `data`), with the event's id, API version and business.
 */
export const webhookEnvelopeSchema = z.object({
  id: z.string(),
  type: z.string(),
  api_version: z.enum(WEBHOOK_API_VERSIONS),
  timestamp: z.string(),
  business_id: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEnvelope = z.infer<typeof webhookEnvelopeSchema>;
