import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type PayoutOnboarding, payoutMessages, settingMenu } from '@app/contracts';
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
const session = () => makeSession({ setting_menu: [...settingMenu], current_user_abilities: ['manage-business-settings'] });

const withAccount: PayoutOnboarding = {
  available: true,
  test_mode: true,
  publishable_key: 'pk_test_page',
  provider_scripts: { payment_provider: null, bank_link: null },
  bank_link_available: true,
  terms_url: null,
  account: {
    provider_account_id: 'acct_page',
    business_type: 'individual',
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    currently_due: ['individual.first_name', 'external_account'],
    past_due: [],
    pending_verification: [],
    errors: [{ code: 'verification_failed_id_number_match', reason: 'The ID number provided could not be verified.', requirement: 'individual.id_number' }],
    disabled_reason: 'requirements.past_due',
    tos_accepted: false,
    bank_account: null,
    updated_at: '2026-11-26T00:00:00Z',
  },
  steps: [
    { key: 'account_details', title: 'Account Details', required_fields: [], completed: true },
    { key: 'user_details', title: 'User Details', required_fields: ['individual.first_name', 'individual.id_number'], completed: true },
    { key: 'bank_account', title: 'Bank Account', required_fields: ['external_account'], completed: false },
    { key: 'review_details', title: 'Review Details', required_fields: [], completed: false },
  ],
};

describe('settings → payouts', () => {
  it('says payouts are not available when the tenant has no payment provider', async () => {
    mockFetch(
      tenant,
      csrf,
      route('GET', '/api/v1/business/onboarding/requirements', () =>
        jsonResponse(200, { data: { available: false, test_mode: false, publishable_key: null, provider_scripts: { payment_provider: null, bank_link: null }, bank_link_available: false, terms_url: null, account: null, steps: [] } }),
      ),
    );
    renderApp('/settings/payouts', session());
    expect(await screen.findByText(payoutMessages.notAvailable, {}, lazyLoad)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it("shows the account's state, opens on the step to fix, and checks the ID number in the browser without sending it", async () => {
    const { requests } = mockFetch(tenant, csrf, route('GET', '/api/v1/business/onboarding/requirements', () => jsonResponse(200, { data: withAccount })));
    renderApp('/settings/payouts', session());
    const user = userEvent.setup();

    expect(await screen.findByText('Test mode: no real money moves', {}, lazyLoad)).toBeInTheDocument();
    const status = screen.getByRole('region', { name: 'Account status' });
    expect(within(status).getAllByText('Not enabled')).toHaveLength(2);
    // The provider's names, in words.
    expect(within(status).getByText('Still due: First name, Bank account')).toBeInTheDocument();
    expect(within(status).getByText('Why disabled: required information is past due')).toBeInTheDocument();
    expect(within(status).getByText(/The ID number provided could not be verified\. Fix it on the step “User Details”\./)).toBeInTheDocument();
    // The step the provider rejected something on is open (a completed step shows all its fields again); company details are not asked.
    const step = screen.getByRole('region', { name: 'User Details' });
    expect(within(step).getByLabelText('First name')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Company Details/ })).not.toBeInTheDocument();

    // The bank step is not completed: it cannot be jumped to.
    await user.click(screen.getByRole('button', { name: /Bank Account/ }));
    expect(screen.getByRole('region', { name: 'User Details' })).toBeInTheDocument();

    await user.type(within(step).getByLabelText('ID number (SSN)'), '12345');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(step).findByText('Enter a 9-digit ID number.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});
