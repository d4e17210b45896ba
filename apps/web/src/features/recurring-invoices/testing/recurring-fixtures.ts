import { type RecurringInvoiceListResponse, type RecurringInvoiceResource, recurringInvoiceListItemSchema } from '@app/contracts';
import { jsonResponse } from '../../../test/fetch-mock';

/** Test data: $110.00 to Globex every week on Wednesday (started Wednesday 4 March 2026), one invoice made. */
export function makeRecurring(overrides: Partial<RecurringInvoiceResource> = {}): RecurringInvoiceResource {
  return {
    id: 'rec-1',
    business: { id: 'biz-1', name: 'Acme Ltd' },
    customer_id: 'cust-1',
    customer: { id: 'cust-1', name: 'Globex Corporation', email: 'billing@globex.example', business_id: 'biz-2', billing_address: null, shipping_address: null },
    customer_business_id: 'biz-2',
    vendor_business_id: 'biz-1',
    number: 'RI-000001',
    reference_number: null,
    currency_id: 1,
    template_name: 'invoice1',
    notes: null,
    tax_per_item_enabled: false,
    discount_per_item_enabled: false,
    discount_type: 'fixed',
    discount: '0',
    discount_val: 0,
    sub_total: 10000,
    tax: 1000,
    total: 11000,
    repeat_interval: 'weekly',
    frequency: '0 0 * * 3',
    minute: '0',
    hour: '0',
    day_of_month: '*',
    month: '*',
    week_day: '3',
    start_date: '2026-03-04',
    end_date: null,
    count: 10,
    generated_count: 1,
    timezone: 'UTC',
    next_run_at: '2026-03-11T00:00:00.000Z',
    next_invoice_date: '2026-03-11',
    due_in_days: 14,
    send_automatically: true,
    auto_pay_enabled: false,
    status: 'active',
    created_at: '2026-03-01T10:00:00Z',
    updated_at: '2026-03-01T10:00:00Z',
    items: [
      {
        id: 'line-1',
        item_id: null,
        name: 'Consulting',
        description: null,
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
    taxes: [{ id: 'tax-line-1', tax_type_id: 'tt-1', name: 'VAT', percent: '10', compound_tax: false, taxable: 10000, amount: 1000 }],
    next_dates: ['2026-03-11', '2026-03-18', '2026-03-25', '2026-04-01', '2026-04-08'].map((date) => ({ run_at: `${date}T00:00:00.000Z`, invoice_date: date })),
    invoices: [
      {
        id: 'inv-1',
        invoice_number: 'INV-000001',
        invoice_date: '2026-03-04',
        due_date: '2026-03-18',
        status: 'sent',
        paid_status: 'unpaid',
        total: 11000,
        amount_paid: 0,
        due_amount: 11000,
        period: '2026-03-04T00:00:00.000Z',
      },
    ],
    invoice_count: 1,
    ...overrides,
  };
}

export function recurringPage(rows: RecurringInvoiceResource[]) {
  const body: RecurringInvoiceListResponse = {
    // Parsing with the list row schema drops what rows do not carry (lines, next dates, invoices).
    data: rows.map((row) => recurringInvoiceListItemSchema.parse(row)),
    meta: { current_page: 1, last_page: 1, per_page: 15, total: rows.length, recurring_invoice_total_count: rows.length, active_count: rows.length, on_hold_count: 0 },
  };
  return jsonResponse(200, body);
}
