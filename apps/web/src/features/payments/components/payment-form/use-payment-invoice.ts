import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { type PaymentDirection, type PaymentResource, currencyById, minorUnitsToDecimal } from '@app/contracts';
import { useBootstrap } from '../../../../lib/session';
import { counterpartyQueryOptions } from '../../../counterparties';
import { type PayableFor, usePayableInvoice } from '../../payable-invoices';
import type { PaymentFormValues, PreselectedInvoice } from '../../payment-form-values';
import { counterpartyKindOf } from '../../payment-links';

export function counterpartyFieldOf(direction: PaymentDirection) {
  return direction === 'received' ? 'customer_id' : 'vendor_id';
}

/**
 * The chosen counterparty and invoice: the currency the amount is in, what is due on the invoice
 * and which invoices can be picked. Choosing an invoice proposes paying what is due on it, unless
 * the user typed another amount.
 */
export function usePaymentInvoice(form: UseFormReturn<PaymentFormValues>, direction: PaymentDirection, payment: PaymentResource | null, invoice: PreselectedInvoice | null) {
  const session = useBootstrap();
  const { watch, getValues, setValue } = form;
  const kind = counterpartyKindOf(direction);
  const counterpartyId = watch(counterpartyFieldOf(direction));
  const invoiceId = watch('invoice_id');
  const counterparty = useQuery({ ...counterpartyQueryOptions(kind, counterpartyId ?? ''), enabled: counterpartyId !== null });
  const chosenInvoice = usePayableInvoice(invoiceId);
  const currencyId = chosenInvoice.data?.currency_id ?? counterparty.data?.currency_id ?? payment?.currency_id ?? session.current_business?.currency_id ?? 1;
  const currency = currencyById(currencyId);
  const precision = currency?.precision ?? 2;
  // Editing gives back the payment's own share of its invoice before checking the new amount; a
  // claim not confirmed yet has no share in it.
  const countsOnInvoice = payment !== null && (payment.direction === 'received' || payment.claim?.status === 'confirmed');
  const ownShare = countsOnInvoice && payment.invoice_id === invoiceId ? payment.amount : 0;
  const dueNow = chosenInvoice.data ? chosenInvoice.data.due_amount + ownShare : null;

  const vendorBusinessId = counterparty.data?.customer_business.id;
  const payable: PayableFor | null =
    counterpartyId === null ? null : direction === 'received' ? { direction, customerId: counterpartyId } : vendorBusinessId ? { direction, vendorBusinessId } : null;

  const autoAmount = useRef(invoice ? getValues('amount') : '');
  useEffect(() => {
    if (dueNow === null || payment?.invoice_id === invoiceId) return;
    const current = getValues('amount');
    if (current !== '' && current !== autoAmount.current) return;
    autoAmount.current = minorUnitsToDecimal(dueNow, precision);
    setValue('amount', autoAmount.current);
  }, [dueNow, invoiceId, precision, payment, getValues, setValue]);

  return { kind, currencyId, currency, dueNow, payable };
}
