import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { InvoiceResource } from '@app/contracts';
import { makeInvoice } from '../../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const lazyLoad = { timeout: 15_000 };
const approved: Partial<InvoiceResource> = { direction: 'incoming', status: 'approved', display_status: 'approved', approved_at: '2026-03-02T10:00:00Z', allowed_actions: [] };

function viewInvoice(invoice: InvoiceResource, abilities: string[]) {
  mockFetch(
    route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
    route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: invoice })),
  );
  renderApp('/invoices/inv-1/view', makeSession({ current_user_abilities: ['view-invoice', ...abilities] }));
  return screen.findByRole('heading', { name: 'Invoice INV-000001' }, lazyLoad);
}

describe('Pay later on the invoice view', () => {
  it.each([
    ['with no loan', null],
    ['with an offer not taken', 'offered'],
    ['whose deferral was cancelled', 'cancelled'],
  ] as const)('opens the BNPL wizard from an incoming invoice the business approved, with money due, %s', async (_case, loanStatus) => {
    await viewInvoice(makeInvoice({ ...approved, loan_status: loanStatus }), ['view-balance-sheet']);
    expect(screen.getByRole('link', { name: 'Pay later' })).toHaveAttribute('href', '/invoices/inv-1/bnpl');
  });

  it.each([
    ['not approved', makeInvoice({ ...approved, status: 'sent', display_status: 'sent', approved_at: null }), ['view-balance-sheet']],
    ['paid', makeInvoice({ ...approved, status: 'completed', paid_status: 'paid', amount_paid: 11_000, due_amount: 0 }), ['view-balance-sheet']],
    ['issued, not received', makeInvoice({ ...approved, direction: 'outgoing' }), ['view-balance-sheet']],
    ['seen without view-balance-sheet', makeInvoice(approved), []],
    ['deferred already', makeInvoice({ ...approved, loan_status: 'funded' }), ['view-balance-sheet']],
  ])('is not offered on an invoice %s', async (_case, invoice, abilities) => {
    await viewInvoice(invoice, abilities);
    expect(screen.queryByRole('link', { name: 'Pay later' })).not.toBeInTheDocument();
  });
});
