import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MailConfigResource } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const lazyLoad = { timeout: 15_000 };
const none: MailConfigResource = { configured: false, host: '', port: 587, username: null, encryption: 'starttls', from_name: '', from_address: '', has_password: false };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});

describe('settings → email configuration', () => {
  it("saves the business's own server, tests it, and goes back to the platform's", async () => {
    let current = none;
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/business/mail/config', () => jsonResponse(200, { data: current })),
      route('PUT', '/api/v1/business/mail/config', (request) => {
        current = { ...none, ...(request.body as object), configured: true, has_password: false, username: null };
        return jsonResponse(200, { data: current });
      }),
      route('POST', '/api/v1/business/mail/test', () => jsonResponse(200, { success: true, message: '250 2.0.0 queued' })),
      route('DELETE', '/api/v1/business/mail/config', () => {
        current = none;
        return jsonResponse(200, { data: none });
      }),
    );
    renderApp('/settings/email-configuration', makeSession({ current_user_abilities: ['dashboard', 'manage-business-settings'] }));
    const user = userEvent.setup();
    expect(await screen.findByText(/No server of your own/, {}, lazyLoad)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /SMTP host/ }), 'smtp.atelier.example');
    await user.type(screen.getByRole('textbox', { name: /From name/ }), 'Atelier Billing');
    await user.type(screen.getByRole('textbox', { name: /From address/ }), 'billing@atelier.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email configuration saved')).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ host: 'smtp.atelier.example', from_address: 'billing@atelier.example' });

    await user.type(await screen.findByRole('textbox', { name: 'Send to' }), 'me@atelier.example');
    await user.click(screen.getByRole('button', { name: 'Send test mail' }));
    expect(await screen.findByText('250 2.0.0 queued')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: "Use the platform's server" }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: "Use the platform's server" }));
    expect(await screen.findByText(/No server of your own/)).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(true);
  });

  it('needs manage-business-settings', async () => {
    mockFetch(tenant);
    const { router } = renderApp('/settings/email-configuration', makeSession({ current_user_abilities: ['dashboard'] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });
});
