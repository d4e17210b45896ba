import type { MenuItem } from './bootstrap';

/** The company area's navigation; the server filters it by the user's abilities. */
export const mainMenu: readonly MenuItem[] = [
  { title: 'navigation.dashboard', link: '/dashboard', icon: 'home', ability: 'dashboard', group: 'main' },
  { title: 'navigation.customers', link: '/customers', icon: 'users', ability: 'view-customer', group: 'main' },
  { title: 'navigation.vendors', link: '/vendors', icon: 'building', ability: 'view-vendor', group: 'main' },
  { title: 'navigation.items', link: '/items', icon: 'box', ability: 'view-item', group: 'main' },
  { title: 'navigation.invoices', link: '/invoices', icon: 'file-invoice', ability: 'view-invoice', group: 'documents' },
  { title: 'navigation.estimates', link: '/estimates', icon: 'file-text', ability: 'view-estimate', group: 'documents' },
  { title: 'navigation.recurring_invoices', link: '/recurring-invoices', icon: 'repeat', ability: 'view-recurring-invoice', group: 'documents', feature: 'recurring-invoices' },
  { title: 'navigation.payments', link: '/payments', icon: 'cash', ability: 'view-payment', group: 'documents' },
  { title: 'navigation.loan_balance', link: '/loan-balance', icon: 'scale', ability: 'view-balance-sheet', group: 'financing', feature: 'financing' },
  { title: 'navigation.users', link: '/users', icon: 'user', ability: 'view-user', group: 'admin' },
  { title: 'navigation.reports', link: '/reports', icon: 'chart', ability: 'view-report', group: 'admin', feature: 'reports' },
  { title: 'navigation.audit_log', link: '/audit-log', icon: 'history', ability: 'view-audit-log', group: 'admin' },
  { title: 'navigation.settings', link: '/settings/account-settings', icon: 'settings', ability: null, group: 'admin' },
];

export const settingMenu: readonly MenuItem[] = [
  { title: 'settings.menu.account_settings', link: '/settings/account-settings', icon: 'user', ability: null, group: 'settings' },
  { title: 'settings.menu.business_info', link: '/settings/business-info', icon: 'building', ability: 'edit-business-information', group: 'settings' },
  { title: 'settings.menu.address_information', link: '/settings/address-information', icon: 'building', ability: 'edit-business-information', group: 'settings' },
  { title: 'settings.menu.preferences', link: '/settings/preferences', icon: 'settings', ability: 'manage-business-settings', group: 'settings' },
  { title: 'settings.menu.customization', link: '/settings/customization', icon: 'edit', ability: 'manage-business-settings', group: 'settings' },
  { title: 'settings.menu.notifications', link: '/settings/notifications', icon: 'bell', ability: 'manage-notifications', group: 'settings' },
  { title: 'settings.menu.email_configuration', link: '/settings/email-configuration', icon: 'mail', ability: 'manage-business-settings', group: 'settings' },
  { title: 'settings.menu.roles', link: '/settings/roles', icon: 'lock', ability: 'view-role', group: 'settings' },
  { title: 'settings.menu.tax_types', link: '/settings/tax-types', icon: 'percentage', ability: 'view-tax-type', group: 'settings' },
  { title: 'settings.menu.payment_reminders', link: '/settings/payment-reminders', icon: 'clock', ability: 'view-payment-reminder', group: 'settings' },
  { title: 'settings.menu.notes', link: '/settings/notes', icon: 'notes', ability: 'view-note', group: 'settings' },
  { title: 'settings.menu.payment_methods', link: '/settings/payment-methods', icon: 'credit-card', ability: 'view-payment-methods', group: 'settings' },
  { title: 'settings.menu.exchange_rates', link: '/settings/exchange-rates', icon: 'cash', ability: 'manage-business-settings', group: 'settings' },
  { title: 'settings.menu.payouts', link: '/settings/payouts', icon: 'building', ability: 'manage-business-settings', group: 'settings', feature: 'online-payments' },
  { title: 'settings.menu.export_data', link: '/settings/export-data', icon: 'download', ability: 'export-data', group: 'settings', feature: 'import-export' },
  { title: 'settings.menu.billing_information', link: '/settings/billing-information', icon: 'credit-card', ability: 'manage-business-settings', group: 'settings' },
  { title: 'settings.menu.webhooks', link: '/settings/webhooks', icon: 'webhook', ability: 'view-webhook', group: 'settings', feature: 'webhooks' },
  { title: 'settings.menu.integrations', link: '/settings/integration-settings', icon: 'plug', ability: 'manage-integration', group: 'settings' },
];

/** The admin area's navigation (platform abilities). */
export const adminMenu: readonly MenuItem[] = [
  { title: 'navigation.admin_dashboard', link: '/admin', icon: 'home', ability: null, group: 'admin' },
  { title: 'navigation.businesses', link: '/admin/businesses', icon: 'building', ability: 'view-business', group: 'admin' },
  { title: 'navigation.platform_users', link: '/admin/users', icon: 'users', ability: 'view-platform-user', group: 'admin' },
  { title: 'navigation.roles', link: '/admin/roles', icon: 'lock', ability: 'view-role', group: 'admin' },
  { title: 'navigation.api_clients', link: '/admin/api-clients', icon: 'plug', ability: 'manage-api-client', group: 'admin' },
  { title: 'navigation.loans', link: '/admin/loans', icon: 'scale', ability: 'view-balance-sheet', group: 'admin' },
  { title: 'navigation.access_logs', link: '/admin/access-logs', icon: 'history', ability: 'view-access-log', group: 'logs' },
  { title: 'navigation.api_logs', link: '/admin/logs', icon: 'list', ability: 'view-api-log', group: 'logs' },
  { title: 'navigation.audit_logs', link: '/admin/audit-logs', icon: 'history', ability: 'view-audit-log', group: 'logs' },
  { title: 'navigation.events', link: '/admin/events', icon: 'bolt', ability: 'view-event', group: 'logs' },
  { title: 'navigation.webhooks', link: '/admin/webhooks', icon: 'webhook', ability: 'view-webhook', group: 'logs' },
  // Held mail is for whoever may change where mail goes, not for read-only support.
  { title: 'navigation.outbox', link: '/admin/outbox', icon: 'mail', ability: 'edit-platform-setting', group: 'logs' },
  { title: 'navigation.email_configuration', link: '/admin/email-configuration', icon: 'mail', ability: 'view-platform-setting', group: 'settings' },
  { title: 'navigation.email_templates', link: '/admin/email-templates', icon: 'mail', ability: 'view-email-template', group: 'settings' },
  { title: 'navigation.pdf_templates', link: '/admin/pdf-templates', icon: 'file-text', ability: 'view-pdf-template', group: 'settings' },
  { title: 'navigation.plans', link: '/admin/plans', icon: 'credit-card', ability: 'view-platform-setting', group: 'settings' },
  { title: 'navigation.tenants', link: '/admin/tenants', icon: 'building', ability: 'manage-tenant', group: 'settings' },
  { title: 'navigation.admin_settings', link: '/admin/settings', icon: 'settings', ability: 'edit-platform-user', group: 'settings' },
  { title: 'navigation.account_settings', link: '/admin/account-settings', icon: 'user', ability: null, group: 'settings' },
];

/** A standalone tenant (one business, its accounts run elsewhere) sends these settings to /403 (spec section 2). */
export const standaloneForbiddenPaths: readonly string[] = ['/settings/account-settings', '/settings/business-info'];

/**
 * The company menus of a tenant: without the standalone-forbidden settings when it is standalone,
 * the main menu's Settings then opening the first settings section left.
 */
export function companyMenus(allowed: (ability: string) => boolean, standalone: boolean): { main: MenuItem[]; settings: MenuItem[] } {
  const settings = filterMenu(settingMenu, allowed).filter((item) => !standalone || !standaloneForbiddenPaths.includes(item.link));
  const settingsHome = settings[0]?.link;
  const main = filterMenu(mainMenu, allowed)
    .map((item) => (standalone && standaloneForbiddenPaths.includes(item.link) && settingsHome ? { ...item, link: settingsHome } : item))
    .filter((item) => !standalone || !standaloneForbiddenPaths.includes(item.link));
  return { main, settings };
}

export function filterMenu(menu: readonly MenuItem[], allowed: (ability: string) => boolean): MenuItem[] {
  return menu.filter((item) => item.ability === null || allowed(item.ability));
}
