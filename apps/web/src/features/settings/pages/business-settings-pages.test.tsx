import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type BusinessSettings, settingMenu } from '@app/contracts';
import { parseNumberFormat, serializeNumberFormat, todayInTimeZone } from '@app/domain';
import { type RecordedRequest, jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());
// The routes load the layouts and pages lazily; compiling those chunks up front keeps them out of the first test's time.
beforeAll(
  () =>
    Promise.all([
      import('../../../app/layouts/company-layout'),
      import('../components/settings-layout'),
      import('./preferences-page'),
      import('./customization-page'),
    ]),
  60_000,
);

const saved = (stored: BusinessSettings) => (request: RecordedRequest) => {
  const body = request.body as { settings: BusinessSettings };
  return jsonResponse(200, { success: true, settings: { ...stored, ...body.settings } });
};

function settingsApi(stored: BusinessSettings, save: (request: RecordedRequest) => Response = saved(stored)) {
  const session = makeSession({ setting_menu: [...settingMenu], current_user_abilities: ['manage-business-settings'] });
  const api = mockFetch(
    route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
    route('GET', '/api/v1/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=token; path=/';
      return new Response(null, { status: 204 });
    }),
    route('GET', '/api/v1/bootstrap', () => jsonResponse(200, session)),
    route('GET', '/api/v1/business/settings', () => jsonResponse(200, stored)),
    route('POST', '/api/v1/business/settings', save),
  );
  return { ...api, session };
}

const posted = (requests: RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/business/settings').map((r) => r.body);

describe('preferences', () => {
  it('posts only the settings that changed', async () => {
    const { requests, session } = settingsApi({ time_zone: 'UTC', fiscal_year: '1-12' });
    renderApp('/settings/preferences', session);
    const user = userEvent.setup({ delay: null });

    const nav = await screen.findByRole('navigation', { name: 'Settings sections' }, { timeout: 15_000 });
    expect(within(nav).getByRole('link', { name: 'Preferences' })).toHaveAttribute('aria-current', 'page');
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: /^Tax per item/ }));
    await user.click(screen.getByRole('combobox', { name: 'Financial year' }));
    await user.click(await screen.findByRole('option', { name: 'April – March' }));
    await user.click(screen.getByRole('switch', { name: /^Expire public links/ }));
    const days = screen.getByRole('textbox', { name: 'Days until a public link expires' });
    await user.clear(days);
    await user.type(days, '14');
    await user.click(save);

    await waitFor(() => expect(posted(requests)).toHaveLength(1));
    expect(posted(requests)[0]).toEqual({ settings: { tax_per_item_enabled: true, fiscal_year: '4-3', link_expiry_enabled: true, link_expiry_days: 14 } });
    await waitFor(() => expect(save).toBeDisabled());
  });
});

describe('customization', () => {
  const stored = '{{SERIES:INV}}{{DELIMITER:-}}{{DATE_FORMAT:Y}}{{DELIMITER:-}}{{SEQUENCE:4}}';

  // Many interactions: slow in jsdom on a busy machine, hence the longer limit.
  it('round-trips the stored format through the builder and shows the next number', { timeout: 45_000 }, async () => {
    const parsed = parseNumberFormat(stored);
    expect(parsed.ok && serializeNumberFormat(parsed.components)).toBe(stored);

    const { requests, session } = settingsApi({ time_zone: 'UTC', invoice_number_format: stored });
    renderApp('/settings/customization', session);
    const user = userEvent.setup({ delay: null });
    const year = todayInTimeZone(new Date(), 'UTC').slice(0, 4);
    const preview = await screen.findByTestId('invoice-number-preview', {}, { timeout: 15_000 });
    expect(preview).toHaveTextContent(`INV-${year}-0001`);
    expect(screen.getByRole('tab', { name: 'Invoices' })).toHaveAttribute('aria-selected', 'true');

    const series = screen.getByRole('textbox', { name: 'Series, component 1' });
    await user.clear(series);
    await user.type(series, 'INVOICE');
    expect(await screen.findByText('Series can have at most 6 characters.')).toBeInTheDocument();
    expect(preview).toHaveTextContent('—');
    await user.type(series, '{Backspace}{Backspace}{Backspace}');
    expect(preview).toHaveTextContent(`INVO-${year}-0001`);

    // Drop the year and its delimiter, then move the sequence before the last delimiter and back.
    await user.click(screen.getByRole('button', { name: 'Remove component 3' }));
    await user.click(screen.getByRole('button', { name: 'Remove component 3' }));
    expect(preview).toHaveTextContent('INVO-0001');
    await user.click(screen.getByRole('button', { name: 'Move component 3 up' }));
    expect(preview).toHaveTextContent('INVO0001-');
    await user.click(screen.getByRole('button', { name: 'Move component 2 down' }));
    expect(preview).toHaveTextContent('INVO-0001');

    await user.click(screen.getByRole('button', { name: 'Add component' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Customer sequence' }));
    await user.click(screen.getByRole('switch', { name: 'Restart the sequence every year' }));
    expect(preview).toHaveTextContent('INVO-00010001');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted(requests)).toHaveLength(1));
    expect(posted(requests)[0]).toEqual({
      settings: { invoice_number_format: '{{SERIES:INVO}}{{DELIMITER:-}}{{SEQUENCE:4}}{{CUSTOMER_SEQUENCE:4}}', invoice_number_yearly_reset: true },
    });
  });

  it('saves the estimate settings and shows a refused format on the builder', async () => {
    const { requests, session } = settingsApi({ time_zone: 'UTC' }, () =>
      jsonResponse(422, { message: 'The given data was invalid.', errors: { 'settings.estimate_number_format': ['The number format is not valid.'] } }),
    );
    renderApp('/settings/customization?tab=estimates', session);
    const user = userEvent.setup({ delay: null });

    const preview = await screen.findByTestId('estimate-number-preview', {}, { timeout: 15_000 });
    expect(preview).toHaveTextContent('EST-000001');
    await user.click(screen.getByRole('radio', { name: 'Mark the estimate as approved' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(posted(requests)).toHaveLength(1));
    expect(posted(requests)[0]).toEqual({ settings: { estimate_convert_action: 'mark_estimate_as_approved' } });
    expect(await screen.findByText('The number format is not valid.')).toBeInTheDocument();
  });
});
