import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BootstrapResponse } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

function accountApi(session: BootstrapResponse) {
  let twoFactorOn = false;
  return mockFetch(
    route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
    route('GET', '/api/v1/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=token; path=/';
      return new Response(null, { status: 204 });
    }),
    route('GET', '/api/v1/bootstrap', () =>
      jsonResponse(200, { ...session, current_user: { ...session.current_user, two_factor: { enabled: twoFactorOn, confirmed: twoFactorOn } } }),
    ),
    route('GET', '/api/v1/me/tokens', () => jsonResponse(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } })),
    route('GET', '/api/v1/user/confirmed-password-status', () => jsonResponse(200, { confirmed: false })),
    route('POST', '/api/v1/user/confirm-password', (r) =>
      JSON.stringify(r.body) === JSON.stringify({ password: 'Secret-123' })
        ? new Response(null, { status: 201 })
        : jsonResponse(422, { message: 'Invalid', errors: { password: ['The provided password was incorrect.'] } }),
    ),
    route('POST', '/api/v1/user/two-factor-authentication', () =>
      jsonResponse(200, { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Acme:ada@example.com?secret=JBSWY3DPEHPK3PXP' }),
    ),
    route('POST', '/api/v1/user/confirmed-two-factor-authentication', () => {
      twoFactorOn = true;
      return jsonResponse(200, { recovery_codes: ['aaaa-bbbb', 'cccc-dddd'] });
    }),
  );
}

describe('account settings', () => {
  it('enables two-factor authentication after confirming the password and shows the recovery codes once', async () => {
    const session = makeSession();
    const { requests } = accountApi(session);
    renderApp('/settings/account-settings', session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Enable two-factor authentication' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm password' });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Password')).toHaveAccessibleDescription('The provided password was incorrect.'));
    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'Secret-123');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm code' }));

    const codes = await screen.findByTestId('recovery-codes');
    expect(within(codes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['aaaa-bbbb', 'cccc-dddd']);
    expect(requests.find((r) => r.path === '/api/v1/user/confirmed-two-factor-authentication')?.body).toEqual({ code: '123456' });
    expect(await screen.findByRole('button', { name: 'Regenerate recovery codes' })).toBeInTheDocument();
  });

  it('asks before leaving the page with unsaved profile changes', async () => {
    const session = makeSession();
    accountApi(session);
    const { router } = renderApp('/settings/account-settings', session);
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Name'), ' Byron');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));

    const prompt = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(prompt).toHaveTextContent('You have some unsaved changes that will be lost.');
    await user.click(within(prompt).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/settings/account-settings');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace Byron');

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
