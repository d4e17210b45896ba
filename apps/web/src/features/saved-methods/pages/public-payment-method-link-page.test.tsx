import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { savedPaymentMethodMessages } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const lazyLoad = { timeout: 15_000 };

/**
 * The payment-method link's public page. Saving the card itself (Stripe.js `confirmCardSetup`) runs
 * against the fake Stripe in the API tests (saved-methods.test.ts), which confirm as Stripe.js does.
 */
describe('a payment-method link', () => {
  it('says who asks, for whom and until when, and leads to the card form', async () => {
    mockFetch(
      tenant,
      route('GET', '/api/v1/public/payment-method-links/tok-ask', () =>
        jsonResponse(200, { data: { business_name: 'Acme Ltd', customer_name: 'Buyer Inc', expires_at: '2026-11-27T10:00:00.000Z', publishable_key: 'pk_test_123', provider_script: null } }),
      ),
    );
    renderApp('/public/payment-method-links/view/tok-ask', null);

    expect(await screen.findByText('Acme Ltd asks Buyer Inc to save a card or a US bank account for automatic payments of their invoices.', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.getByText('This link can be used until 2026-11-27.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a payment method' })).toHaveAttribute('href', '/public/payment-method-links/tok-ask/payment-method');
  });

  it('says so when it was used or has expired', async () => {
    mockFetch(tenant, route('GET', '/api/v1/public/payment-method-links/tok-used', () => jsonResponse(410, { message: savedPaymentMethodMessages.linkUsed })));
    renderApp('/public/payment-method-links/view/tok-used', null);

    expect(await screen.findByRole('alert', {}, lazyLoad)).toHaveTextContent(savedPaymentMethodMessages.linkUsed);
    expect(screen.queryByRole('link', { name: 'Add a payment method' })).not.toBeInTheDocument();
  });
});
