import { redirect, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { counterpartyRoutes } from '../features/counterparties/counterparty-route-objects';
import { documentRoutes } from '../features/documents/document-routes';
import { onDemandScreen } from '../lib/on-demand-screen';
import { companyPaths } from '../lib/paths';
import { selectBusinessThenPay } from './business-path';
import { requireLandlord } from './landlord-guard';
import { requireAccess, requireArea, type RouteAccess } from './route-guards';

type Lazy = NonNullable<RouteObject['lazy']>;

/** The screens of the signed-in areas, each a lazy chunk loaded with i18next (lib/on-demand-screen). */
const pages = {
  companyLayout: onDemandScreen(() => import('./layouts/company-layout').then((m) => ({ Component: m.CompanyLayout }))),
  adminLayout: onDemandScreen(() => import('./layouts/admin-layout').then((m) => ({ Component: m.AdminLayout }))),
  dashboard: onDemandScreen(() => import('./dashboard-route').then((m) => ({ Component: m.DashboardRoute }))),
  users: onDemandScreen(() => import('../features/users/pages/users-page').then((m) => ({ Component: m.UsersPage }))),
  businessRoles: onDemandScreen(() => import('../features/roles/pages/roles-page').then((m) => ({ Component: m.BusinessRolesPage }))),
  platformRoles: onDemandScreen(() => import('../features/roles/pages/roles-page').then((m) => ({ Component: m.PlatformRolesPage }))),
  auditLog: onDemandScreen(() => import('../features/audit/pages/audit-log-page').then((m) => ({ Component: m.CompanyAuditLogPage }))),
  adminAuditLog: onDemandScreen(() => import('../features/audit/pages/audit-log-page').then((m) => ({ Component: m.AdminAuditLogPage }))),
  accountSettings: onDemandScreen(() => import('../features/account/pages/account-settings-page').then((m) => ({ Component: m.AccountSettingsPage }))),
  adminOverview: onDemandScreen(() => import('../features/admin/pages/admin-overview-page').then((m) => ({ Component: m.AdminOverviewPage }))),
  outbox: onDemandScreen(() => import('../features/outbox/pages/outbox-page').then((m) => ({ Component: m.OutboxPage }))),
  adminBusinesses: onDemandScreen(() => import('../features/admin-businesses/pages/businesses-page').then((m) => ({ Component: m.AdminBusinessesPage }))),
  adminBusinessCreate: onDemandScreen(() => import('../features/admin-businesses/pages/business-form-page').then((m) => ({ Component: m.AdminBusinessCreatePage }))),
  adminBusinessEdit: onDemandScreen(() => import('../features/admin-businesses/pages/business-form-page').then((m) => ({ Component: m.AdminBusinessEditPage }))),
  adminBusinessView: onDemandScreen(() => import('../features/admin-businesses/pages/business-view-page').then((m) => ({ Component: m.AdminBusinessViewPage }))),
  platformUsers: onDemandScreen(() => import('../features/platform-users/pages/platform-users-page').then((m) => ({ Component: m.PlatformUsersPage }))),
  accessLogs: onDemandScreen(() => import('../features/logs/pages/access-logs-page').then((m) => ({ Component: m.AccessLogsPage }))),
  apiLogs: onDemandScreen(() => import('../features/logs/pages/api-logs-page').then((m) => ({ Component: m.ApiLogsPage }))),
  apiLog: onDemandScreen(() => import('../features/logs/pages/api-log-page').then((m) => ({ Component: m.ApiLogPage }))),
  events: onDemandScreen(() => import('../features/events/pages/events-page').then((m) => ({ Component: m.EventsPage }))),
  event: onDemandScreen(() => import('../features/events/pages/event-page').then((m) => ({ Component: m.EventPage }))),
  emailConfiguration: onDemandScreen(() => import('../features/mail-config/pages/email-configuration-page').then((m) => ({ Component: m.EmailConfigurationPage }))),
  tenants: onDemandScreen(() => import('../features/tenants/pages/tenants-page').then((m) => ({ Component: m.TenantsPage }))),
  tenantCreate: onDemandScreen(() => import('../features/tenants/pages/tenant-form-page').then((m) => ({ Component: m.TenantCreatePage }))),
  tenantEdit: onDemandScreen(() => import('../features/tenants/pages/tenant-form-page').then((m) => ({ Component: m.TenantEditPage }))),
  adminSettings: onDemandScreen(() => import('../features/admin/pages/admin-settings-page').then((m) => ({ Component: m.AdminSettingsPage }))),
  customers: onDemandScreen(() => import('../features/counterparties/pages/counterparties-page').then((m) => ({ Component: m.CustomersPage }))),
  vendors: onDemandScreen(() => import('../features/counterparties/pages/counterparties-page').then((m) => ({ Component: m.VendorsPage }))),
  customerCreate: onDemandScreen(() => import('../features/counterparties/pages/counterparty-form-page').then((m) => ({ Component: m.CustomerCreatePage }))),
  vendorCreate: onDemandScreen(() => import('../features/counterparties/pages/counterparty-form-page').then((m) => ({ Component: m.VendorCreatePage }))),
  customerEdit: onDemandScreen(() => import('../features/counterparties/pages/counterparty-form-page').then((m) => ({ Component: m.CustomerEditPage }))),
  vendorEdit: onDemandScreen(() => import('../features/counterparties/pages/counterparty-form-page').then((m) => ({ Component: m.VendorEditPage }))),
  customerView: onDemandScreen(() => import('../features/counterparties/pages/counterparty-view-page').then((m) => ({ Component: m.CustomerViewPage }))),
  vendorView: onDemandScreen(() => import('../features/counterparties/pages/counterparty-view-page').then((m) => ({ Component: m.VendorViewPage }))),
  items: onDemandScreen(() => import('../features/items/pages/items-page').then((m) => ({ Component: m.ItemsPage }))),
  itemCreate: onDemandScreen(() => import('../features/items/pages/item-form-page').then((m) => ({ Component: m.ItemCreatePage }))),
  itemEdit: onDemandScreen(() => import('../features/items/pages/item-form-page').then((m) => ({ Component: m.ItemEditPage }))),
  itemUnits: onDemandScreen(() => import('../features/items/pages/item-units-page').then((m) => ({ Component: m.ItemUnitsPage }))),
  settingsLayout: onDemandScreen(() => import('../features/settings/components/settings-layout').then((m) => ({ Component: m.SettingsLayout }))),
  taxTypes: onDemandScreen(() => import('../features/settings/pages/tax-types-page').then((m) => ({ Component: m.TaxTypesPage }))),
  notes: onDemandScreen(() => import('../features/settings/pages/notes-page').then((m) => ({ Component: m.NotesPage }))),
  payouts: onDemandScreen(() => import('../features/payouts/pages/payouts-page').then((m) => ({ Component: m.PayoutsPage }))),
  paymentMethods: onDemandScreen(() => import('../features/settings/pages/payment-methods-page').then((m) => ({ Component: m.PaymentMethodsPage }))),
  invoicesOutgoing: onDemandScreen(() => import('../features/documents/pages/invoice-pages').then((m) => ({ Component: m.OutgoingInvoicesPage }))),
  invoicesIncoming: onDemandScreen(() => import('../features/documents/pages/invoice-pages').then((m) => ({ Component: m.IncomingInvoicesPage }))),
  invoiceView: onDemandScreen(() => import('../features/documents/pages/invoice-pages').then((m) => ({ Component: m.InvoiceViewPage }))),
  estimatesOutgoing: onDemandScreen(() => import('../features/documents/pages/estimate-pages').then((m) => ({ Component: m.OutgoingEstimatesPage }))),
  estimatesIncoming: onDemandScreen(() => import('../features/documents/pages/estimate-pages').then((m) => ({ Component: m.IncomingEstimatesPage }))),
  estimateView: onDemandScreen(() => import('../features/documents/pages/estimate-pages').then((m) => ({ Component: m.EstimateViewPage }))),
  invoiceCreate: onDemandScreen(() => import('../features/documents/pages/document-form-page').then((m) => ({ Component: m.InvoiceCreatePage }))),
  invoiceEdit: onDemandScreen(() => import('../features/documents/pages/document-form-page').then((m) => ({ Component: m.InvoiceEditPage }))),
  estimateCreate: onDemandScreen(() => import('../features/documents/pages/document-form-page').then((m) => ({ Component: m.EstimateCreatePage }))),
  estimateEdit: onDemandScreen(() => import('../features/documents/pages/document-form-page').then((m) => ({ Component: m.EstimateEditPage }))),
  preferences: onDemandScreen(() => import('../features/settings/pages/preferences-page').then((m) => ({ Component: m.PreferencesPage }))),
  customization: onDemandScreen(() => import('../features/settings/pages/customization-page').then((m) => ({ Component: m.CustomizationPage }))),
  businessInfo: onDemandScreen(() => import('../features/business/pages/business-info-page').then((m) => ({ Component: m.BusinessInfoPage }))),
  payments: onDemandScreen(() => import('../features/payments/pages/payment-pages').then((m) => ({ Component: m.PaymentsPage }))),
  paymentView: onDemandScreen(() => import('../features/payments/pages/payment-pages').then((m) => ({ Component: m.PaymentViewPage }))),
  recurringInvoices: onDemandScreen(() => import('../features/recurring-invoices/pages/recurring-invoice-pages').then((m) => ({ Component: m.RecurringInvoicesPage }))),
  recurringInvoiceView: onDemandScreen(() => import('../features/recurring-invoices/pages/recurring-invoice-pages').then((m) => ({ Component: m.RecurringInvoiceViewPage }))),
  recurringInvoiceCreate: onDemandScreen(() => import('../features/recurring-invoices/pages/recurring-invoice-pages').then((m) => ({ Component: m.RecurringInvoiceCreatePage }))),
  recurringInvoiceEdit: onDemandScreen(() => import('../features/recurring-invoices/pages/recurring-invoice-pages').then((m) => ({ Component: m.RecurringInvoiceEditPage }))),
  paymentReminders: onDemandScreen(() => import('../features/settings/pages/payment-reminders-page').then((m) => ({ Component: m.PaymentRemindersPage }))),
  exchangeRates: onDemandScreen(() => import('../features/settings/pages/exchange-rates-page').then((m) => ({ Component: m.ExchangeRatesPage }))),
  customerPay: onDemandScreen(() => import('../features/online-payments/pages/customer-pay-page').then((m) => ({ Component: m.CustomerPayPage }))),
  customerApprovePay: onDemandScreen(() => import('../features/online-payments/pages/customer-pay-page').then((m) => ({ Component: m.CustomerApprovePayPage }))),
  loanBalance: onDemandScreen(() => import('../features/financing/pages/loan-balance-page').then((m) => ({ Component: m.LoanBalancePage }))),
  adminLoans: onDemandScreen(() => import('../features/financing/pages/admin-loans-page').then((m) => ({ Component: m.AdminLoansPage }))),
  factoringWizard: onDemandScreen(() => import('../features/financing/pages/factoring-wizard-page').then((m) => ({ Component: m.FactoringWizardPage }))),
  bnplWizard: onDemandScreen(() => import('../features/financing/pages/bnpl-wizard-page').then((m) => ({ Component: m.BnplWizardPage }))),
} satisfies Record<string, Lazy>;

/**
 * The company and admin areas. Not in the login entry: the router adds them to the root route the
 * first time it meets a path the guest routes do not know (`discoverAppRoutes` in ./router).
 */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  const guarded = (path: string, access: RouteAccess, lazy: Lazy): RouteObject => ({
    path,
    lazy,
    loader: requireAccess(queryClient, access),
  });

  return [
    {
      id: 'company',
      lazy: pages.companyLayout,
      loader: requireArea(queryClient, 'company'),
      children: [
        guarded('dashboard', { ability: 'dashboard', scope: 'business', allowWithoutBusiness: true }, pages.dashboard),
        guarded('users', { ability: 'view-user', scope: 'business' }, pages.users),
        guarded('audit-log', { ability: 'view-audit-log', scope: 'business' }, pages.auditLog),
        ...counterpartyRoutes(queryClient, 'customer', { list: pages.customers, create: pages.customerCreate, edit: pages.customerEdit, view: pages.customerView }),
        ...counterpartyRoutes(queryClient, 'vendor', { list: pages.vendors, create: pages.vendorCreate, edit: pages.vendorEdit, view: pages.vendorView }),
        guarded('items', { ability: 'view-item', scope: 'business' }, pages.items),
        guarded('items/create', { ability: 'create-item', scope: 'business' }, pages.itemCreate),
        // As the API: whoever may read or write items may see the units.
        guarded('items/units', { ability: ['view-item', 'create-item', 'edit-item'], scope: 'business' }, pages.itemUnits),
        guarded('items/:id/edit', { ability: 'edit-item', scope: 'business' }, pages.itemEdit),
        ...documentRoutes(queryClient, 'invoice', { outgoing: pages.invoicesOutgoing, incoming: pages.invoicesIncoming, view: pages.invoiceView }),
        ...documentRoutes(queryClient, 'estimate', { outgoing: pages.estimatesOutgoing, incoming: pages.estimatesIncoming, view: pages.estimateView }),
        guarded('invoices/create', { ability: 'create-invoice', scope: 'business' }, pages.invoiceCreate),
        guarded('invoices/:id/edit', { ability: 'edit-invoice', scope: 'business' }, pages.invoiceEdit),
        guarded('estimates/create', { ability: 'create-estimate', scope: 'business' }, pages.estimateCreate),
        guarded('estimates/:id/edit', { ability: 'edit-estimate', scope: 'business' }, pages.estimateEdit),
        guarded('payments', { ability: 'view-payment', scope: 'business' }, pages.payments),
        guarded('payments/:id/view', { ability: 'view-payment', scope: 'business' }, pages.paymentView),
        guarded('recurring-invoices', { ability: 'view-recurring-invoice', scope: 'business' }, pages.recurringInvoices),
        guarded('recurring-invoices/create', { ability: 'create-recurring-invoice', scope: 'business' }, pages.recurringInvoiceCreate),
        guarded('recurring-invoices/:id/view', { ability: 'view-recurring-invoice', scope: 'business' }, pages.recurringInvoiceView),
        guarded('recurring-invoices/:id/edit', { ability: 'edit-recurring-invoice', scope: 'business' }, pages.recurringInvoiceEdit),
        guarded('loan-balance', { ability: 'view-balance-sheet', scope: 'business' }, pages.loanBalance),
        // Opening the wizard asks the lender for an offer; taking it needs manage-business-settings too (the page says so).
        guarded('invoices/:id/factoring', { ability: 'view-balance-sheet', scope: 'business' }, pages.factoringWizard),
        // As factoring: the offer is for those who read the balance sheet; confirming needs more (the page says so).
        guarded('invoices/:id/bnpl', { ability: 'view-balance-sheet', scope: 'business' }, pages.bnplWizard),
        guarded('customer/invoices/pay/:id', { ability: 'pay-invoice', scope: 'business' }, pages.customerPay),
        guarded('customer/invoices/approve-pay/:id', { ability: { all: ['approve-invoice', 'pay-invoice'] }, scope: 'business' }, pages.customerApprovePay),
        { path: 'settings', loader: () => redirect(companyPaths.accountSettings) },
        {
          // The settings pages share the settings menu beside them.
          lazy: pages.settingsLayout,
          children: [
            guarded('settings/roles', { ability: ['view-role', 'manage-role'], scope: 'business' }, pages.businessRoles),
            guarded('settings/account-settings', { scope: 'business' }, pages.accountSettings),
            guarded('settings/tax-types', { ability: 'view-tax-type', scope: 'business' }, pages.taxTypes),
            guarded('settings/notes', { ability: 'view-note', scope: 'business' }, pages.notes),
            guarded('settings/payment-methods', { ability: 'view-payment-methods', scope: 'business' }, pages.paymentMethods),
            guarded('settings/preferences', { ability: 'manage-business-settings', scope: 'business' }, pages.preferences),
            guarded('settings/customization', { ability: 'manage-business-settings', scope: 'business' }, pages.customization),
            guarded('settings/business-info', { ability: 'edit-business-information', scope: 'business' }, pages.businessInfo),
            guarded('settings/payment-reminders', { ability: 'view-payment-reminder', scope: 'business' }, pages.paymentReminders),
            guarded('settings/payouts', { ability: 'manage-business-settings', scope: 'business' }, pages.payouts),
            guarded('settings/exchange-rates', { ability: 'manage-business-settings', scope: 'business' }, pages.exchangeRates),
          ],
        },
      ],
    },
    // Selects the business named in the path, then opens its pay page (no screen of its own).
    { path: ':business/customer/invoices/payment/:id', loader: selectBusinessThenPay(queryClient) },
    {
      path: 'admin',
      lazy: pages.adminLayout,
      loader: requireArea(queryClient, 'admin'),
      children: [
        { index: true, lazy: pages.adminOverview, loader: requireAccess(queryClient, { scope: 'platform' }) },
        guarded('outbox', { ability: 'edit-platform-setting', scope: 'platform' }, pages.outbox),
        guarded('roles', { ability: ['view-role', 'manage-role'], scope: 'platform' }, pages.platformRoles),
        guarded('audit-logs', { ability: 'view-audit-log', scope: 'platform' }, pages.adminAuditLog),
        guarded('account-settings', { scope: 'platform' }, pages.accountSettings),
        guarded('businesses', { ability: 'view-business', scope: 'platform' }, pages.adminBusinesses),
        guarded('businesses/create', { ability: 'create-business', scope: 'platform' }, pages.adminBusinessCreate),
        guarded('businesses/:id/edit', { ability: 'edit-business', scope: 'platform' }, pages.adminBusinessEdit),
        guarded('businesses/:id/view', { ability: 'view-business', scope: 'platform' }, pages.adminBusinessView),
        guarded('users', { ability: 'view-platform-user', scope: 'platform' }, pages.platformUsers),
        guarded('access-logs', { ability: 'view-access-log', scope: 'platform' }, pages.accessLogs),
        guarded('logs', { ability: 'view-api-log', scope: 'platform' }, pages.apiLogs),
        guarded('logs/:id', { ability: 'view-api-log', scope: 'platform' }, pages.apiLog),
        guarded('events', { ability: 'view-event', scope: 'platform' }, pages.events),
        guarded('events/:id', { ability: 'view-event', scope: 'platform' }, pages.event),
        guarded('loans', { ability: 'view-balance-sheet', scope: 'platform' }, pages.adminLoans),
        guarded('email-configuration', { ability: 'view-platform-setting', scope: 'platform' }, pages.emailConfiguration),
        { path: 'tenants', lazy: pages.tenants, loader: requireLandlord(queryClient) },
        { path: 'tenants/create', lazy: pages.tenantCreate, loader: requireLandlord(queryClient) },
        { path: 'tenants/:id/edit', lazy: pages.tenantEdit, loader: requireLandlord(queryClient) },
        // Spec section 2: admin settings need edit-platform-user.
        guarded('settings', { ability: 'edit-platform-user', scope: 'platform' }, pages.adminSettings),
      ],
    },
  ];
}
