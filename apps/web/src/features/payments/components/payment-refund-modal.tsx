import { Text } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type PaymentResource, decimalToMinorUnits, messages, minorUnitsToDecimal, paymentRefundMessages } from '@app/contracts';
import { MoneyInput } from '../../../components/decimal-input';
import { FormModal } from '../../../components/form-modal';
import { handleFormError } from '../../../lib/form-errors';
import { formatDocumentMoney, moneyFormatOf } from '../../../lib/money';
import { notifySuccess } from '../../../lib/notify';
import { useRefundPayment } from '../payments-queries';

/** Refunds asked for and not confirmed yet: the server holds them back from a further refund, and so does the form. */
function heldRefunds(payment: PaymentResource): number {
  return payment.refunds.filter((refund) => refund.booked_at === null && (refund.status === 'pending' || refund.status === 'requires_action')).reduce((sum, refund) => sum + refund.amount, 0);
}

/** What is left of the payment to refund: neither refunded nor asked for. */
export function refundableAmount(payment: PaymentResource): number {
  return payment.online && payment.direction === 'received' ? payment.amount - payment.refunded_amount - heldRefunds(payment) : 0;
}

/** The typed amount in minor units, or why it cannot be refunded. */
function refundAmountOf(text: string, precision: number, left: number): { minor: number } | { message: string } {
  if (text.trim() === '') return { message: messages.required };
  const parsed = decimalToMinorUnits(text, precision);
  if (!parsed.ok) return { message: messages.invalidAmount };
  const minor = Number(parsed.minor);
  if (!Number.isSafeInteger(minor) || minor <= 0) return { message: messages.invalidAmount };
  if (minor > left) return { message: paymentRefundMessages.tooMuch };
  return { minor };
}

/**
 * Refunds an online payment through the payment provider: all that is left by default, or part of
 * it. The payment and its invoice change when the provider confirms the refund.
 */
export function PaymentRefundModal({ payment, onClose }: { payment: PaymentResource; onClose: () => void }) {
  const { t } = useTranslation();
  const refund = useRefundPayment();
  const currency = moneyFormatOf(payment.currency_id);
  const left = refundableAmount(payment);
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ amount: string }>({ defaultValues: { amount: minorUnitsToDecimal(left, currency.precision) } });
  const onSubmit = handleSubmit(async ({ amount }) => {
    const checked = refundAmountOf(amount, currency.precision, left);
    if ('message' in checked) {
      setError('amount', { type: 'validate', message: checked.message }, { shouldFocus: true });
      return;
    }
    try {
      await refund.mutateAsync({ id: payment.id, body: checked.minor === left ? {} : { amount: checked.minor } });
      notifySuccess(t('payments.refund.requested'));
      onClose();
    } catch (err) {
      handleFormError(err, setError, ['amount']);
    }
  });
  return (
    <FormModal opened onClose={onClose} title={t('payments.refund.title')} onSubmit={onSubmit} submitting={isSubmitting} submitLabel={t('payments.refund.submit')}>
      <Text>{t('payments.refund.message', { number: payment.payment_number, amount: formatDocumentMoney(left, payment.currency_id) })}</Text>
      <Controller
        control={control}
        name="amount"
        render={({ field }) => (
          <MoneyInput
            label={t('payments.refund.amount')}
            description={t('payments.refund.amount_hint')}
            currency={currency}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            error={errors.amount?.message}
            data-autofocus
          />
        )}
      />
    </FormModal>
  );
}
