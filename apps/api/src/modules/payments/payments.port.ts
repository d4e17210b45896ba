// The public invoice page and its PDF list the invoice's payments inside the delivery's transaction.
export { invoicePaymentsForRecipient } from './payments.repository';
