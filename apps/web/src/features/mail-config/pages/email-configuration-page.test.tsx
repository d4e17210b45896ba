import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type MailConfigResource, messages } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const saved: MailConfigResource = {
  configured: true,
  host: 'smtp.example.com',
  port: 587,
  username: 'mailer',
  encryption: 'starttls',
  from_name: 'Billing',
  from_address: 'billing@example.com',
  has_password: true,
};

function platformSession(abilities: string[]) {
  const base = makeSession();
  return makeSession({ current_user: { ...base.current_user, is_platform_user: true }, current_user_platform_abilities: abilities });
}

function csrf() {
  return route('GET', '/api/v1/csrf-cookie', () => {
    document.cookie = 'XSRF-TOKEN=token; path=/';
    return new Response(null, { status: 204 });
  });
}

describe('email configuration', () => {
  it('asks for the password again when the server changes, and keeps it when only the sender changes', async () => {
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      csrf(),
      route('GET', '/api/v1/platform/mail/config', () => jsonResponse(200, { data: saved })),
      route('PUT', '/api/v1/platform/mail/config', (request) => jsonResponse(200, { data: { ...saved, ...(request.body as object), has_password: true } })),
    );
    renderApp('/admin/email-configuration', platformSession(['view-platform-setting', 'edit-platform-setting']));
    const user = userEvent.setup();

    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAccessibleDescription('Leave empty to keep the stored password.');
    const host = screen.getByRole('textbox', { name: /SMTP host/ });
    await user.clear(host);
    await user.type(host, 'smtp.elsewhere.example');
    expect(password).toHaveAccessibleDescription(/enter the password again/);
    expect(password).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.mailPasswordRequired)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.type(password, 'new-Secret-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email configuration saved')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ host: 'smtp.elsewhere.example', password: 'new-Secret-1' });
  });

  it('shows that the test mail could not be sent, whatever the server says', async () => {
    mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      csrf(),
      route('GET', '/api/v1/platform/mail/config', () => jsonResponse(200, { data: saved })),
      route('POST', '/api/v1/platform/mail/test', () => jsonResponse(422, { message: messages.mailTestFailed, errors: { to: [messages.mailTestFailed] } })),
    );
    renderApp('/admin/email-configuration', platformSession(['view-platform-setting', 'edit-platform-setting']));
    const user = userEvent.setup();

    await user.type(await screen.findByRole('textbox', { name: 'Send to' }), 'probe@example.com');
    await user.click(screen.getByRole('button', { name: 'Send test mail' }));
    expect(await screen.findByText('The mail could not be sent')).toBeInTheDocument();
    expect(screen.getByTestId('smtp-answer')).toHaveTextContent(messages.mailTestFailed);
  });
});
