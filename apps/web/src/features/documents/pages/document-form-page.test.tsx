import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CounterpartyResource, type Currency, type ItemResource, type TaxTypeResource, currencyByCode } from '@app/contracts';
import { addDays, computeTotals, formatMoney, todayInTimeZone } from '@app/domain';
import { type RecordedRequest, jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { makeInvoice } from '../../../test/document-fixtures';

afterEach(() => vi.restoreAllMocks());
// The routes load the layout and the page lazily; compiling those chunks up front keeps them out of the first test's time.
beforeAll(() => Promise.all([import('../../../app/layouts/company-layout'), import('./document-form-page')]), 60_000);

function currency(code: string): Currency {
  const found = currencyByCode(code);
  if (!found) throw new Error(`No currency ${code}`);
  return found;
}
const USD = currency('USD');
const EUR = currency('EUR');

const CUSTOMER_ID = '0b6f4f9e-3a52-4c1d-9d7e-2f1a4c8b9e10';
const VAT_ID = '5c2e8a1b-7d34-4f6a-8b90-1e2d3c4b5a69';

function customer(currencyId: number): CounterpartyResource {
  return {
    id: CUSTOMER_ID,
    kind: 'customer',
    name: 'Globex Corporation',
    display_name: 'Globex',
    contact_first_name: null,
    contact_last_name: null,
    email: 'billing@globex.test',
    phone: null,
    website: null,
    currency_id: currencyId,
    portal_access: false,
    admin_onboarded: false,
    creator_business_id: 'biz-1',
    customer_business: { id: 'biz-2', name: 'Globex Corporation', email: null, owner_status: 'active' },
    status: 'active',
    amount_due: 0,
    amount_due_currency_id: currencyId,
    created_at: '2025-01-01T00:00:00Z',
    billing_address: null,
    shipping_address: null,
  };
}

const vat: TaxTypeResource = { id: VAT_ID, name: 'VAT', description: null, percent: '19', compound_tax: false, created_at: '' };
const design: ItemResource = {
  id: 'a7c1d2e3-f405-4617-8829-3a4b5c6d7e8f',
  name: 'Design',
  description: 'Logo design',
  price: 10_000,
  unit_id: null,
  unit: null,
  tax_type_ids: [],
  taxes: [],
  created_at: '',
};
type User = ReturnType<typeof userEvent.setup>;

/** Replaces the field's text in one paste: typing key by key re-renders the whole form each time. */
async function fill(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

const listMeta = (total: number) => ({ current_page: 1, last_page: 1, per_page: 500, total });

function documentApi(customerCurrencyId: number, save: (request: RecordedRequest) => Response) {
  return mockFetch(
    route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
    route('GET', '/api/v1/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=token; path=/';
      return new Response(null, { status: 204 });
    }),
    route('GET', `/api/v1/customers/${CUSTOMER_ID}`, () => jsonResponse(200, { data: customer(customerCurrencyId) })),
    route('GET', '/api/v1/invoices/templates', () =>
      jsonResponse(200, { invoiceTemplates: [{ name: 'invoice1', label: 'Classic', is_default: false }, { name: 'invoice2', label: 'Modern', is_default: true }] }),
    ),
    route('GET', '/api/v1/next-number', () => jsonResponse(200, { next_number: 'INV-000007', next_sequence_number: 7, nextCustomerSequenceNumber: null })),
    route('GET', '/api/v1/items', () => jsonResponse(200, { data: [design], meta: { ...listMeta(1), item_total_count: 1 } })),
    route('GET', '/api/v1/tax-types', () => jsonResponse(200, { data: [vat], meta: { ...listMeta(1), tax_type_total_count: 1 } })),
    route('GET', '/api/v1/notes', () => jsonResponse(200, { data: [], meta: { ...listMeta(0), note_total_count: 0 } })),
    route('POST', '/api/v1/invoices', save),
  );
}

function session(businessCurrency: Currency = USD) {
  return makeSession({
    current_user_abilities: ['view-invoice', 'create-invoice', 'edit-invoice'],
    current_business_currency: businessCurrency,
    current_business_settings: { time_zone: 'UTC', discount_per_item_enabled: true, tax_per_item_enabled: false },
  });
}

describe('document form', () => {
  // Many interactions on a large form: slow in jsdom on a busy machine, hence the longer limit.
  it('shows the totals of the shared engine while typing and maps a 422 back onto the line', { timeout: 45_000 }, async () => {
    const { requests } = documentApi(USD.id, () =>
      jsonResponse(422, { message: 'The given data was invalid.', errors: { 'items.0.discount': ['The discount is larger than the line.'] } }),
    );
    renderApp(`/invoices/create?customer=${CUSTOMER_ID}`, session());
    const user = userEvent.setup({ delay: null });

    await fill(user, await screen.findByRole('textbox', { name: 'Name, line 1' }, { timeout: 15_000 }), 'Design');
    await fill(user, screen.getByRole('textbox', { name: 'Price, line 1' }), '100');
    await fill(user, screen.getByRole('textbox', { name: 'Quantity, line 1' }), '2');
    await fill(user, screen.getByRole('textbox', { name: 'Discount, line 1' }), '5');

    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await fill(user, screen.getByRole('textbox', { name: 'Name, line 2' }), 'Hosting');
    await fill(user, screen.getByRole('textbox', { name: 'Price, line 2' }), '49.99');

    await fill(user, screen.getByRole('textbox', { name: 'Document discount' }), '10');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Document discount type' }), '%');
    await user.click(screen.getByRole('combobox', { name: 'Taxes' }));
    await user.click(await screen.findByRole('option', { name: 'VAT (19%)' }));

    const expected = computeTotals({
      precision: 2,
      tax_per_item_enabled: false,
      discount_per_item_enabled: true,
      discount_type: 'percentage',
      discount: '10',
      taxes: [{ tax_type_id: VAT_ID, name: 'VAT', percent: '19', compound_tax: false }],
      lines: [
        { quantity: '2', price: 10_000, discount_type: 'fixed', discount: '500', taxes: [] },
        { quantity: '1', price: 4_999, discount_type: 'fixed', discount: '0', taxes: [] },
      ],
    });
    if (!expected.ok) throw new Error('the expected totals must compute');
    // By hand: 200.00 − 5.00 + 49.99 = 244.99; 10 % = 24.50; VAT 19 % of 220.49 = 41.89; total 262.38.
    expect(expected.totals.total).toBe(26_238);
    const summary = screen.getByRole('table', { name: 'Summary' });
    await waitFor(() => expect(within(summary).getByLabelText('Total')).toHaveTextContent(formatMoney(expected.totals.total, USD)));
    expect(within(summary).getByLabelText('Subtotal')).toHaveTextContent(formatMoney(expected.totals.sub_total, USD));
    expect(within(summary).getByLabelText('Discount')).toHaveTextContent(formatMoney(expected.totals.discount_val, USD));
    expect(within(summary).getByLabelText('VAT (19%)')).toHaveTextContent(formatMoney(expected.totals.tax, USD));
    // The same rows as the PDF and the document views: the discount deducted, the rate's taxable amount before its tax.
    expect(within(summary).getByRole('rowheader', { name: 'Discount (10%)' })).toBeInTheDocument();
    expect(within(summary).getByLabelText('Discount')).toHaveTextContent('−$24.50');
    expect(within(summary).getByLabelText('Taxable amount, VAT (19%)')).toHaveTextContent('$220.49');
    expect(screen.getByLabelText('Amount, line 1')).toHaveTextContent(formatMoney(19_500, USD));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path === '/api/v1/invoices')).toBe(true));
    const today = todayInTimeZone(new Date(), 'UTC');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      customer_id: CUSTOMER_ID,
      template_name: 'invoice2',
      notes: null,
      tax_per_item_enabled: false,
      discount_per_item_enabled: true,
      discount_type: 'percentage',
      discount: '10',
      taxes: [{ tax_type_id: VAT_ID }],
      items: [
        { item_id: null, name: 'Design', description: null, unit_name: null, quantity: '2', price: 10_000, discount_type: 'fixed', discount: '500', taxes: [] },
        { item_id: null, name: 'Hosting', description: null, unit_name: null, quantity: '1', price: 4_999, discount_type: 'fixed', discount: '0', taxes: [] },
      ],
      invoice_number: 'INV-000007',
      invoice_date: today,
      due_date: addDays(today, 30),
      send_invoice: false,
    });
    const discount = screen.getByRole('textbox', { name: 'Discount, line 1' });
    expect(await screen.findByText('The discount is larger than the line.')).toBeInTheDocument();
    expect(discount).toHaveAttribute('aria-invalid', 'true');
  });

  it('preselects the customer from ?customer= and works in the customer currency', async () => {
    const { requests } = documentApi(EUR.id, () => jsonResponse(201, { data: makeInvoice({ id: 'inv-9' }) }));
    const { router } = renderApp(`/invoices/create?customer=${CUSTOMER_ID}`, session());
    const user = userEvent.setup({ delay: null });

    const customerSelect = await screen.findByRole('combobox', { name: 'Customer' }, { timeout: 15_000 });
    await waitFor(() => expect(customerSelect).toHaveValue('Globex'));
    expect(await screen.findByText('Currency: Euro (EUR)')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Invoice number' })).toHaveValue('INV-000007'));
    expect(requests.find((r) => r.path === '/api/v1/next-number')?.search.get('model')).toBe('invoice');
    await waitFor(() => expect(requests.some((r) => r.path === '/api/v1/next-number' && r.search.get('customer_id') === CUSTOMER_ID)).toBe(true));

    await user.click(screen.getByRole('combobox', { name: 'Catalogue item, line 1' }));
    await user.click(await screen.findByRole('option', { name: 'Design' }));
    expect(screen.getByRole('textbox', { name: 'Name, line 1' })).toHaveValue('Design');
    expect(screen.getByRole('textbox', { name: 'Description, line 1' })).toHaveValue('Logo design');
    // Nothing is wrong before the user has typed anything.
    expect(screen.queryByText(/Total should be greater than/)).not.toBeInTheDocument();
    // Euros are written 1.234,50: the comma is the decimal separator.
    await fill(user, screen.getByRole('textbox', { name: 'Price, line 1' }), '0,40');
    const total = within(screen.getByRole('table', { name: 'Summary' })).getByLabelText('Total');
    await waitFor(() => expect(total).toHaveTextContent(formatMoney(40, EUR)));
    // The minimum is about what was typed: it shows once the price is left.
    expect(screen.queryByText(/Total should be greater than/)).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText(/Total should be greater than/)).toHaveTextContent(formatMoney(50, EUR));
    // The amounts stay visible beside the message.
    expect(total).toHaveTextContent(formatMoney(40, EUR));

    await fill(user, screen.getByRole('textbox', { name: 'Price, line 1' }), '1.234,5');
    expect(screen.getByRole('textbox', { name: 'Price, line 1' })).toHaveValue('1.234,5');
    await waitFor(() => expect(total).toHaveTextContent(formatMoney(123_450, EUR)));
    await user.click(screen.getByRole('button', { name: 'Save and send' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/inv-9/view'));
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ customer_id: CUSTOMER_ID, send_invoice: true, items: [{ item_id: design.id, name: 'Design', price: 123_450 }] });
  });
});
