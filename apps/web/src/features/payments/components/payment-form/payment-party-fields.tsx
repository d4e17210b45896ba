import { type Control, Controller, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type CounterpartyKind, type PaymentResource, messages } from '@app/contracts';
import { type ServerOption, ServerSelect } from '../../../../components/server-select';
import { formatDocumentMoney } from '../../../../lib/money';
import { CounterpartySelect } from '../../../counterparties';
import { type PayableFor, payableInvoiceLabel, payableInvoiceOptions, payableInvoicesKey } from '../../payable-invoices';
import type { PaymentFormValues, PreselectedInvoice } from '../../payment-form-values';

interface PaymentPartyFieldsProps {
  control: Control<PaymentFormValues>;
  setValue: UseFormSetValue<PaymentFormValues>;
  kind: CounterpartyKind;
  counterpartyField: 'customer_id' | 'vendor_id';
  payment: PaymentResource | null;
  invoice: PreselectedInvoice | null;
  payable: PayableFor | null;
  dueNow: number | null;
  currencyId: number;
  confirmedClaim: boolean;
  lockedHint: string | undefined;
}

/** Who paid or was paid, and which of their open invoices the payment is for (changing the first clears the second). */
export function PaymentPartyFields({ control, setValue, kind, counterpartyField, payment, invoice, payable, dueNow, currencyId, confirmedClaim, lockedHint }: PaymentPartyFieldsProps) {
  const { t } = useTranslation();
  const due = (amount: string) => t('payments.form.due', { amount });
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
    <>
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
    </>
  );
}
