/** What other screens use of payments: recording one, the invoice's payments, and a payment's receipt (the BNPL wizard's last step). */
export { InvoicePayments } from './components/invoice-payments';
export { PaymentFormModal } from './components/payment-form-modal';
export { fetchReceiptPdf, useInvoicePaymentList } from './payments-queries';
