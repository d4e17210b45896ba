// The public invoice page and its PDF list the invoice's payments inside the delivery's transaction;
// deleting a business first removes its customers' mirrors of its payments.
export { deleteMirrorsRecordedBy, invoicePaymentsForRecipient } from './payments.repository';
