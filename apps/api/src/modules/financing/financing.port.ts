// What other modules may read of financing inside their own transaction: invoices refuse to void,
// delete or edit an invoice whose loan is open, and show an invoice's loan status.
export { hasOpenLoan, invoiceLoanStatuses } from './financing.repository';
