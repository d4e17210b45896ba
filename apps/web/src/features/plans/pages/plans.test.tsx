import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type BusinessBillingResource, type PlanResource, messages, planRequiredMessage, settingMenu } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../../../test/fetch-mock';
import { acme, makeSession, tenantConfig } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

afterEach(() => vi.restoreAllMocks());

const lazyLoad = { timeout: 15_000 };
const tenant = route('GET', '/api/v1/tenant-config', () => jsonResponse(200, tenantConfig));
const csrf = route('GET', '/api/v1/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=token; path=/';
  return new Response(null, { status: 204 });
});

const plan = (overrides: Partial<PlanResource>): PlanResource => ({
  id: 'p-free',
  name: 'Free',
  description: null,
  price: 0,
  currency_id: 1,
  interval: 'month',
  features: [],
  max_team_users: 2,
  is_default: true,
  businesses_count: 3,
  created_at: '2026-11-01T10:00:00Z',
  ...overrides,
});
const free = plan({});
const starter = plan({ id: 'p-starter', name: 'Starter', price: 1900, features: ['reports', 'recurring-invoices'], max_team_users: null, is_default: false, businesses_count: 1, description: 'For growing teams' });

const billing = (overrides: Partial<BusinessBillingResource> = {}): BusinessBillingResource => ({
  plan: free,
  plans: [free, starter],
  billing_contact_name: null,
  billing_contact_email: null,
  billing_address: { name: null, phone: null, address_street_1: '1 Main St', address_street_2: null, city: 'Zürich', state: 'ZH', country_id: 204, zip: '8001' },
  team_users: 1,
  can_change_plan: true,
  ...overrides,
});

function platformSession(abilities: string[]) {
  const base = makeSession();
  return makeSession({ current_user: { ...base.current_user, is_platform_user: true }, current_user_platform_abilities: abilities });
}

describe('settings → billing information', () => {
  it('shows the plan and the others, and the owner switches after confirming', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/business/billing', () => jsonResponse(200, { data: billing() })),
      route('PUT', '/api/v1/business/plan', () => jsonResponse(200, { data: billing({ plan: starter }) })),
    );
    renderApp('/settings/billing-information', makeSession({ setting_menu: [...settingMenu], current_user_abilities: ['manage-business-settings'] }));
    const user = userEvent.setup();

    expect(await screen.findByText('Your business is on the Free plan.', { exact: false }, lazyLoad)).toBeInTheDocument();
    expect(screen.getByText('1 of 2 team users.', { exact: false })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Settings sections' })).getByRole('link', { name: 'Billing information' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('$19.00')).toBeInTheDocument();
    expect(screen.getByText('Reports')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Switch to Free' })).not.toBeInTheDocument();
    // Where the platform bills the business, changed in address information by whoever may.
    const address = screen.getByRole('region', { name: 'Billing address' });
    expect(within(address).getByText(/1 Main St/)).toHaveTextContent('1 Main St Zürich, ZH, 8001 Solomon Islands');
    expect(within(address).queryByRole('link', { name: 'Change it in address information' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Switch to Starter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change plan' });
    expect(within(dialog).getByText('Move the business to the Starter plan ($19.00 / month)? Its features open at once.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Change plan' }));
    expect(await screen.findByText('Your business is now on the Starter plan.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ plan_id: 'p-starter' }]);
  });

  it('someone who is not the owner sees the plans without a way to switch', async () => {
    mockFetch(tenant, route('GET', '/api/v1/business/billing', () => jsonResponse(200, { data: billing({ can_change_plan: false }) })));
    renderApp('/settings/billing-information', makeSession({ current_user_abilities: ['manage-business-settings'] }));
    expect(await screen.findByText('Only the owner of the business can change its plan.', {}, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Switch to/ })).not.toBeInTheDocument();
  });

  it('says when the business has no billing address, with the way to add one for who may', async () => {
    mockFetch(tenant, route('GET', '/api/v1/business/billing', () => jsonResponse(200, { data: billing({ billing_address: null }) })));
    renderApp('/settings/billing-information', makeSession({ current_user_abilities: ['manage-business-settings', 'edit-business-information'] }));
    const address = await screen.findByRole('region', { name: 'Billing address' }, lazyLoad);
    expect(within(address).getByText(/No billing address yet/)).toBeInTheDocument();
    expect(within(address).getByRole('link', { name: 'Change it in address information' })).toHaveAttribute('href', '/settings/address-information');
  });

  it('says every feature is included when the platform sells no plans, and saves the billing contact', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/business/billing', () => jsonResponse(200, { data: billing({ plan: null, plans: [] }) })),
      route('PUT', '/api/v1/business/billing', () => jsonResponse(200, { data: billing({ plan: null, plans: [], billing_contact_name: 'Ann', billing_contact_email: 'ann@example.com' }) })),
    );
    renderApp('/settings/billing-information', makeSession({ current_user_abilities: ['manage-business-settings'] }));
    const user = userEvent.setup();
    expect(await screen.findByText('Every feature is included', {}, lazyLoad)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'not-mail');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.incorrectEmail)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Billing contact saved')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ billing_contact_name: 'Ann', billing_contact_email: 'ann@example.com' }]);
  });

  it('a page whose feature is not on the plan names the plan that has it and links to the plans', async () => {
    mockFetch(tenant, route('GET', '/api/v1/business/reports/profit_and_loss', () => jsonResponse(403, { message: planRequiredMessage('Starter'), required_plan: 'Starter' })));
    const reports = { title: 'navigation.reports', link: '/reports', icon: 'chart', ability: 'view-report', group: 'admin', feature: 'reports' as const, required_plan: 'Starter' };
    const { router } = renderApp('/reports', makeSession({ current_user_abilities: ['view-report', 'manage-business-settings'], main_menu: [reports] }));
    const alert = await screen.findByRole('alert', {}, lazyLoad);
    // The menu says which plan has it.
    expect(screen.getByRole('link', { name: 'Reports – needs the Starter plan' })).toBeInTheDocument();
    expect(within(alert).getByText(messages.starterPlan)).toBeInTheDocument();
    const link = within(alert).getByRole('link', { name: 'See the Starter plan' });
    await userEvent.setup().click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/billing-information'));
  });
});

describe('admin → plans', () => {
  it('lists the plans and creates one with its price in minor units of the chosen currency', async () => {
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/platform/plans', () => jsonResponse(200, { data: [free, starter] })),
      route('POST', '/api/v1/platform/plans', () => jsonResponse(201, { data: plan({ id: 'p-pro', name: 'Pro' }) })),
    );
    renderApp('/admin/plans', platformSession(['view-platform-setting', 'edit-platform-setting']));
    const user = userEvent.setup();

    const table = await screen.findByRole('table', {}, lazyLoad);
    expect(within(table).getByText('Starter')).toBeInTheDocument();
    expect(within(table).getByText('Default')).toBeInTheDocument();
    expect(within(table).getByText('Unlimited team')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'New plan' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Pro');
    await user.type(within(dialog).getByLabelText(/^Price/), '49.5');
    await user.click(within(dialog).getByLabelText('Reports'));
    await user.click(within(dialog).getByLabelText('Webhooks'));
    await user.type(within(dialog).getByLabelText(/^Team users/), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Plan created')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/platform/plans').map((r) => r.body)).toEqual([
      { name: 'Pro', description: null, price: 4950, currency_id: 1, interval: 'month', features: ['reports', 'webhooks'], max_team_users: 10, is_default: false },
    ]);
  });

  it("moves a business to a plan from the business's admin page", async () => {
    const detail = { ...acme, disabled: false, type: 'vendor' as const, billing_address: null, shipping_address: null, bank_info: null, owner: null, team: [], stats: { team_size: 1, active_members: 1, invited_members: 0 }, plan_id: null };
    const { requests } = mockFetch(
      tenant,
      csrf,
      route('GET', `/api/v1/platform/businesses/${acme.id}`, () => jsonResponse(200, { data: detail })),
      route('GET', '/api/v1/platform/plans', () => jsonResponse(200, { data: [free, starter] })),
      route('PUT', `/api/v1/platform/businesses/${acme.id}/plan`, () => jsonResponse(200, { data: billing({ plan: starter, can_change_plan: false }) })),
    );
    renderApp(`/admin/businesses/${acme.id}/view`, platformSession(['view-business', 'edit-business', 'view-platform-setting']));
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: 'Plan' }, lazyLoad);
    expect(select).toHaveValue('Default plan (Free)');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Starter' }));
    expect(await screen.findByText('Plan changed')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ plan_id: 'p-starter' }]);
  });

  it('needs the view-platform-setting ability', async () => {
    mockFetch(tenant);
    const { router } = renderApp('/admin/plans', platformSession(['view-business']));
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
  });
});
