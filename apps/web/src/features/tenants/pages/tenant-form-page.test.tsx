import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type TenantResource, messages } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const tenant: TenantResource = {
  id: 't-2', name: 'Second', domains: ['t2.test'], is_landlord: false, page_title: 'Second', created_at: '2025-01-01T00:00:00Z',
  landing_url: null, login_logo: null, heading: null, description: null, dashboard_logo: null, theme_color: '#0f766e', font: null, copyright_text: null,
  support_email: null, platform_model: null, payment_provider_key: null, payment_provider_secret: 'sk_live_****1234', payment_provider_webhook_secret: null,
  payment_provider_account_id: null, platform_fee_percent: '2.9', platform_fee_fixed: 30, financing_provider_url: null, financing_provider_secret: null, financing_product_ids: [], bank_link_client_id: null,
  bank_link_secret: null, bank_link_environment: null, cash_advance_title: null, cash_advance_description: null, tenancy_db_name: null,
  partial_payments: true, estimate_payments: false, allow_business_signup: true, force_customer_signup: false, user_management: true, standalone: false,
  financing_advance_rate_percent: '80', financing_fee_percent_per_30_days: '3', financing_max_exposure_per_business: 10_000_000, financing_max_exposure_per_customer: 5_000_000, financing_min_paid_invoices: 0,
};

function landlordAdmin() {
  const base = makeSession();
  return makeSession({ current_user: { ...base.current_user, is_platform_user: true }, current_user_platform_abilities: ['*'] });
}

describe('tenant form', () => {
  it('shows a stored secret masked as placeholder and sends no secret that was not changed', async () => {
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/csrf-cookie', () => {
        document.cookie = 'XSRF-TOKEN=token; path=/';
        return new Response(null, { status: 204 });
      }),
      route('GET', '/api/central/tenants/t-2', () => jsonResponse(200, { data: tenant })),
      route('PUT', '/api/central/tenants/t-2', () => jsonResponse(200, { data: tenant })),
      route('GET', '/api/central/tenants', () => jsonResponse(200, { data: [tenant], meta: { current_page: 1, last_page: 1, per_page: 15, total: 1 } })),
    );
    renderApp('/admin/tenants/t-2/edit', landlordAdmin());
    const user = userEvent.setup();

    const secrets = await screen.findAllByLabelText('Secret');
    expect(secrets[0]).toHaveAttribute('placeholder', 'sk_live_****1234');
    expect(secrets[0]).toHaveValue('');
    await user.clear(screen.getByLabelText('Page title'));
    await user.type(screen.getByLabelText('Page title'), 'Second Billing');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const body = requests.find((r) => r.method === 'PUT')?.body as Record<string, unknown>;
    expect(body.page_title).toBe('Second Billing');
    expect('payment_provider_secret' in body).toBe(false);
    expect(body.domains).toEqual(['t2.test']);
  });

  it("shows the provider's refusal of a new secret on the secret field", async () => {
    const refusal = { message: 'Please Enter Valid Provider API Key.', errors: { payment_provider_secret: ['Please Enter Valid Provider API Key.'] } };
    mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/csrf-cookie', () => {
        document.cookie = 'XSRF-TOKEN=token; path=/';
        return new Response(null, { status: 204 });
      }),
      route('GET', '/api/central/tenants/t-2', () => jsonResponse(200, { data: tenant })),
      route('PUT', '/api/central/tenants/t-2', () => jsonResponse(422, refusal)),
    );
    renderApp('/admin/tenants/t-2/edit', landlordAdmin());
    const user = userEvent.setup();
    const [secret] = await screen.findAllByLabelText('Secret');
    if (!secret) throw new Error('no secret field');
    await user.type(secret, 'sk_test_refused');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(secret).toHaveAccessibleDescription(expect.stringContaining('Please Enter Valid Provider API Key.')), { timeout: 5000 });
    expect(secret).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits the platform fee next to the payment switches, refusing a percent above 100 and a negative fixed fee', async () => {
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/csrf-cookie', () => {
        document.cookie = 'XSRF-TOKEN=token; path=/';
        return new Response(null, { status: 204 });
      }),
      route('GET', '/api/central/tenants/t-2', () => jsonResponse(200, { data: tenant })),
      route('PUT', '/api/central/tenants/t-2', () => jsonResponse(200, { data: tenant })),
      route('GET', '/api/central/tenants', () => jsonResponse(200, { data: [tenant], meta: { current_page: 1, last_page: 1, per_page: 15, total: 1 } })),
    );
    renderApp('/admin/tenants/t-2/edit', landlordAdmin());
    const user = userEvent.setup();

    const percent = await screen.findByLabelText('Platform fee (%)');
    const fixed = screen.getByLabelText('Platform fee, fixed (minor units)');
    expect(percent).toHaveValue('2.9');
    expect(fixed).toHaveValue('30');
    expect(screen.getByRole('switch', { name: 'Partial payments' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Estimate payments' })).not.toBeChecked();

    await user.clear(percent);
    await user.type(percent, '100.5');
    await user.clear(fixed);
    await user.type(fixed, '-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(percent).toHaveAccessibleDescription(expect.stringContaining(messages.invalidPlatformFeePercent)));
    expect(fixed).toHaveAccessibleDescription(expect.stringContaining(messages.invalidPlatformFeeFixed));
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(percent);
    await user.type(percent, '1.25');
    await user.clear(fixed);
    await user.type(fixed, '50');
    await user.click(screen.getByRole('switch', { name: 'Estimate payments' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const body = requests.find((r) => r.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ platform_fee_percent: '1.25', platform_fee_fixed: 50, estimate_payments: true, partial_payments: true });
  });

  it('edits the risk policy, refusing a rate with more than 2 decimals and a negative exposure', async () => {
    const { requests } = mockFetch(
      route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)),
      route('GET', '/api/v1/csrf-cookie', () => {
        document.cookie = 'XSRF-TOKEN=token; path=/';
        return new Response(null, { status: 204 });
      }),
      route('GET', '/api/central/tenants/t-2', () => jsonResponse(200, { data: tenant })),
      route('PUT', '/api/central/tenants/t-2', () => jsonResponse(200, { data: tenant })),
      route('GET', '/api/central/tenants', () => jsonResponse(200, { data: [tenant], meta: { current_page: 1, last_page: 1, per_page: 15, total: 1 } })),
    );
    renderApp('/admin/tenants/t-2/edit', landlordAdmin());
    const user = userEvent.setup();

    const rate = await screen.findByLabelText('Advance rate (%)');
    const exposure = screen.getByLabelText('Maximum exposure per business (minor units)');
    expect(rate).toHaveValue('80');
    expect(screen.getByLabelText('Fee per 30 days (%)')).toHaveValue('3');
    expect(exposure).toHaveValue('10000000');
    await user.clear(rate);
    await user.type(rate, '70.125');
    await user.clear(exposure);
    await user.type(exposure, '-5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rate).toHaveAccessibleDescription(expect.stringContaining(messages.invalidAdvanceRate)));
    expect(exposure).toHaveAccessibleDescription(expect.stringContaining(messages.invalidExposureLimit));
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(rate);
    await user.type(rate, '70.5');
    await user.clear(exposure);
    await user.type(exposure, '2500000');
    await user.clear(screen.getByLabelText('Minimum paid invoices'));
    await user.type(screen.getByLabelText('Minimum paid invoices'), '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    const body = requests.find((r) => r.method === 'PUT')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ financing_advance_rate_percent: '70.5', financing_max_exposure_per_business: 2_500_000, financing_min_paid_invoices: 2, financing_fee_percent_per_30_days: '3' });
  });

  it('sends a non-landlord admin to the forbidden page', async () => {
    mockFetch(route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig)));
    const session = landlordAdmin();
    const { router } = renderApp('/admin/tenants', { ...session, config: { ...session.config, tenant: { ...session.config.tenant, is_landlord: false } } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });
});
