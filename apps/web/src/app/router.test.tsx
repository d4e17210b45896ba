import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicPayment } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../test/fetch-mock';
import { makeSession, tenantConfig } from '../test/fixtures';
import { makePayment } from '../test/payment-fixtures';
import { renderApp } from '../test/render';

afterEach(() => vi.restoreAllMocks());

const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));

describe('route guard', () => {
  it('sends a user without the route ability to /403', async () => {
    mockFetch(tenant);
    const { router } = renderApp('/users', makeSession({ current_user_abilities: ['dashboard'] }));

    expect(await screen.findByRole('heading', { name: 'Forbidden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403');
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  });

  it('lets a user with the ability in, and shows actions by ability', async () => {
    mockFetch(tenant);
    renderApp('/users', makeSession({ current_user_abilities: ['dashboard', 'view-user'] }));

    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
  });

  it('sends a user without a business to the dashboard, which offers to create one', async () => {
    mockFetch(tenant);
    const { router } = renderApp('/users', makeSession({ current_business: null, companies: [], current_user_abilities: [] }));

    expect(await screen.findByRole('button', { name: 'Add business' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('checks platform routes against the platform abilities', async () => {
    mockFetch(tenant);
    const session = makeSession({
      current_user: { ...makeSession().current_user, is_platform_user: true },
      current_user_abilities: ['*'],
      current_user_platform_abilities: ['view-business'],
    });
    const { router } = renderApp('/admin/outbox', session);

    expect(await screen.findByRole('heading', { name: 'Forbidden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403');
  });

  it('keeps business users out of the admin area', async () => {
    mockFetch(tenant);
    const { router } = renderApp('/admin', makeSession({ current_user_platform_abilities: ['*'] }));

    expect(await screen.findByRole('heading', { name: 'Forbidden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/403');
  });

  it('sends guests to the login page and signed-in users away from it', async () => {
    mockFetch(tenant);
    const guest = renderApp('/dashboard', null);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(guest.router.state.location.pathname).toBe('/login');
    guest.unmount();

    const member = renderApp('/login', makeSession());
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(member.router.state.location.pathname).toBe('/dashboard');
  });

  it('brings a guest back to the page asked for once signed in', async () => {
    let signedIn = false;
    mockFetch(
      tenant,
      route('GET', '/api/v1/csrf-cookie', () => {
        document.cookie = 'XSRF-TOKEN=token; path=/';
        return new Response(null, { status: 204 });
      }),
      route('POST', '/api/v1/login', () => {
        signedIn = true;
        return jsonResponse(200, { two_factor: false });
      }),
      route('GET', '/api/v1/bootstrap', () => (signedIn ? jsonResponse(200, makeSession({ current_user_abilities: ['dashboard', 'view-user'] })) : jsonResponse(401, { message: 'Unauthenticated.' }))),
    );
    const guest = renderApp('/users?page=2', null);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(`${guest.router.state.location.pathname}${guest.router.state.location.search}`).toBe(`/login?next=${encodeURIComponent('/users?page=2')}`);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(`${guest.router.state.location.pathname}${guest.router.state.location.search}`).toBe('/users?page=2');
  });

  it('sends an unverified user to /verify-email', async () => {
    mockFetch(tenant);
    const session = makeSession({ current_user: { ...makeSession().current_user, email_verified: false } });
    const { router } = renderApp('/dashboard', session);

    expect(await screen.findByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-email');
  });

  it('adds the public pages when a signed-in page links to one, and keeps the company area', async () => {
    const receipt: PublicPayment = { model: 'payment', business: { name: 'Acme Ltd', logo_url: null }, payment: makePayment(), pdf_url: '/api/v1/public/payments/tok-1/pdf' };
    mockFetch(tenant, route('GET', '/api/v1/public/payments/tok-1', () => jsonResponse(200, receipt)));
    const { router } = renderApp('/dashboard', makeSession());
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();

    await router.navigate('/public/payments/view/tok-1');
    expect(await screen.findByRole('article', { name: 'Payment receipt PAY-000001' }, { timeout: 15_000 })).toBeInTheDocument();

    await router.navigate('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('shows the not-found page with Go Home for unknown paths', async () => {
    mockFetch(tenant);
    renderApp('/no/such/page', null);

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Home' })).toBeInTheDocument();
  });
});
