import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { type PublicPayment, messages } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../test/fetch-mock';
import { tenantConfig } from '../../test/fixtures';
import { makePayment } from '../../test/payment-fixtures';
import { renderApp } from '../../test/render';

afterEach(() => vi.restoreAllMocks());

const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const lazyLoad = { timeout: 15_000 };

function receiptPage(overrides: Partial<PublicPayment> = {}): PublicPayment {
  return { model: 'payment', business: { name: 'Acme Ltd', logo_url: null }, payment: makePayment(), pdf_url: '/api/v1/public/payments/tok-1/pdf', ...overrides };
}

describe('public receipt page', () => {
  it('shows the receipt to a guest with its PDF', async () => {
    const { requests } = mockFetch(tenant, route('GET', '/api/v1/public/payments/tok-1', () => jsonResponse(200, receiptPage())));
    renderApp('/public/payments/view/tok-1', null);

    expect(await screen.findByRole('heading', { name: 'Acme Ltd', level: 1 }, lazyLoad)).toBeInTheDocument();
    const receipt = screen.getByRole('article', { name: 'Payment receipt PAY-000001' });
    expect(within(receipt).getByLabelText('Amount $50.00')).toHaveTextContent('$50.00');
    const facts = within(receipt).getAllByRole('term').map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(facts).toEqual(['Payment date: 05 Mar 2026', 'Received from: Globex Corporation', 'Payment mode: Bank transfer', 'Invoice: INV-000001']);
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/api/v1/public/payments/tok-1/pdf');
    // The page reads its receipt once and nothing else of the API's public part.
    expect(requests.filter((r) => r.path.startsWith('/api/v1/public/')).map((r) => r.path)).toEqual(['/api/v1/public/payments/tok-1']);
  });

  it('calls a payment made a payment advice, addressed to the vendor', async () => {
    const advice = makePayment({ direction: 'made', customer_id: null, vendor_id: 'ven-1', invoice: null, invoice_id: null, mode: null, payment_method_id: null, notes: 'Thanks for the quick delivery' });
    mockFetch(tenant, route('GET', '/api/v1/public/payments/tok-2', () => jsonResponse(200, receiptPage({ payment: advice }))));
    renderApp('/public/payments/view/tok-2', null);

    const receipt = await screen.findByRole('article', { name: 'Payment advice PAY-000001' }, lazyLoad);
    expect(within(receipt).getAllByRole('term').map((term) => term.textContent)).toEqual(['Payment date', 'Paid to']);
    expect(within(receipt).getByText('Thanks for the quick delivery')).toBeInTheDocument();
  });

  it('says the receipt does not exist when the server does not know the token', async () => {
    mockFetch(tenant, route('GET', '/api/v1/public/payments/nope', () => jsonResponse(404, { message: messages.receiptMissing })));
    renderApp('/public/payments/view/nope', null);

    expect(await screen.findByRole('alert', {}, lazyLoad)).toHaveTextContent('Receipt does not exist.');
  });
});
