import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type PaymentDirection, type PaymentResource, resolveBusinessSettings } from '@app/contracts';
import { isValidIsoDate, todayInTimeZone } from '@app/domain';
import { handleFormError, touchedValidation } from '../../../../lib/form-errors';
import { moneyFormatOf } from '../../../../lib/money';
import { useProposedNumber } from '../../../../lib/next-number';
import { notifySuccess } from '../../../../lib/notify';
import { useBootstrap } from '../../../../lib/session';
import { checkAmount } from '../../payment-amount';
import { PAYMENT_FORM_FIELDS, type PaymentFormValues, type PreselectedInvoice, initialPaymentValues, paymentRequestOf } from '../../payment-form-values';
import { useSavePayment } from '../../payments-queries';
import { usePaymentInvoice } from './use-payment-invoice';

export interface PaymentFormOptions {
  direction: PaymentDirection;
  /** The payment being edited; null records a new one. */
  payment: PaymentResource | null;
  invoice: PreselectedInvoice | null;
  onClose: () => void;
  onSaved?: (payment: PaymentResource) => void;
}

/** The payment form's state, the invoice it pays and its submit: checks the amount against what is due, then saves. */
export function usePaymentForm({ direction, payment, invoice, onClose, onSaved }: PaymentFormOptions) {
  const { t } = useTranslation();
  const session = useBootstrap();
  const save = useSavePayment();
  // One key per opened form, so submitting again after a lost answer cannot record the payment twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const today = todayInTimeZone(new Date(), resolveBusinessSettings(session.current_business_settings).time_zone);
  const form = useForm<PaymentFormValues>({ ...touchedValidation, defaultValues: initialPaymentValues(payment, invoice, today) });
  const { getValues, resetField, watch, handleSubmit, setError } = form;
  const chosen = usePaymentInvoice(form, direction, payment, invoice);
  const date = watch('payment_date');
  const proposedNumber = useProposedNumber({ getValues, resetField }, 'payment_number', { model: 'payment', date }, payment === null && isValidIsoDate(date));

  const onSubmit = handleSubmit(async (values) => {
    const amount = checkAmount(values.amount, moneyFormatOf(chosen.currencyId), chosen.dueNow);
    if (!amount.ok) {
      setError('amount', { type: 'validate', message: amount.message }, { shouldFocus: true });
      return;
    }
    const body = paymentRequestOf(values, { direction, amountMinor: amount.minor, proposedNumber, isNew: payment === null });
    try {
      const saved = await save.mutateAsync({ id: payment?.id ?? null, body, idempotencyKey });
      notifySuccess(t(payment ? 'payments.notice.updated' : 'payments.notice.created'));
      onSaved?.(saved.data);
      onClose();
    } catch (err) {
      handleFormError(err, setError, PAYMENT_FORM_FIELDS);
    }
  });

  return { form, onSubmit, ...chosen };
}
