import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { InvoiceResource } from '@app/contracts';
import { makeInvoice } from '../../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const lazyLoad = { timeout: 15_000 };
const approved: Partial<InvoiceResource> = { status: 'approved', display_status: 'approved', approved_at: '2026-03-02T10:00:00Z', allowed_actions: ['void', 'record_payment'] };

function viewInvoice(invoice: InvoiceResource, abilities: string[]) {
  mockFetch(
    route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
    route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: invoice })),
  );
  renderApp('/invoices/inv-1/view', makeSession({ current_user_abilities: ['view-invoice', ...abilities] }));
  return screen.findByRole('heading', { name: 'Invoice INV-000001' }, lazyLoad);
}

describe('Get paid now on the invoice view', () => {
  it.each([
    ['with no loan', null],
    ['with an offer not taken', 'offered'],
    ['whose advance was cancelled', 'cancelled'],
  ] as const)('opens the factoring wizard from an outgoing invoice its customer approved, with money due, %s', async (_case, loanStatus) => {
    await viewInvoice(makeInvoice({ ...approved, loan_status: loanStatus }), ['view-balance-sheet']);
    expect(screen.getByRole('link', { name: 'Get paid now' })).toHaveAttribute('href', '/invoices/inv-1/factoring');
  });

  it.each([
    ['not approved by the customer', makeInvoice({ status: 'sent', display_status: 'sent' }), ['view-balance-sheet']],
    ['paid', makeInvoice({ ...approved, status: 'completed', paid_status: 'paid', amount_paid: 11_000, due_amount: 0 }), ['view-balance-sheet']],
    ['received, not issued', makeInvoice({ ...approved, direction: 'incoming' }), ['view-balance-sheet']],
    ['seen without view-balance-sheet', makeInvoice(approved), []],
    ['financed already', makeInvoice({ ...approved, loan_status: 'funded' }), ['view-balance-sheet']],
  ])('is not offered on an invoice %s', async (_case, invoice, abilities) => {
    await viewInvoice(invoice, abilities);
    expect(screen.queryByRole('link', { name: 'Get paid now' })).not.toBeInTheDocument();
  });
});
