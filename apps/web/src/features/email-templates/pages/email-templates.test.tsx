import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type EmailTemplateResource, emailTemplateCatalogue } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});

const definition = emailTemplateCatalogue.password_reset;
const reset: EmailTemplateResource = {
  id: 'password_reset',
  name: definition.name,
  category: definition.category,
  description: definition.description,
  variables: [...definition.variables],
  subject: definition.subject,
  body: definition.body,
  cc: null,
  bcc: null,
  from_name: null,
  from_email: null,
  active: false,
  customized: false,
  updated_at: null,
};
const preview = { subject: 'Reset your password', text: 'Someone asked to reset the password of your account.', html: '<!doctype html><p>Someone asked</p>' };

function platformSession(abilities: string[]) {
  const base = makeSession();
  return makeSession({ current_user: { ...base.current_user, is_platform_user: true }, current_user_platform_abilities: abilities });
}

describe('admin → email templates', () => {
  it('lists the templates by category with their state', async () => {
    mockFetch(tenant, route('GET', '/api/v1/platform/email-templates', () => jsonResponse(200, { data: [reset, { ...reset, id: 'email_verification', name: 'Email verification', customized: true, active: true }] })));
    renderApp('/admin/email-templates', platformSession(['view-email-template']));
    const accounts = await screen.findByRole('region', { name: 'Accounts' }, lazyLoad);
    expect(within(accounts).getByRole('link', { name: 'Password reset' })).toHaveAttribute('href', '/admin/email-templates/password_reset/edit');
    expect(within(accounts).getByText('Built-in')).toBeInTheDocument();
    expect(within(accounts).getByText('Customized')).toBeInTheDocument();
  });

  it('edits a template beside its preview and variables, shows a refusal on its field, saves and sends a test', async () => {
    let rejectNext = true;
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/platform/email-templates/password_reset', () => jsonResponse(200, { data: reset })),
      route('POST', '/api/v1/platform/email-templates/password_reset/preview', () => jsonResponse(200, { data: preview })),
      route('PUT', '/api/v1/platform/email-templates/password_reset', (request) => {
        if (rejectNext) {
          rejectNext = false;
          return jsonResponse(422, { message: 'The given data was invalid.', errors: { body: ['The template cannot be rendered: undefined variable: nope'] } });
        }
        return jsonResponse(200, { data: { ...reset, ...(request.body as object), customized: true, updated_at: '2026-11-27T10:00:00Z' } });
      }),
      route('POST', '/api/v1/platform/email-templates/password_reset/test', () => jsonResponse(200, { message: 'A test mail was sent to ada@example.com.' })),
    );
    renderApp('/admin/email-templates/password_reset/edit', platformSession(['view-email-template', 'edit-email-template']));
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Password reset', level: 1 }, lazyLoad)).toBeInTheDocument();
    const shown = await screen.findByRole('document', { name: 'The mail as it will look' });
    await waitFor(() => expect(shown.shadowRoot?.textContent).toContain('Someone asked'));
    expect(screen.getByText('{{ reset_url }}')).toBeInTheDocument();

    // A built-in template being edited is meant to be used once saved.
    expect(screen.getByRole('switch', { name: /Use this version/ })).toBeChecked();
    const body = screen.getByRole('textbox', { name: /^Body/ });
    await user.type(body, ' {{{{ nope }}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The template cannot be rendered: undefined variable: nope')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Password reset saved')).toBeInTheDocument();
    const puts = requests.filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[1]?.body).toMatchObject({ subject: 'Reset your password', active: true, cc: null });

    await user.click(screen.getByRole('button', { name: 'Send a test to me' }));
    expect(await screen.findByText('A test mail was sent to ada@example.com.')).toBeInTheDocument();
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/preview'))).toBe(true));
  });

  it('needs the view-email-template ability', async () => {
    mockFetch(tenant);
    const { router } = renderApp('/admin/email-templates', platformSession(['view-business']));
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });
});
