import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { InvoiceReminderDelivery } from '@app/contracts';
import { makeInvoice } from '../../../test/document-fixtures';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const session = makeSession({ current_user_abilities: ['view-invoice'] });
const sentInvoice = route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: makeInvoice({ status: 'sent', display_status: 'overdue' }) }));

const reminders = (data: InvoiceReminderDelivery[]) => route('GET', '/api/v1/invoices/inv-1/reminders', () => jsonResponse(200, { data }));

describe('invoice view: reminders sent', () => {
  it('lists each reminder with its rule, when it went and to whom', async () => {
    mockFetch(
      tenant,
      sentInvoice,
      reminders([
        { reminder_id: 'rem-1', type: 'on_due', days: 0, sent_to: 'billing@globex.example', sent_at: '2026-03-31T08:00:00Z' },
        { reminder_id: 'rem-2', type: 'after_due', days: 7, sent_to: 'billing@globex.example', sent_at: '2026-04-07T08:00:00Z' },
      ]),
    );
    renderApp('/invoices/inv-1/view', session);

    const card = await screen.findByRole('region', { name: 'Reminders sent' }, lazyLoad);
    const items = await within(card).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^on the due date31 Mar 2026 .* · to billing@globex\.example$/),
      expect.stringMatching(/^7 days after the due date07 Apr 2026 .* · to billing@globex\.example$/),
    ]);
  });

  it('says when no reminder has gone out yet', async () => {
    mockFetch(tenant, sentInvoice, reminders([]));
    renderApp('/invoices/inv-1/view', session);

    const card = await screen.findByRole('region', { name: 'Reminders sent' }, lazyLoad);
    expect(await within(card).findByText('No payment reminder has been sent for this invoice.')).toBeInTheDocument();
  });

  it('has no reminders card for a draft', async () => {
    const { requests } = mockFetch(tenant, route('GET', '/api/v1/invoices/inv-1', () => jsonResponse(200, { data: makeInvoice() })), reminders([]));
    renderApp('/invoices/inv-1/view', session);

    expect(await screen.findByRole('heading', { name: 'Invoice INV-000001' }, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Reminders sent' })).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/v1/invoices/inv-1/reminders')).toBe(false);
  });
});
