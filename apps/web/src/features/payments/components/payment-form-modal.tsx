import { useEffect, useRef, useState } from 'react';
import { SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_NOTES_LENGTH, type PaymentDirection, type PaymentRequest, type PaymentResource, currencyById, messages, minorUnitsToDecimal, resolveBusinessSettings } from '@app/contracts';
import { isValidIsoDate, todayInTimeZone } from '@app/domain';
import { FormModal } from '../../../components/form-modal';
import { type ServerOption, ServerSelect } from '../../../components/server-select';
import { handleFormError } from '../../../lib/form-errors';
import { useProposedNumber } from '../../../lib/next-number';
import { notifySuccess } from '../../../lib/notify';
import { useBootstrap } from '../../../lib/session';
import { paymentModesApi } from '../../../lib/queries/catalog-queries';
import { CounterpartySelect, counterpartyQueryOptions } from '../../counterparties';
import { formatDocumentMoney, moneyFormatOf } from '../../../lib/money';
import { type PayableFor, payableInvoiceLabel, payableInvoiceOptions, payableInvoicesKey, usePayableInvoice } from '../payable-invoices';
import { checkAmount } from '../payment-amount';
import { counterpartyKindOf } from '../payment-links';
import { useSavePayment } from '../payments-queries';

type PaymentFormValues = {
  customer_id: string | null;
  vendor_id: string | null;
  invoice_id: string | null;
  amount: string;
  payment_date: string;
  payment_number: string;
  payment_method_id: string | null;
  notes: string;
};

const FIELDS = ['customer_id', 'vendor_id', 'invoice_id', 'amount', 'payment_date', 'payment_number', 'payment_method_id', 'notes'] as const;
const modeOptions = paymentModesApi.options((mode) => mode.name);

/** The invoice a payment is recorded for from the invoice's own page. */
export type PreselectedInvoice = { id: string; invoice_number: string; customer: { id: string; name: string }; due_amount: number; currency_id: number };

interface PaymentFormModalProps {
  direction: PaymentDirection;
  /** The payment being edited; null records a new one. */
  payment: PaymentResource | null;
  invoice?: PreselectedInvoice | null;
  onClose: () => void;
  onSaved?: (payment: PaymentResource) => void;
}

function initialValues(payment: PaymentResource | null, invoice: PreselectedInvoice | null, today: string): PaymentFormValues {
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

/**
 * Records or edits a payment: the customer (received) or vendor (made), one of its open invoices
 * with what is due on it, the amount, date, number (the next one proposed), mode and notes.
 */
export function PaymentFormModal({ direction, payment, invoice = null, onClose, onSaved }: PaymentFormModalProps) {
  const { t } = useTranslation();
  const session = useBootstrap();
  const save = useSavePayment();
  // One key per opened form, so submitting again after a lost answer cannot record the payment twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const kind = counterpartyKindOf(direction);
  const counterpartyField = direction === 'received' ? 'customer_id' : 'vendor_id';
  const today = todayInTimeZone(new Date(), resolveBusinessSettings(session.current_business_settings).time_zone);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    resetField,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PaymentFormValues>({ defaultValues: initialValues(payment, invoice, today) });

  const counterpartyId = watch(counterpartyField);
  const invoiceId = watch('invoice_id');
  const date = watch('payment_date');
  const counterparty = useQuery({ ...counterpartyQueryOptions(kind, counterpartyId ?? ''), enabled: counterpartyId !== null });
  const chosenInvoice = usePayableInvoice(invoiceId);
  const currencyId = chosenInvoice.data?.currency_id ?? counterparty.data?.currency_id ?? payment?.currency_id ?? session.current_business?.currency_id ?? 1;
  const currency = currencyById(currencyId);
  const precision = currency?.precision ?? 2;
  // Editing gives back the payment's own share of its invoice before checking the new amount; a
  // claim not confirmed yet has no share in it.
  const countsOnInvoice = payment !== null && (payment.direction === 'received' || payment.claim?.status === 'confirmed');
  const ownShare = countsOnInvoice && payment.invoice_id === invoiceId ? payment.amount : 0;
  // The vendor confirmed it: who was paid, for which invoice, when and how much are the vendor's record too.
  const confirmedClaim = payment?.claim?.status === 'confirmed';
  const lockedHint = confirmedClaim ? t('payments.claim.locked_hint') : undefined;
  const dueNow = chosenInvoice.data ? chosenInvoice.data.due_amount + ownShare : null;
  const due = (amount: string) => t('payments.form.due', { amount });

  const vendorBusinessId = counterparty.data?.customer_business.id;
  const payable: PayableFor | null =
    counterpartyId === null ? null : direction === 'received' ? { direction, customerId: counterpartyId } : vendorBusinessId ? { direction, vendorBusinessId } : null;

  const proposedNumber = useProposedNumber({ getValues, resetField }, 'payment_number', { model: 'payment', date }, payment === null && isValidIsoDate(date));

  // Choosing an invoice proposes paying what is due on it, unless the user typed another amount.
  const autoAmount = useRef(invoice ? getValues('amount') : '');
  useEffect(() => {
    if (dueNow === null || payment?.invoice_id === invoiceId) return;
    const current = getValues('amount');
    if (current !== '' && current !== autoAmount.current) return;
    autoAmount.current = minorUnitsToDecimal(dueNow, precision);
    setValue('amount', autoAmount.current);
  }, [dueNow, invoiceId, precision, payment, getValues, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    const amount = checkAmount(values.amount, moneyFormatOf(currencyId), dueNow);
    if (!amount.ok) {
      setError('amount', { type: 'validate', message: amount.message }, { shouldFocus: true });
      return;
    }
    const typedNumber = values.payment_number.trim();
    const body: PaymentRequest = {
      direction,
      customer_id: direction === 'received' ? values.customer_id : null,
      vendor_id: direction === 'made' ? values.vendor_id : null,
      invoice_id: values.invoice_id,
      amount: String(amount.minor),
      payment_date: values.payment_date,
      // The proposed number is allocated by the server at save time (it may have moved on since).
      payment_number: typedNumber === '' || (payment === null && typedNumber === proposedNumber) ? null : typedNumber,
      payment_method_id: values.payment_method_id,
      notes: values.notes.trim() === '' ? null : values.notes,
    };
    try {
      const saved = await save.mutateAsync({ id: payment?.id ?? null, body, idempotencyKey });
      notifySuccess(t(payment ? 'payments.notice.updated' : 'payments.notice.created'));
      onSaved?.(saved.data);
      onClose();
    } catch (err) {
      handleFormError(err, setError, FIELDS);
    }
  });

  const counterpartyLabel: ServerOption | null = payment
    ? { value: payment.counterparty.id, label: payment.counterparty.name }
    : invoice
      ? { value: invoice.customer.id, label: invoice.customer.name }
      : null;
  const invoiceLabel: ServerOption | null = payment?.invoice
    ? { value: payment.invoice.id, label: payment.invoice.invoice_number }
    : invoice
      ? { value: invoice.id, label: payableInvoiceLabel(invoice, due) }
      : null;

  return (
    <FormModal opened onClose={onClose} title={t(payment ? 'payments.form.edit_title' : `payments.form.new_${direction}`)} size="lg" onSubmit={onSubmit} submitting={isSubmitting}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={control}
          name={counterpartyField}
          rules={{ required: messages.required }}
          render={({ field, fieldState }) => (
            <CounterpartySelect
              kind={kind}
              required
              disabled={confirmedClaim}
              value={field.value}
              selected={counterpartyLabel}
              onChange={(value) => {
                field.onChange(value);
                setValue('invoice_id', null);
              }}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="invoice_id"
          render={({ field, fieldState }) => (
            <ServerSelect
              label={t('payments.form.invoice')}
              placeholder={t(payable ? 'payments.form.invoice_placeholder' : 'payments.form.invoice_needs_counterparty', { party: t(`counterparties.${kind}.one`) })}
              disabled={payable === null || confirmedClaim}
              queryKey={payableInvoicesKey(payable)}
              fetchOptions={payable ? payableInvoiceOptions(payable, due) : async () => []}
              value={field.value}
              selected={invoiceLabel}
              onChange={(value) => field.onChange(value)}
              description={lockedHint ?? (dueNow !== null ? t('payments.form.invoice_due', { amount: formatDocumentMoney(dueNow, currencyId) }) : undefined)}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextInput
          label={t('payments.form.amount')}
          description={lockedHint ?? (currency ? t('payments.form.currency', { currency: `${currency.name} (${currency.code})` }) : undefined)}
          required
          readOnly={confirmedClaim}
          inputMode="decimal"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <TextInput
          type="date"
          label={t('payments.form.date')}
          required
          readOnly={confirmedClaim}
          description={lockedHint}
          error={errors.payment_date?.message}
          {...register('payment_date', { required: messages.required })}
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
