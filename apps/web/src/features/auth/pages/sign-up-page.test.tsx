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

async function fillIn(email: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Business name'), 'Analytical Engines');
  await user.type(screen.getByLabelText('Password'), 'Str0ng!Passw0rd');
  await user.type(screen.getByLabelText('Confirm password'), 'Str0ng!Passw0rd');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  return user;
}

describe('sign-up page', () => {
  it('asks the person to check their email, signs nobody in and stays on the page', async () => {
    const { requests } = mockFetch(tenant, csrf, route('POST', '/api/v1/sign-up', () => jsonResponse(202, { message: messages.signUpMailSent })));
    const { router } = renderApp('/sign-up', null);
    await fillIn('ada@example.com');

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We have sent a message to ada@example.com.');
    expect(screen.getByText(/Open the link in it to finish signing up/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(router.state.location.pathname).toBe('/sign-up');
    expect(requests.find((r) => r.path === '/api/v1/sign-up')?.body).toMatchObject({ email: 'ada@example.com', business_name: 'Analytical Engines' });
    expect(requests.some((r) => r.path === '/api/v1/bootstrap')).toBe(false);
  });

  it('shows the server validation next to the field and keeps the form', async () => {
    mockFetch(tenant, csrf, route('POST', '/api/v1/sign-up', () => jsonResponse(422, { message: messages.passwordSymbol, errors: { password: [messages.passwordSymbol] } })));
    renderApp('/sign-up', null);
    await fillIn('ada@example.com');
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(messages.passwordSymbol));
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  });
});
