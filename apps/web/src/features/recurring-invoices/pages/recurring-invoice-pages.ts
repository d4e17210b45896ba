/** The recurring invoice screens, one lazy chunk for the router (fewer preload lists in the login entry). */
export { RecurringInvoicesPage } from './recurring-invoices-page';
export { RecurringInvoiceViewPage } from './recurring-invoice-view-page';
export { RecurringInvoiceCreatePage, RecurringInvoiceEditPage } from './recurring-invoice-form-page';
