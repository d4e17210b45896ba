import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AccessTokenResource, type BootstrapResponse, messages } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const token = (id: string, name: string): AccessTokenResource => ({
  id,
  name,
  expires_at: '2026-01-01T00:00:00Z',
  last_used_at: null,
  created_at: '2025-01-01T00:00:00Z',
  status: 'active',
});
const reporting = token('tok-1', 'Reporting');
const zapier = token('tok-2', 'Zapier');

function accountApi(session: BootstrapResponse) {
  let twoFactorOn = false;
  let pendingEmail: string | null = null;
  let name = session.current_user.name;
  const currentUser = () => ({ ...session.current_user, name, pending_email: pendingEmail, two_factor: { enabled: twoFactorOn, confirmed: twoFactorOn } });
  return mockFetch(
    route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
    route('GET', '/api/v1/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=token; path=/';
      return new Response(null, { status: 204 });
    }),
    route('GET', '/api/v1/bootstrap', () => jsonResponse(200, { ...session, current_user: currentUser() })),
    route('PUT', '/api/v1/me', (r) => {
      const body = r.body as { name: string; email: string; current_password?: string };
      if (body.email !== session.current_user.email) {
        if (body.current_password !== 'Str0ng!Passw0rd') return jsonResponse(422, { message: messages.currentPasswordWrong, errors: { current_password: [messages.currentPasswordWrong] } });
        pendingEmail = body.email;
      }
      name = body.name;
      return jsonResponse(200, { data: currentUser() });
    }),
    route('GET', '/api/v1/me/tokens', () => jsonResponse(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0, token_total_count: 0, max_expires_in_days: 90 } })),
    route('PUT', '/api/v1/me/change-password', () =>
      jsonResponse(200, { success: true, message: messages.passwordChanged, personal_access_tokens: [reporting, zapier], personal_access_token_count: 3 }),
    ),
    route('DELETE', '/api/v1/me/tokens/tok-1', () => new Response(null, { status: 204 })),
    route('POST', '/api/v1/me/tokens', (r) => jsonResponse(201, { data: { ...reporting, id: 'tok-9', name: (r.body as { name: string }).name }, plain_text_token: 'tok-9|secret' })),
    route('GET', '/api/v1/user/confirmed-password-status', () => jsonResponse(200, { confirmed: false })),
    route('POST', '/api/v1/user/confirm-password', (r) =>
      JSON.stringify(r.body) === JSON.stringify({ password: 'Secret-123' })
        ? jsonResponse(201, { confirmed: true })
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

  it('changes the name at once without a password', async () => {
    const session = makeSession();
    const { requests } = accountApi(session);
    renderApp('/settings/account-settings', session);
    const user = userEvent.setup();

    const form = await screen.findByRole('form', { name: 'Profile' });
    await user.type(within(form).getByLabelText('Name'), ' Byron');
    expect(within(form).queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Account updated')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT' && r.path === '/api/v1/me')?.body).toEqual({ name: 'Ada Lovelace Byron', email: 'ada@example.com', phone: null });
    expect(screen.queryByTestId('pending-email')).not.toBeInTheDocument();
  });

  it('asks for the current password when the email changes, and shows the change waiting for its link', async () => {
    const session = makeSession();
    const { requests } = accountApi(session);
    renderApp('/settings/account-settings', session);
    const user = userEvent.setup();

    const form = await screen.findByRole('form', { name: 'Profile' });
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'ada@new-home.example');
    const password = within(form).getByLabelText('Current password');
    expect(password).toHaveAccessibleDescription(/needs your current password/);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(expect.stringContaining(messages.currentPasswordForEmail)));
    expect(requests.some((r) => r.method === 'PUT' && r.path === '/api/v1/me')).toBe(false);

    await user.type(password, 'Wr0ng!Password');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByLabelText('Current password')).toHaveAccessibleDescription(expect.stringContaining(messages.currentPasswordWrong)));

    await user.clear(within(form).getByLabelText('Current password'));
    await user.type(within(form).getByLabelText('Current password'), 'Str0ng!Passw0rd');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const pending = await screen.findByTestId('pending-email');
    expect(pending).toHaveTextContent('Confirm the change from the link we sent to ada@new-home.example; until then you sign in with ada@example.com.');
    expect(screen.getByText('We sent a confirmation link to ada@new-home.example')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT' && r.path === '/api/v1/me').at(-1)?.body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@new-home.example',
      phone: null,
      current_password: 'Str0ng!Passw0rd',
    });
    // The form keeps the address that still signs in.
    expect(within(form).getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(within(form).queryByLabelText('Current password')).not.toBeInTheDocument();
  });

  it('after a password change lists the personal access tokens that still work, each with a revoke button', async () => {
    const session = makeSession();
    const { requests } = accountApi(session);
    renderApp('/settings/account-settings', session);
    const user = userEvent.setup();

    const form = await screen.findByRole('form', { name: 'Change password' });
    await user.type(within(form).getByLabelText('Current password'), 'Str0ng!Passw0rd');
    await user.type(within(form).getByLabelText('New password'), 'An0ther!Pass');
    await user.type(within(form).getByLabelText('Confirm new password'), 'An0ther!Pass');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));

    const left = await screen.findByTestId('tokens-after-password-change');
    expect(within(left).getByText(/These personal access tokens still work/)).toBeInTheDocument();
    expect(within(left).getAllByRole('listitem').map((item) => within(item).getByText(/Reporting|Zapier/).textContent)).toEqual(['Reporting', 'Zapier']);
    expect(within(left).getByText('1 more is listed under personal access tokens.')).toBeInTheDocument();
    await user.click(within(left).getByRole('button', { name: 'Revoke Reporting' }));
    await waitFor(() => expect(within(left).getAllByRole('listitem')).toHaveLength(1));
    expect(within(left).queryByText('Reporting')).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/v1/me/tokens/tok-1')).toBe(true);
  });

  it("offers token lifetimes up to the tenant's maximum and never one without expiry", async () => {
    const session = makeSession();
    const { requests } = accountApi(session);
    renderApp('/settings/account-settings', session);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create token' });
    const expiry = within(dialog).getByLabelText('Expires after');
    expect(within(expiry).getAllByRole('option').map((option) => option.textContent)).toEqual(['7 days', '30 days', '60 days', '90 days']);
    expect(expiry).toHaveAccessibleDescription('Tokens last at most 90 days here.');
    await user.type(within(dialog).getByLabelText('Token name'), 'Nightly export');
    await user.selectOptions(expiry, '90');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByTestId('plain-text-token')).toHaveTextContent('tok-9|secret');
    expect(requests.find((r) => r.method === 'POST' && r.path === '/api/v1/me/tokens')?.body).toEqual({ name: 'Nightly export', expires_in_days: 90 });
  });

  it("chooses the PDF template of the user's new invoices among the tenant's, or leaves it to the default", async () => {
    const session = makeSession({ current_user_abilities: ['dashboard', 'view-invoice'] });
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/csrf-cookie', () => {
        document.cookie = 'XSRF-TOKEN=token; path=/';
        return new Response(null, { status: 204 });
      }),
      route('GET', '/api/v1/bootstrap', () => jsonResponse(200, session)),
      route('GET', '/api/v1/me/tokens', () => jsonResponse(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0, token_total_count: 0, max_expires_in_days: 90 } })),
      route('GET', '/api/v1/invoices/templates', () =>
        jsonResponse(200, { invoiceTemplates: [{ name: 'invoice1', label: 'Classic', is_default: false }, { name: 'tpl-facture', label: 'Facture', is_default: true }] }),
      ),
      route('PUT', '/api/v1/me/settings', () => jsonResponse(200, { success: true })),
    );
    renderApp('/settings/account-settings', session);
    const user = userEvent.setup();

    const select = await screen.findByRole('combobox', { name: 'PDF template of my new invoices' });
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Facture' })).toBeInTheDocument());
    expect(select).toHaveValue('');
    // Estimates are not this user's: no choice is offered for them.
    expect(screen.queryByRole('combobox', { name: 'PDF template of my new estimates' })).not.toBeInTheDocument();
    await user.selectOptions(select, 'tpl-facture');
    expect(await screen.findByText('Default template saved')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT' && r.path === '/api/v1/me/settings')?.body).toEqual({ settings: { default_invoice_template: 'tpl-facture' } });
  });
});
