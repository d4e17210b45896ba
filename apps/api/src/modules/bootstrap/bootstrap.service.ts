import {
  type BootstrapResponse,
  type MenuItem,
  type Connections,
  type TenantBranding,
  type TenantPublicConfig,
  type TenantSwitches,
  businessTypes,
  companyMenus,
  currencyById,
  dateFormats,
  fiscalYears,
  holds,
  languages,
  timeZones,
} from '@app/contracts';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import type { AuthenticatedUser, SelectedBusiness, TenantRecord } from '../../platform/request-context';
import { userResourceInTx, userSettingsOf } from '../account/account.service';
import { invoiceDirectionCounts } from '../invoices/invoices.service';
import * as businessPort from '../businesses/businesses.port';
import { requiredPlans } from '../plans/plans.port';
import { businessSettingsOf, toBusinessResource } from '../businesses/businesses.service';

const APP_NAME = 'Ledgerline';

export function tenantBranding(tenant: TenantRecord): TenantBranding {
  return {
    name: tenant.name,
    page_title: tenant.pageTitle ?? tenant.name,
    heading: tenant.heading,
    description: tenant.description,
    theme_color: tenant.themeColor,
    font: tenant.font,
    copyright_text: tenant.copyrightText,
    login_logo: tenant.loginLogo,
    dashboard_logo: tenant.dashboardLogo,
    is_landlord: tenant.isLandlord,
  };
}

export function tenantSwitches(tenant: TenantRecord): TenantSwitches {
  return {
    allow_business_signup: tenant.allowBusinessSignup,
    force_customer_signup: tenant.forceCustomerSignup,
    user_management: tenant.userManagement,
    partial_payments: tenant.partialPayments,
    estimate_payments: tenant.estimatePayments,
    standalone: tenant.standalone,
  };
}

const status = (connected: boolean): Connections[keyof Connections] => (connected ? 'CONNECTED' : 'NOT_CONNECTED');

export function connectionsOf(tenant: TenantRecord): Connections {
  return { payment_provider: status(tenant.connected.paymentProvider), financing_provider: status(tenant.connected.financingProvider), bank_link: status(tenant.connected.bankLink) };
}

export function createBootstrapService(app: AppContext) {
  return {
    publicConfig(tenant: TenantRecord): TenantPublicConfig {
      return { tenant: tenantBranding(tenant), switches: tenantSwitches(tenant) };
    },

    config() {
      return { types: businessTypes, languages, fiscal_years: fiscalYears, date_formats: dateFormats };
    },

    /** Everything the browser needs after sign-in, in one transaction. */
    async bootstrap(tenant: TenantRecord, user: AuthenticatedUser, business: SelectedBusiness | null): Promise<BootstrapResponse> {
      const { companies, invoiceCounts, currentUser, mailer, lockedFeatures } = await inTenant(app.db, tenant.id, async (tx) => ({
        companies: await businessPort.listUserCompanies(tx, tenant.id, user.id, 0, 50),
        invoiceCounts: business ? await invoiceDirectionCounts(tx, { tenantId: tenant.id, businessId: business.row.id }) : { incoming: 0, outgoing: 0 },
        currentUser: await userResourceInTx(tx, tenant.id, user.row, app.clock.now()),
        // Remembered per tenant by the outbox: no query on most requests.
        mailer: await app.outbox.mailerFor(tx, tenant.id),
        lockedFeatures: business ? await requiredPlans(tx, tenant.id, business.planFeatures) : new Map<string, string | null>(),
      }));
      const abilities = business?.abilities ?? [];
      const allowed = (ability: string) => holds(abilities, ability);
      const current = business?.row;
      const menus = companyMenus(business ? allowed : () => false, tenant.standalone);
      // A screen no plan of the tenant offers is left out; one a better plan offers names it.
      const marked = (items: MenuItem[]) =>
        items.filter((item) => !item.feature || lockedFeatures.get(item.feature) !== null).map((item) => ({ ...item, required_plan: item.feature ? (lockedFeatures.get(item.feature) ?? null) : null }));
      return {
        main_menu: business ? marked(menus.main) : [],
        setting_menu: marked(menus.settings),
        config: { app_name: APP_NAME, tenant: tenantBranding(tenant), switches: tenantSwitches(tenant) },
        global_settings: { mail_configured: mailer !== null, support_email: tenant.supportEmail, landing_url: tenant.landingUrl },
        time_zones: timeZones(),
        current_user: currentUser,
        current_user_settings: userSettingsOf(user.row),
        current_user_abilities: abilities,
        current_user_platform_abilities: user.platformAbilities,
        current_business: current ? toBusinessResource(current) : null,
        current_business_settings: current ? businessSettingsOf(current.id, current.settings) : {},
        current_business_currency: current ? (currencyById(current.currencyId) ?? null) : null,
        companies,
        connections: connectionsOf(tenant),
        payment_provider_public_key: tenant.paymentProviderPublicKey,
        financing_account_id: null,
        incoming_invoice_count: invoiceCounts.incoming,
        outgoing_invoice_count: invoiceCounts.outgoing,
      };
    },
  };
}

export type BootstrapService = ReturnType<typeof createBootstrapService>;
