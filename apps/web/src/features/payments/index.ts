/** What the invoice screens use of payments: recording one, and the invoice's payments. */
export { InvoicePayments } from './components/invoice-payments';
export { PaymentFormModal } from './components/payment-form-modal';
export { useInvoicePaymentList } from './payments-queries';
