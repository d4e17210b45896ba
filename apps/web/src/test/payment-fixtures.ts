import type { CounterpartyResource, PaymentClaim, PaymentClaimListResponse, PaymentListResponse, PaymentResource } from '@app/contracts';
import { jsonResponse } from './fetch-mock';
import { makeCounterparty } from './fixtures';

/** Test data: $50.00 received from Globex against INV-000001 ($110.00, $60.00 still due after it). */
export function makePayment(overrides: Partial<PaymentResource> = {}): PaymentResource {
  return {
    id: 'pay-1',
    direction: 'received',
    business: { id: 'biz-1', name: 'Acme Ltd' },
    payment_number: 'PAY-000001',
    sequence_number: 1,
    payment_date: '2026-03-05',
    amount: 5000,
    currency_id: 1,
    exchange_rate: null,
    customer_id: 'cust-1',
    vendor_id: null,
    counterparty: { id: 'cust-1', name: 'Globex Corporation', email: 'billing@globex.example', business_id: 'biz-2', billing_address: null, shipping_address: null },
    invoice_id: 'inv-1',
    invoice: {
      id: 'inv-1',
      invoice_number: 'INV-000001',
      invoice_date: '2026-03-01',
      due_date: '2026-03-31',
      currency_id: 1,
      total: 11000,
      amount_paid: 5000,
      due_amount: 6000,
      status: 'sent',
      paid_status: 'partially_paid',
    },
    payment_method_id: 'mode-1',
    mode: { id: 'mode-1', name: 'Bank transfer' },
    notes: null,
    status: 'completed',
    claim: null,
    confirms_claim: null,
    template_name: 'payment1',
    online: false,
    refunded_amount: 0,
    transfers: [],
    charges: [],
    refunds: [],
    created_at: '2026-03-05T10:00:00Z',
    updated_at: '2026-03-05T10:00:00Z',
    ...overrides,
  };
}

export function paymentPage(rows: PaymentResource[], counts: { received?: number; made?: number } = {}) {
  const body: PaymentListResponse = {
    data: rows,
    meta: {
      current_page: 1,
      last_page: 1,
      per_page: 15,
      total: rows.length,
      payment_total_count: rows.length,
      received_count: counts.received ?? rows.length,
      made_count: counts.made ?? 0,
    },
  };
  return jsonResponse(200, body);
}

/** The payments screens' customer: Acme's Globex with 110.00 due and no addresses. */
export function makeCustomer(overrides: Partial<CounterpartyResource> = {}): CounterpartyResource {
  return makeCounterparty({ id: 'cust-1', amount_due: 11000, billing_address: null, shipping_address: null, ...overrides });
}

/** Test data: Globex says it paid $110.00 (its PAY-000003) against Acme's INV-000001, awaiting Acme's decision. */
export function makeClaim(overrides: Partial<PaymentClaim> = {}): PaymentClaim {
  return {
    id: 'claim-1',
    payment_number: 'PAY-000003',
    payment_date: '2026-03-10',
    amount: 11000,
    currency_id: 1,
    customer: { id: 'cust-1', name: 'Globex Corporation', business_id: 'biz-2' },
    invoice: {
      id: 'inv-1',
      invoice_number: 'INV-000001',
      invoice_date: '2026-03-01',
      due_date: '2026-03-31',
      currency_id: 1,
      total: 11000,
      amount_paid: 0,
      due_amount: 11000,
      status: 'sent',
      paid_status: 'unpaid',
    },
    mode: 'Bank transfer',
    status: 'claimed',
    claimed_at: '2026-03-10T09:00:00Z',
    decided_at: null,
    decided_by: null,
    reason: null,
    receipt_payment_id: null,
    ...overrides,
  };
}

export function claimPage(rows: PaymentClaim[], claimedCount = rows.filter((row) => row.status === 'claimed').length) {
  const body: PaymentClaimListResponse = {
    data: rows,
    meta: { current_page: 1, last_page: 1, per_page: 15, total: rows.length, claimed_count: claimedCount },
  };
  return jsonResponse(200, body);
}
