import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type BootstrapResponse, messages } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});

/**
 * The confirmation answers `answer`, held back until `release()` so the page's waiting state can be
 * seen; `/bootstrap` answers as `session` (the page drops the session it had when the link works).
 */
function confirmationApi(answer: () => Response, session: BootstrapResponse | null = null) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const bootstrap = route('GET', '/api/v1/bootstrap', () => (session ? jsonResponse(200, session) : jsonResponse(401, { message: messages.unauthenticated })));
  const { requests, spy } = mockFetch(tenant, csrf, bootstrap, route('POST', '/api/v1/confirm-email', answer));
  const answerAll = spy.getMockImplementation();
  spy.mockImplementation(async (input, init) => {
    if (String(input).includes('/confirm-email')) await held;
    if (!answerAll) throw new Error('fetch is not mocked');
    return answerAll(input, init);
  });
  return { requests, release };
}

describe('confirm email page', () => {
  it('confirms the link, showing progress, then says the address changed', async () => {
    const { requests, release } = confirmationApi(() => jsonResponse(200, { message: messages.emailChanged }));
    renderApp('/confirm-email/tok-123', null);

    expect(await screen.findByRole('heading', { name: 'Confirm your new email address' })).toBeInTheDocument();
    expect(screen.getByText('Confirming your new email address…')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue' })).not.toBeInTheDocument();
    release();

    expect(await screen.findByText('Your email address has been changed.')).toBeInTheDocument();
    expect(screen.getByText('From now on you sign in with your new email address.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/confirm-email').map((r) => r.body)).toEqual([{ token: 'tok-123' }]);
  });

  it('says an expired or used link is invalid and how to get a new one', async () => {
    const { release } = confirmationApi(() => jsonResponse(422, { message: messages.invalidToken, errors: { token: [messages.invalidToken] } }));
    renderApp('/confirm-email/expired', null);
    release();

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidToken);
    expect(screen.getByText(/Ask for the change again from your account settings/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toBeInTheDocument();
  });

  it('says so when another account took the address meanwhile', async () => {
    const { release } = confirmationApi(() => jsonResponse(422, { message: messages.emailTaken, errors: { email: [messages.emailTaken] } }));
    renderApp('/confirm-email/taken', null);
    release();

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.emailTaken);
  });

  it('opens for a signed-in user too, and Continue leads to their home page', async () => {
    const session = makeSession({ current_user: { ...makeSession().current_user, email: 'ada@new-home.example' } });
    const { release } = confirmationApi(() => jsonResponse(200, { message: messages.emailChanged }), session);
    const { router } = renderApp('/confirm-email/tok-456', session);
    release();

    expect(await screen.findByText('Your email address has been changed.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Continue' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
