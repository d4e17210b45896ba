import { type PaymentResource, type PublicPayment, messages } from '@app/contracts';
import { type DeliveryAdapter, pdfField } from '../document-delivery/delivery-adapter';
import { formatDocumentDate } from '../document-delivery/document-formatting';
import type { PaymentService } from './payments.service';

export type PaymentPublicView = Omit<PublicPayment, 'business' | 'pdf_url'>;

/**
 * The mail of a receipt; there is no business setting for it yet. {link} opens the public
 * receipt, the PDF is attached.
 */
const receiptMail = {
  received: {
    subject: 'Payment receipt {number} from {business}',
    body: 'Dear {customer},\n\nThank you for your payment of {amount}. Your receipt {number} is attached, and you can also view it here:\n{link}\n\n{business}',
  },
  made: {
    subject: 'Payment {number} from {business}',
    body: 'Dear {customer},\n\n{business} has paid you {amount}. The payment advice {number} is attached, and you can also view it here:\n{link}\n\n{business}',
  },
} as const;

/** Payments as the delivery core sees them: a receipt (received) or payment advice (made) with one amount. */
export function paymentDeliveryAdapter(payments: PaymentService): DeliveryAdapter<PaymentResource, PaymentPublicView> {
  return {
    kind: 'payment',
    plural: 'payments',
    missingMessage: messages.receiptMissing,
    title: (payment) => (payment.direction === 'received' ? 'Payment Receipt' : 'Payment Advice'),
    number: (payment) => payment.payment_number,
    recipient: (payment) => payment.counterparty,
    amount: (payment) => payment.amount,
    fields: (payment) => [
      pdfField('date', 'Payment Date', formatDocumentDate(payment.payment_date)),
      ...(payment.direction === 'made' ? [pdfField('paid_to', 'Paid To', payment.counterparty.name)] : []),
      ...(payment.mode ? [pdfField('payment_mode', 'Payment Mode', payment.mode.name)] : []),
      ...(payment.invoice ? [pdfField('invoice', 'Invoice', payment.invoice.invoice_number)] : []),
    ],
    body: (payment) => ({
      lines: [],
      sub_total: payment.amount,
      discount_rate: null,
      discount_val: 0,
      taxes: [],
      total: payment.amount,
      amount_paid: null,
      amount_due: null,
      notes: payment.notes,
      // The receipt's address block reads 'Received From': right for a payment received only.
      parties: payment.direction === 'received' ? 'bill' : 'none',
    }),
    dates: () => ({ due_date: null, expiry_date: null }),
    mailTemplate: (_settings, payment) => receiptMail[payment.direction],
    attachesPdf: () => true,
    getInTx: payments.getInTx,
    // Nothing on a payment changes when its receipt is mailed: the receipt just read is the payment as it is.
    recordSentInTx: async (tx, actor, scope, payment) => {
      await payments.recordReceiptSentInTx(tx, actor, scope, payment.id);
      return payment;
    },
    getForRecipient: payments.getForRecipient,
    opened: async (_tenantId, payment) => payment,
    publicView: (payment) => ({ model: 'payment', payment }),
  };
}
