import type { BootstrapResponse, BusinessResource, CounterpartyResource, TenantPublicConfig } from '@app/contracts';

export const tenantConfig: TenantPublicConfig = {
  tenant: {
    name: 'Acme Invoicing',
    page_title: 'Acme Invoicing',
    heading: 'Welcome back',
    description: 'Invoices and payments for your business.',
    theme_color: '#5851d8',
    font: null,
    copyright_text: null,
    login_logo: null,
    dashboard_logo: null,
    is_landlord: true,
  },
  switches: {
    allow_business_signup: true,
    force_customer_signup: false,
    user_management: true,
    partial_payments: true,
    estimate_payments: false,
    standalone: false,
  },
};

export const acme: BusinessResource = {
  id: 'biz-1',
  name: 'Acme Ltd',
  slug: 'acme',
  email: null,
  phone: null,
  logo: null,
  business_type: 'company',
  business_structure: 'private_corporation',
  is_customer: true,
  is_vendor: true,
  currency_id: 1,
  contact_first_name: null,
  contact_last_name: null,
  website: null,
  billing_address: null,
  shipping_address: null,
  disabled: false,
  created_at: '2025-01-01T00:00:00Z',
};

/** A signed-in business user of Acme Ltd (override anything). */
export function makeSession(overrides: Partial<BootstrapResponse> = {}): BootstrapResponse {
  return {
    main_menu: [
      { title: 'navigation.dashboard', link: '/dashboard', icon: 'home', ability: 'dashboard', group: 'main' },
      { title: 'navigation.users', link: '/users', icon: 'user', ability: 'view-user', group: 'admin' },
    ],
    setting_menu: [],
    config: { app_name: 'Ledgerline', tenant: tenantConfig.tenant, switches: tenantConfig.switches },
    global_settings: { mail_configured: true, support_email: null, landing_url: null },
    time_zones: [],
    current_user: {
      id: 'user-1',
      name: 'Ada Lovelace',
      first_name: 'Ada',
      email: 'ada@example.com',
      pending_email: null,
      phone: null,
      avatar: null,
      language: 'en',
      is_platform_user: false,
      email_verified: true,
      status: 'active',
      two_factor: { enabled: false, confirmed: false },
      created_at: '2025-01-01T00:00:00Z',
    },
    current_user_settings: { language: 'en' },
    current_user_abilities: ['dashboard'],
    current_user_platform_abilities: [],
    current_business: acme,
    current_business_settings: {},
    current_business_currency: null,
    companies: [{ id: acme.id, name: acme.name, slug: acme.slug, logo: null, role: 'owner' }],
    connections: { payment_provider: 'NOT_CONNECTED', financing_provider: 'NOT_CONNECTED', bank_link: 'NOT_CONNECTED' },
    payment_provider_public_key: null,
    financing_account_id: null,
    incoming_invoice_count: 3,
    outgoing_invoice_count: 5,
    ...overrides,
  };
}

/** A customer of Acme's as the API lists it; `overrides` name the fields a test is about. */
export function makeCounterparty(overrides: Partial<CounterpartyResource> = {}): CounterpartyResource {
  return {
    id: 'c1',
    kind: 'customer',
    name: 'Globex Corporation',
    display_name: null,
    contact_first_name: null,
    contact_last_name: null,
    email: 'billing@globex.example',
    phone: null,
    website: null,
    currency_id: 1,
    portal_access: false,
    admin_onboarded: false,
    creator_business_id: 'biz-1',
    customer_business: { id: 'biz-2', name: 'Globex Corporation', email: 'billing@globex.example', owner_status: 'active' },
    status: 'active',
    amount_due: 0,
    amount_due_currency_id: 1,
    created_at: '2026-01-01T10:00:00Z',
    ...overrides,
  };
}
