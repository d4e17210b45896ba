import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { messages } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

function verificationApi(answer: () => Response) {
  return mockFetch(
    route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
    route('GET', '/api/v1/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=token; path=/';
      return new Response(null, { status: 204 });
    }),
    route('GET', '/api/v1/bootstrap', () => jsonResponse(401, { message: messages.unauthenticated })),
    route('POST', '/api/v1/verify-email', answer),
  );
}

describe('verify user page', () => {
  it('sends the link once and says the address is verified, without signing in', async () => {
    const { requests } = verificationApi(() => jsonResponse(200, { message: messages.emailVerified }));
    renderApp('/verify-user?token=tok-9', null);

    expect(await screen.findByText('Your email address has been verified.')).toBeInTheDocument();
    expect(screen.getByText(/sign in with your email address and password/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/verify-email').map((r) => r.body)).toEqual([{ token: 'tok-9' }]);
  });

  it('says a used or expired link is invalid, and a missing one without asking the server', async () => {
    verificationApi(() => jsonResponse(422, { message: messages.invalidToken, errors: { token: [messages.invalidToken] } }));
    renderApp('/verify-user?token=used', null);
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidToken);

    const { requests } = verificationApi(() => jsonResponse(200, { message: messages.emailVerified }));
    renderApp('/verify-user', null);
    expect(await screen.findByText('This link is invalid or has expired.')).toBeInTheDocument();
    expect(requests.filter((r) => r.path === '/api/v1/verify-email')).toEqual([]);
  });
});
