import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@app/contracts';
import { csrf } from '../../../test/document-fixtures';
import { type RecordedRequest, jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { makeCustomer } from '../../../test/payment-fixtures';
import { renderApp } from '../../../test/render';
import { makeRecurring, recurringPage } from '../testing/recurring-fixtures';

afterEach(() => vi.restoreAllMocks());

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const all = ['view-recurring-invoice', 'create-recurring-invoice', 'edit-recurring-invoice', 'delete-recurring-invoice', 'send-invoice'];
type User = ReturnType<typeof userEvent.setup>;

/** Replaces the field's text in one paste: typing key by key re-renders the whole form each time. */
async function fill(user: User, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

describe('recurring invoices list', () => {
  it('reopens the tab last used from the bare path and says when nothing matches', async () => {
    window.localStorage.setItem('ledgerline.recurring-invoices.tab', 'on-hold');
    const { requests } = mockFetch(tenant, route('GET', '/api/v1/recurring-invoices', () => recurringPage([])));
    const { router } = renderApp('/recurring-invoices', makeSession({ current_user_abilities: all }));

    await waitFor(() => expect(router.state.location.search).toContain('tab_status=on-hold'));
    expect(await screen.findByText('There are no matching recurring invoices!', {}, lazyLoad)).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/v1/recurring-invoices')?.search.get('tab_status')).toBe('on-hold');
    expect(screen.getByRole('tab', { name: 'On hold' })).toHaveAttribute('aria-selected', 'true');
  });

  it('lists each schedule in words with its next invoice date, and opens all from the bare path by default', async () => {
    mockFetch(tenant, route('GET', '/api/v1/recurring-invoices', () => recurringPage([makeRecurring()])));
    const { router } = renderApp('/recurring-invoices', makeSession({ current_user_abilities: ['view-recurring-invoice'] }));

    const row = await screen.findByRole('row', { name: /Globex Corporation/ }, lazyLoad);
    expect(router.state.location.search).toContain('tab_status=all');
    expect(within(row).getByRole('link', { name: 'RI-000001' })).toHaveAttribute('href', '/recurring-invoices/rec-1/view');
    expect(within(row).getByText('Every week on Wednesday at 00:00 (UTC)')).toBeInTheDocument();
    expect(within(row).getByText('11 Mar 2026')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('$110.00')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New recurring invoice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).not.toBeInTheDocument();
  });
});

describe('recurring invoice view', () => {
  it('shows the schedule in words, the next five dates and the invoices it made; marks it as sent', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/recurring-invoices/rec-1', () => jsonResponse(200, { data: makeRecurring() })),
      route('POST', '/api/v1/recurring-invoices/rec-1/mark-as-sent', () => jsonResponse(200, { data: makeRecurring(), count: 1 })),
    );
    renderApp('/recurring-invoices/rec-1/view', makeSession({ current_user_abilities: all }));
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Recurring invoice RI-000001' }, lazyLoad)).toBeInTheDocument();
    expect(screen.getByText('For Globex Corporation')).toBeInTheDocument();
    expect(screen.getAllByText('Every week on Wednesday at 00:00 (UTC)').length).toBeGreaterThan(0);
    expect(screen.getByText('Ends after 10 invoices')).toBeInTheDocument();
    const dates = screen.getByRole('list', { name: 'Next five dates' });
    expect(within(dates).getAllByRole('listitem').map((item) => item.textContent?.slice(0, 11))).toEqual(['11 Mar 2026', '18 Mar 2026', '25 Mar 2026', '01 Apr 2026', '08 Apr 2026']);
    const made = screen.getByRole('table', { name: 'Invoices made (1)' });
    expect(within(made).getByRole('link', { name: 'INV-000001' })).toHaveAttribute('href', '/invoices/inv-1/view');
    expect(within(screen.getByRole('table', { name: 'Totals' })).getByRole('row', { name: 'Total $110.00' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark as sent' }));
    expect(await screen.findByText('Recurring invoice marked as sent (1 invoice)', {}, lazyLoad)).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/v1/recurring-invoices/rec-1/mark-as-sent')).toHaveLength(1);
  });

  it('clones it and opens the copy', async () => {
    mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/recurring-invoices/rec-1', () => jsonResponse(200, { data: makeRecurring() })),
      route('GET', '/api/v1/recurring-invoices/rec-2', () => jsonResponse(200, { data: makeRecurring({ id: 'rec-2' }) })),
      route('POST', '/api/v1/recurring-invoices/rec-1/clone', () => jsonResponse(201, { data: makeRecurring({ id: 'rec-2' }) })),
    );
    const { router } = renderApp('/recurring-invoices/rec-1/view', makeSession({ current_user_abilities: all }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'More' }, lazyLoad));
    await user.click(await screen.findByRole('menuitem', { name: 'Clone' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recurring-invoices/rec-2/view'));
    expect(await screen.findByText('Recurring invoice cloned', {}, lazyLoad)).toBeInTheDocument();
  });
});

describe('recurring invoice form', () => {
  // The request schema takes only well-formed ids.
  const CUSTOMER_ID = '5b1e3c0a-8f2d-4c6e-9a71-2d4f6b8c0e13';

  function formApi(save: (request: RecordedRequest) => Response) {
    const listMeta = { current_page: 1, last_page: 1, per_page: 15, total: 1 };
    return mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/customers', () => jsonResponse(200, { data: [makeCustomer({ id: CUSTOMER_ID })], meta: { ...listMeta, customer_total_count: 1 } })),
      route('GET', `/api/v1/customers/${CUSTOMER_ID}`, () => jsonResponse(200, { data: makeCustomer({ id: CUSTOMER_ID }) })),
      route('GET', '/api/v1/invoices/templates', () => jsonResponse(200, { invoiceTemplates: [{ name: 'invoice1', label: 'Classic', is_default: true }] })),
      route('GET', '/api/v1/items', () => jsonResponse(200, { data: [], meta: { ...listMeta, total: 0, item_total_count: 0 } })),
      route('GET', '/api/v1/tax-types', () => jsonResponse(200, { data: [], meta: { ...listMeta, total: 0, tax_type_total_count: 0 } })),
      route('GET', '/api/v1/notes', () => jsonResponse(200, { data: [], meta: { ...listMeta, total: 0, note_total_count: 0 } })),
      route('GET', '/api/v1/next-number', () => jsonResponse(200, { next_number: 'RI-000007', next_sequence_number: 7, nextCustomerSequenceNumber: null })),
      route('POST', '/api/v1/recurring-invoices', save),
      route('GET', '/api/v1/recurring-invoices/rec-9', () => jsonResponse(200, { data: makeRecurring({ id: 'rec-9' }) })),
    );
  }

  it('previews the next five dates of a custom schedule as typed and saves the schedule with the lines', { timeout: 45_000 }, async () => {
    let attempts = 0;
    const { requests } = formApi(() => {
      attempts += 1;
      return attempts === 1
        ? jsonResponse(422, { message: messages.recurringEmailRequired, errors: { customer_id: [messages.recurringEmailRequired] } })
        : jsonResponse(201, { data: makeRecurring({ id: 'rec-9' }) });
    });
    const { router } = renderApp('/recurring-invoices/create', makeSession({ current_user_abilities: all, current_business_settings: { time_zone: 'UTC' } }));
    const user = userEvent.setup({ delay: null });

    const form = await screen.findByRole('form', { name: 'New recurring invoice' }, lazyLoad);
    expect(within(form).getByLabelText('Frequency')).toHaveValue('weekly');
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /^Number/ })).toHaveValue('RI-000007'));
    expect(requests.find((r) => r.path === '/api/v1/next-number')?.search.get('model')).toBe('recurring_invoice');
    expect(within(form).getByRole('switch', { name: /^Send automatically/ })).toBeChecked();
    expect(within(form).getByRole('switch', { name: /^Auto pay/ })).not.toBeChecked();
    expect(within(screen.getByRole('list', { name: 'Next five dates' })).getAllByRole('listitem')).toHaveLength(5);

    await user.click(within(form).getByRole('combobox', { name: /^Customer/ }));
    await user.click(await screen.findByRole('option', { name: 'Globex Corporation' }));
    await fill(user, within(form).getByRole('textbox', { name: 'Name, line 1' }), 'Hosting');
    await fill(user, within(form).getByRole('textbox', { name: 'Price, line 1' }), '25');

    await user.selectOptions(within(form).getByLabelText('Frequency'), 'custom');
    const custom = within(form).getByRole('group', { name: 'Custom schedule' });
    await fill(user, within(custom).getByLabelText(/^Hour/), '9');
    await fill(user, within(custom).getByLabelText(/^Day of month/), '1,15');
    await fill(user, within(custom).getByLabelText(/^Day of week/), '*');
    await fill(user, within(form).getByLabelText(/^Create first invoice on/), '2099-01-01');
    await user.click(within(form).getByLabelText('After a number of invoices'));
    await fill(user, within(form).getByLabelText(/^Number of invoices/), '3');

    // The 1st and 15th of each month at 09:00, three invoices in all.
    const dates = screen.getByRole('list', { name: 'Next five dates' });
    await waitFor(() => expect(within(dates).getAllByRole('listitem').map((item) => item.textContent?.slice(0, 11))).toEqual(['01 Jan 2099', '15 Jan 2099', '01 Feb 2099']));

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(messages.recurringEmailRequired)).toBeInTheDocument();
    await user.click(within(form).getByRole('switch', { name: /^Send automatically/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/recurring-invoices/rec-9/view'));
    const bodies = requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/recurring-invoices').map((r) => r.body);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({
      customer_id: CUSTOMER_ID,
      number: 'RI-000007',
      template_name: 'invoice1',
      repeat_interval: 'custom',
      minute: '0',
      hour: '9',
      day_of_month: '1,15',
      month: '*',
      week_day: '*',
      start_date: '2099-01-01',
      end_date: null,
      count: 3,
      timezone: 'UTC',
      due_in_days: null,
      send_automatically: false,
      auto_pay_enabled: false,
      status: 'active',
      items: [expect.objectContaining({ name: 'Hosting', price: 2500, quantity: '1' })],
    });
  });
});
