import { type PaymentDirection, type PaymentRequest, type PaymentResource, currencyById, minorUnitsToDecimal } from '@app/contracts';

export type PaymentFormValues = {
  customer_id: string | null;
  vendor_id: string | null;
  invoice_id: string | null;
  amount: string;
  payment_date: string;
  payment_number: string;
  payment_method_id: string | null;
  notes: string;
};

export const PAYMENT_FORM_FIELDS = ['customer_id', 'vendor_id', 'invoice_id', 'amount', 'payment_date', 'payment_number', 'payment_method_id', 'notes'] as const;

/** The invoice a payment is recorded for from the invoice's own page. */
export type PreselectedInvoice = { id: string; invoice_number: string; customer: { id: string; name: string }; due_amount: number; currency_id: number };

export function initialPaymentValues(payment: PaymentResource | null, invoice: PreselectedInvoice | null, today: string): PaymentFormValues {
  if (payment) {
    const precision = currencyById(payment.currency_id)?.precision ?? 2;
    return {
      customer_id: payment.customer_id,
      vendor_id: payment.vendor_id,
      invoice_id: payment.invoice_id,
      amount: minorUnitsToDecimal(payment.amount, precision),
      payment_date: payment.payment_date,
      payment_number: payment.payment_number,
      payment_method_id: payment.payment_method_id,
      notes: payment.notes ?? '',
    };
  }
  const precision = invoice ? (currencyById(invoice.currency_id)?.precision ?? 2) : 2;
  return {
    customer_id: invoice?.customer.id ?? null,
    vendor_id: null,
    invoice_id: invoice?.id ?? null,
    amount: invoice ? minorUnitsToDecimal(invoice.due_amount, precision) : '',
    payment_date: today,
    payment_number: '',
    payment_method_id: null,
    notes: '',
  };
}

interface RequestContext {
  direction: PaymentDirection;
  /** The amount already checked, in minor units. */
  amountMinor: number;
  /** The number the form proposed for a new payment, if any. */
  proposedNumber: string | null | undefined;
  isNew: boolean;
}

export function paymentRequestOf(values: PaymentFormValues, { direction, amountMinor, proposedNumber, isNew }: RequestContext): PaymentRequest {
  const typedNumber = values.payment_number.trim();
  return {
    direction,
    customer_id: direction === 'received' ? values.customer_id : null,
    vendor_id: direction === 'made' ? values.vendor_id : null,
    invoice_id: values.invoice_id,
    amount: String(amountMinor),
    payment_date: values.payment_date,
    // The proposed number is allocated by the server at save time (it may have moved on since).
    payment_number: typedNumber === '' || (isNew && typedNumber === proposedNumber) ? null : typedNumber,
    payment_method_id: values.payment_method_id,
    notes: values.notes.trim() === '' ? null : values.notes,
  };
}
