import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type PaymentReminderResource, messages, settingMenu } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});

function reminder(overrides: Partial<PaymentReminderResource>): PaymentReminderResource {
  return { id: 'rem-1', type: 'before_due', days: 3, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', ...overrides };
}

const list = (data: PaymentReminderResource[]) =>
  jsonResponse(200, { data, meta: { current_page: 1, last_page: 1, per_page: 15, total: data.length, payment_reminder_total_count: data.length } });

const all = ['view-payment-reminder', 'create-payment-reminder', 'edit-payment-reminder', 'delete-payment-reminder'];

describe('payment reminders settings', () => {
  it('lists the rules in words and creates one, showing the server refusal of a taken rule next to the days', async () => {
    let attempts = 0;
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/payment-reminders', () => list([reminder({}), reminder({ id: 'rem-2', type: 'on_due', days: 0 })])),
      route('POST', '/api/v1/payment-reminders', () => {
        attempts += 1;
        return attempts === 1
          ? jsonResponse(422, { message: messages.reminderTaken, errors: { days: [messages.reminderTaken] } })
          : jsonResponse(201, { data: reminder({ id: 'rem-3', type: 'after_due', days: 7 }) });
      }),
    );
    renderApp('/settings/payment-reminders', makeSession({ setting_menu: [...settingMenu], current_user_abilities: all }));
    const user = userEvent.setup();

    const table = await screen.findByRole('table', {}, lazyLoad);
    expect(within(table).getByRole('row', { name: /Before due date 3 3 days before the due date/ })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /On due date 0 on the due date/ })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(within(nav).getByRole('link', { name: 'Payment reminders' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'New reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New reminder' });
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'after_due');
    const days = within(dialog).getByLabelText(/^Days/);
    await user.clear(days);
    await user.type(days, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(messages.reminderTaken)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Payment reminder created', {}, lazyLoad)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/payment-reminders').map((r) => r.body)).toEqual([
      { type: 'after_due', days: 7 },
      { type: 'after_due', days: 7 },
    ]);
  });

  it('refuses more than 90 days before asking the server, and sends 0 days for an on-due rule', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/payment-reminders', () => list([reminder({})])),
      route('PUT', '/api/v1/payment-reminders/rem-1', () => jsonResponse(200, { data: reminder({ type: 'on_due', days: 0 }) })),
    );
    renderApp('/settings/payment-reminders', makeSession({ current_user_abilities: all }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit reminder 3 days before the due date' }, lazyLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Edit reminder' });
    const days = within(dialog).getByLabelText(/^Days/);
    await user.clear(days);
    await user.type(days, '91');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(messages.reminderDaysRange)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.selectOptions(within(dialog).getByLabelText('Type'), 'on_due');
    expect(days).toHaveValue(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ type: 'on_due', days: 0 }));
  });

  it('deletes a rule after confirmation and hides what the user may not do', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/payment-reminders', () => list([reminder({})])),
      route('DELETE', '/api/v1/payment-reminders/rem-1', () => jsonResponse(200, { success: true })),
    );
    renderApp('/settings/payment-reminders', makeSession({ current_user_abilities: ['view-payment-reminder', 'delete-payment-reminder'] }));
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete reminder 3 days before the due date' }, lazyLoad));
    expect(screen.queryByRole('button', { name: 'New reminder' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit reminder/ })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Delete reminder' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Payment reminder deleted', {}, lazyLoad)).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('sends a user without the ability to the forbidden page', async () => {
    mockFetch(tenant);
    const { router } = renderApp('/settings/payment-reminders', makeSession({ current_user_abilities: ['dashboard'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });
});
