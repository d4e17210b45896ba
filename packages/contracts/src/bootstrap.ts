import type { CompanySummary, BusinessResource, BusinessSettings } from './business';
import type { Currency } from './reference';
import type { UserResource, UserSettings } from './account';

export type MenuItem = { title: string; link: string; icon: string; ability: string | null; group: string };

export type TenantBranding = {
  name: string;
  page_title: string;
  heading: string | null;
  description: string | null;
  theme_color: string;
  font: string | null;
  copyright_text: string | null;
  login_logo: string | null;
  dashboard_logo: string | null;
  /** The landlord tenant manages the other tenants. */
  is_landlord: boolean;
};

export type TenantSwitches = {
  allow_business_signup: boolean;
  force_customer_signup: boolean;
  user_management: boolean;
  partial_payments: boolean;
  estimate_payments: boolean;
  standalone: boolean;
};

export type BootstrapResponse = {
  main_menu: MenuItem[];
  setting_menu: MenuItem[];
  config: { app_name: string; tenant: TenantBranding; switches: TenantSwitches };
  global_settings: Record<string, string>;
  time_zones: readonly { key: string; value: string }[];
  current_user: UserResource;
  current_user_settings: UserSettings;
  current_user_abilities: string[];
  current_user_platform_abilities: string[];
  current_business: BusinessResource | null;
  current_business_settings: BusinessSettings;
  current_business_currency: Currency | null;
  companies: CompanySummary[];
  connections: Record<string, never>;
  payment_provider_public_key: string | null;
  financing_account_id: string | null;
  incoming_invoice_count: number;
  outgoing_invoice_count: number;
};

/** Public, pre-login: the branding and switches the login pages need. */
export type TenantPublicConfig = { tenant: TenantBranding; switches: TenantSwitches };
