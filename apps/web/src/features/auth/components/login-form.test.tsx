import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});

afterEach(() => vi.restoreAllMocks());

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  const emailInput = await screen.findByLabelText('Email');
  if (email) await user.type(emailInput, email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('login form', () => {
  it('shows the contract schema errors without calling the API', async () => {
    const { requests } = mockFetch(tenant);
    renderApp('/login', null);

    await fillAndSubmit('', '');

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription(messages.required));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(messages.required);
    expect(requests.some((r) => r.path === '/api/v1/login')).toBe(false);
  });

  it('rejects a malformed email with the contract message', async () => {
    mockFetch(tenant);
    renderApp('/login', null);

    await fillAndSubmit('not-an-email', 'secret');

    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.incorrectEmail));
  });

  it('puts the server 422 errors on their fields', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('POST', '/api/v1/login', () => jsonResponse(422, { message: 'Invalid', errors: { email: [messages.invalidCredentials] } })),
    );
    renderApp('/login', null);

    await fillAndSubmit('Ada@Example.com', 'wrong-password');

    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.invalidCredentials));
    const login = requests.find((r) => r.path === '/api/v1/login');
    expect(login?.body).toEqual({ email: 'ada@example.com', password: 'wrong-password', remember: false });
    expect(login?.headers.get('X-XSRF-TOKEN')).toBe('token');
  });

  it('asks for the authentication code when two-factor is on, and can switch to a recovery code', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('POST', '/api/v1/login', () => jsonResponse(200, { two_factor: true })),
      route('POST', '/api/v1/two-factor-challenge', () => jsonResponse(422, { message: 'Invalid', errors: { recovery_code: [messages.invalidRecoveryCode] } })),
    );
    renderApp('/login', null);

    const user = await fillAndSubmit('ada@example.com', 'Secret-123');

    const code = await screen.findByLabelText('Authentication code');
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(messages.invalidTwoFactorCode));

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcd-efgh');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByLabelText('Recovery code')).toHaveAccessibleDescription(messages.invalidRecoveryCode));
    expect(requests.find((r) => r.path === '/api/v1/two-factor-challenge')?.body).toEqual({ recovery_code: 'abcd-efgh' });
  });
});
