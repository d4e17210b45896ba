/** Paths of the screens that exist so far; menus hide links to screens not built yet. */
export const companyPaths = {
  dashboard: '/dashboard',
  reports: '/reports',
  users: '/users',
  accountSettings: '/settings/account-settings',
  roles: '/settings/roles',
  auditLog: '/audit-log',
  customers: '/customers',
  vendors: '/vendors',
  items: '/items',
  invoices: '/invoices',
  estimates: '/estimates',
  taxTypes: '/settings/tax-types',
  notes: '/settings/notes',
  paymentMethods: '/settings/payment-methods',
  preferences: '/settings/preferences',
  customization: '/settings/customization',
  businessInfo: '/settings/business-info',
  payments: '/payments',
  recurringInvoices: '/recurring-invoices',
  paymentReminders: '/settings/payment-reminders',
  exchangeRates: '/settings/exchange-rates',
  payouts: '/settings/payouts',
  exportData: '/settings/export-data',
  webhooks: '/settings/webhooks',
  billingInformation: '/settings/billing-information',
  notifications: '/settings/notifications',
  addressInformation: '/settings/address-information',
  emailConfiguration: '/settings/email-configuration',
  loanBalance: '/loan-balance',
  dataImport: '/import',
} as const;

export const adminPaths = {
  overview: '/admin',
  outbox: '/admin/outbox',
  roles: '/admin/roles',
  auditLogs: '/admin/audit-logs',
  accountSettings: '/admin/account-settings',
  businesses: '/admin/businesses',
  businessCreate: '/admin/businesses/create',
  platformUsers: '/admin/users',
  accessLogs: '/admin/access-logs',
  apiClients: '/admin/api-clients',
  apiLogs: '/admin/logs',
  events: '/admin/events',
  webhooks: '/admin/webhooks',
  loans: '/admin/loans',
  emailConfiguration: '/admin/email-configuration',
  plans: '/admin/plans',
  emailTemplates: '/admin/email-templates',
  pdfTemplates: '/admin/pdf-templates',
  tenants: '/admin/tenants',
  tenantCreate: '/admin/tenants/create',
  settings: '/admin/settings',
} as const;

/** Links to one record's screens in the admin area. */
export const adminLinks = {
  businessView: (id: string) => `/admin/businesses/${encodeURIComponent(id)}/view`,
  businessEdit: (id: string) => `/admin/businesses/${encodeURIComponent(id)}/edit`,
  apiLog: (id: string) => `/admin/logs/${encodeURIComponent(id)}`,
  event: (id: string) => `/admin/events/${encodeURIComponent(id)}`,
  outgoingEvent: (id: string) => `/admin/events/sent/${encodeURIComponent(id)}`,
  tenantEdit: (id: string) => `/admin/tenants/${encodeURIComponent(id)}/edit`,
  emailTemplateEdit: (id: string) => `/admin/email-templates/${encodeURIComponent(id)}/edit`,
  pdfTemplateEdit: (id: string) => `/admin/pdf-templates/${encodeURIComponent(id)}/edit`,
} as const;

/** Whose webhook endpoints: the tenant's (admin area) or the selected business's (its settings). */
export type WebhookArea = 'platform' | 'business';

/** The webhook screens of an area: the same pages under the admin area and under the business's settings. */
export function webhookLinks(area: WebhookArea) {
  const base = area === 'platform' ? adminPaths.webhooks : companyPaths.webhooks;
  return {
    list: base,
    endpoint: (id: string, tab?: string) => `${base}/${encodeURIComponent(id)}${tab && tab !== 'all' ? `?tab=${encodeURIComponent(tab)}` : ''}`,
    log: (id: string, logId: string) => `${base}/${encodeURIComponent(id)}/logs/${encodeURIComponent(logId)}`,
  };
}

/** The import wizard with an entity chosen (from a list page), or reopened on one import job (from its history). */
export const importLinks = {
  entity: (entity: string) => `${companyPaths.dataImport}?entity=${encodeURIComponent(entity)}`,
  job: (id: string) => `${companyPaths.dataImport}?job=${encodeURIComponent(id)}`,
} as const;

/** The customer business's pay pages (spec section 2). */
export const customerPayPaths = {
  pay: (invoiceId: string) => `/customer/invoices/pay/${encodeURIComponent(invoiceId)}`,
  approvePay: (invoiceId: string) => `/customer/invoices/approve-pay/${encodeURIComponent(invoiceId)}`,
  /** The pay page reached with a business (id or slug) in the path: it selects that business first. */
  payment: (business: string, invoiceId: string) => `/${encodeURIComponent(business)}/customer/invoices/payment/${encodeURIComponent(invoiceId)}`,
  /** The same, leading with the business's saved payment methods. */
  paymentMethod: (business: string, invoiceId: string) => `/${encodeURIComponent(business)}/customer/invoices/payment-method/${encodeURIComponent(invoiceId)}`,
  /** The pay page leading with the saved methods (what `paymentMethod` opens once the business is selected). */
  payWithSaved: (invoiceId: string) => `/customer/invoices/pay/${encodeURIComponent(invoiceId)}?with=saved-method`,
} as const;

/** The financing screens: the loan balance on a product's tab, the factoring wizard of an outgoing invoice, the BNPL wizard of an incoming one. */
export const financingLinks = {
  loanBalance: (tab: string) => `/loan-balance?tab=${encodeURIComponent(tab)}`,
  factoring: (invoiceId: string) => `/invoices/${encodeURIComponent(invoiceId)}/factoring`,
  bnpl: (invoiceId: string) => `/invoices/${encodeURIComponent(invoiceId)}/bnpl`,
} as const;

export const implementedPaths: ReadonlySet<string> = new Set<string>([...Object.values(companyPaths), ...Object.values(adminPaths)]);
