import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { messages } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

function verificationApi() {
  return mockFetch(
    route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
    route('GET', '/api/v1/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=token; path=/';
      return new Response(null, { status: 204 });
    }),
    route('GET', '/api/v1/bootstrap', () => jsonResponse(401, { message: messages.unauthenticated })),
    route('POST', '/api/v1/verify-email', () => jsonResponse(200, { message: messages.emailVerified })),
  );
}

describe('/verify-email, a public page', () => {
  it('stays open to a guest and says how to verify, with the way back to sign in', async () => {
    verificationApi();
    const { router } = renderApp('/verify-email', null);
    expect(await screen.findByRole('heading', { name: 'Verify your email address' })).toBeInTheDocument();
    expect(screen.getByText(/Open the verification link we mailed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(router.state.location.pathname).toBe('/verify-email');
  });

  it('verifies a mailed token signed out, through POST /verify-email', async () => {
    const { requests } = verificationApi();
    renderApp('/verify-email?token=tok-1', null);
    expect(await screen.findByText('Your email address has been verified.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/verify-email').map((r) => r.body)).toEqual([{ token: 'tok-1' }]);
  });

  it('offers a signed-in unverified user a new link, and sends a verified one home', async () => {
    verificationApi();
    const unverified = renderApp('/verify-email', makeSession({ current_user: { ...makeSession().current_user, email_verified: false } }));
    expect(await screen.findByRole('button', { name: 'Resend verification email' })).toBeInTheDocument();
    unverified.unmount();

    const { router } = renderApp('/verify-email', makeSession());
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
