import { type CappedListMeta, type EstimateResource, type InvoiceResource, type PublicDocument, estimateResourceSchema, invoiceListItemSchema, invoiceResourceSchema } from '@app/contracts';
import { jsonResponse, route } from './fetch-mock';

/** What both kinds share: one $100.00 line with 10% tax, from Acme Ltd to Globex. */
function documentBase() {
  return {
    id: 'doc-1',
    direction: 'outgoing',
    business: { id: 'biz-1', name: 'Acme Ltd' },
    customer_id: 'cust-1',
    customer: { id: 'cust-1', name: 'Globex Corporation', email: 'billing@globex.example', business_id: 'biz-2', billing_address: null, shipping_address: null },
    customer_business_id: 'biz-2',
    sequence_number: 1,
    customer_sequence_number: null,
    currency_id: 1,
    exchange_rate: null,
    template_name: 'invoice1',
    notes: 'Thank you for your business.',
    tax_per_item_enabled: false,
    discount_per_item_enabled: false,
    discount_type: 'fixed',
    discount: '0',
    discount_val: 0,
    sub_total: 10000,
    tax: 1000,
    total: 11000,
    taxes: [{ id: 'tax-line-1', tax_type_id: 'tt-1', name: 'VAT', percent: '10', compound_tax: false, taxable: 10000, amount: 1000 }],
    items: [
      {
        id: 'line-1',
        item_id: null,
        name: 'Consulting',
        description: 'March',
        unit_name: 'hour',
        quantity: '2',
        price: 5000,
        discount_type: 'fixed',
        discount: '0',
        discount_val: 0,
        total: 10000,
        document_discount_share: 0,
        tax: 0,
        taxes: [],
      },
    ],
    attachments: [],
    allowed_actions: ['edit', 'delete', 'finalize', 'send', 'mark_sent', 'clone'],
    sent_at: null,
    viewed_at: null,
    approved_at: null,
    rejected_at: null,
    created_at: '2026-03-01T10:00:00Z',
    updated_at: '2026-03-01T10:00:00Z',
  } satisfies Partial<InvoiceResource & EstimateResource>;
}

/** Test data: a $110.00 draft invoice. */
export function makeInvoice(overrides: Partial<InvoiceResource> = {}): InvoiceResource {
  return {
    ...documentBase(),
    id: 'inv-1',
    invoice_number: 'INV-000001',
    invoice_date: '2026-03-01',
    due_date: '2026-03-31',
    status: 'draft',
    display_status: 'draft',
    paid_status: 'unpaid',
    amount_paid: 0,
    due_amount: 11000,
    payment_processing: null,
    source: 'app',
    estimate_id: null,
    loan_status: null,
    ...overrides,
  };
}

export function makeEstimate(overrides: Partial<EstimateResource> = {}): EstimateResource {
  return {
    ...documentBase(),
    id: 'est-1',
    estimate_number: 'EST-000001',
    reference_number: 'PO-77',
    estimate_date: '2026-03-01',
    expiry_date: '2026-03-15',
    status: 'sent',
    converted_invoice_id: null,
    allowed_actions: ['edit', 'delete', 'send', 'void', 'convert', 'clone'],
    ...overrides,
  };
}

export function invoicePage(rows: InvoiceResource[], totalCount = rows.length, meta: Partial<CappedListMeta> = {}) {
  // Parsing with the list row schema drops what rows do not carry (lines, tax lines, attachments).
  const data = rows.map((row) => invoiceListItemSchema.parse(row));
  return jsonResponse(200, { data, meta: { current_page: 1, last_page: 1, per_page: 15, total: rows.length, total_is_lower_bound: false, ...meta, invoice_total_count: totalCount } });
}

export const invoiceStats = route('GET', '/api/v1/invoices/stats', () => jsonResponse(200, { inDraft: 11000, totalPaid: 5000, totalDue: 20000, totalOverDue: 4000, currency_id: 1, unconverted_currency_ids: [] }));

export const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});

export function makePublicEstimate(overrides: Partial<PublicDocument> = {}): PublicDocument {
  return { model: 'estimate', business: { name: 'Acme Ltd', logo_url: null }, invoice: null, estimate: publicEstimate(makeEstimate()), can_approve: true, can_reject: true, converted_to_invoice: null, payments: [], pdf_url: '/api/v1/public/estimates/tok-1/pdf', ...overrides };
}

/** A document as a public page gets it: without the fields only the businesses see. */
export const publicInvoice = (invoice: InvoiceResource) => invoiceResourceSchema.omit({ allowed_actions: true, attachments: true }).parse(invoice);
export const publicEstimate = (estimate: EstimateResource) => estimateResourceSchema.omit({ allowed_actions: true, attachments: true }).parse(estimate);
