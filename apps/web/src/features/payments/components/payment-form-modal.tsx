import { SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_NOTES_LENGTH, type PaymentDirection, type PaymentResource, messages } from '@app/contracts';
import { DateField } from '../../../components/date-field';
import { MoneyInput } from '../../../components/decimal-input';
import { FormModal } from '../../../components/form-modal';
import { ServerSelect } from '../../../components/server-select';
import { moneyFormatOf } from '../../../lib/money';
import { paymentModesApi } from '../../../lib/queries/catalog-queries';
import type { PreselectedInvoice } from '../payment-form-values';
import { PaymentPartyFields } from './payment-form/payment-party-fields';
import { usePaymentForm } from './payment-form/use-payment-form';
import { counterpartyFieldOf } from './payment-form/use-payment-invoice';

const modeOptions = paymentModesApi.options((mode) => mode.name);

interface PaymentFormModalProps {
  direction: PaymentDirection;
  /** The payment being edited; null records a new one. */
  payment: PaymentResource | null;
  invoice?: PreselectedInvoice | null;
  onClose: () => void;
  onSaved?: (payment: PaymentResource) => void;
}

/**
 * Records or edits a payment: the customer (received) or vendor (made), one of its open invoices
 * with what is due on it, the amount, date, number (the next one proposed), mode and notes.
 */
export function PaymentFormModal({ direction, payment, invoice = null, onClose, onSaved }: PaymentFormModalProps) {
  const { t } = useTranslation();
  const { form, onSubmit, kind, currencyId, currency, dueNow, payable } = usePaymentForm({ direction, payment, invoice, onClose, onSaved });
  const {
    control,
    register,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  // The vendor confirmed it: who was paid, for which invoice, when and how much are the vendor's record too.
  const confirmedClaim = payment?.claim?.status === 'confirmed';
  const lockedHint = confirmedClaim ? t('payments.claim.locked_hint') : undefined;

  return (
    <FormModal opened onClose={onClose} title={t(payment ? 'payments.form.edit_title' : `payments.form.new_${direction}`)} size="lg" onSubmit={onSubmit} submitting={isSubmitting}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PaymentPartyFields
          control={control}
          setValue={setValue}
          kind={kind}
          counterpartyField={counterpartyFieldOf(direction)}
          payment={payment}
          invoice={invoice}
          payable={payable}
          dueNow={dueNow}
          currencyId={currencyId}
          confirmedClaim={confirmedClaim}
          lockedHint={lockedHint}
        />
        <Controller
          control={control}
          name="amount"
          render={({ field }) => (
            <MoneyInput
              label={t('payments.form.amount')}
              description={lockedHint ?? (currency ? t('payments.form.currency', { currency: `${currency.name} (${currency.code})` }) : undefined)}
              required
              readOnly={confirmedClaim}
              currency={moneyFormatOf(currencyId)}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.amount?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="payment_date"
          rules={{ required: messages.required }}
          render={({ field }) => (
            <DateField
              label={t('payments.form.date')}
              required
              readOnly={confirmedClaim}
              description={lockedHint}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errors.payment_date?.message}
            />
          )}
        />
        <TextInput label={t('payments.form.number')} description={t('payments.form.number_hint')} error={errors.payment_number?.message} {...register('payment_number')} />
        <Controller
          control={control}
          name="payment_method_id"
          render={({ field, fieldState }) => (
            <ServerSelect
              label={t('payments.form.mode')}
              queryKey={paymentModesApi.key}
              fetchOptions={modeOptions}
              value={field.value}
              selected={payment?.mode ? { value: payment.mode.id, label: payment.mode.name } : null}
              onChange={(value) => field.onChange(value)}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <Textarea label={t('payments.form.notes')} rows={3} maxLength={MAX_NOTES_LENGTH + 1} error={errors.notes?.message} {...register('notes')} />
    </FormModal>
  );
}
