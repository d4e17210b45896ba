import { Select, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type ExchangeRateResource, currencies, currencyById, exchangeRateRequestSchema, messages } from '@app/contracts';
import { currencyOptions } from '../../../components/currency-select';
import { FormModal } from '../../../components/form-modal';
import { handleFormError } from '../../../lib/form-errors';
import { notifySuccess } from '../../../lib/notify';
import { useSaveExchangeRate } from '../exchange-rates-queries';

const formSchema = exchangeRateRequestSchema.extend({ currency_id: z.string({ error: messages.required }).min(1, messages.required) });
type FormValues = z.input<typeof formSchema>;
const FIELDS = ['currency_id', 'rate'] as const;

interface ExchangeRateFormModalProps {
  /** The rate being changed; null adds one. */
  rate: ExchangeRateResource | null;
  businessCurrencyId: number;
  /** Currencies that have a rate already (a new rate is for another one). */
  taken: readonly number[];
  onClose: () => void;
}

/** A rate: how many units of the business currency one unit of the other currency is worth. */
export function ExchangeRateFormModal({ rate, businessCurrencyId, taken, onClose }: ExchangeRateFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveExchangeRate();
  const business = currencyById(businessCurrencyId);
  const options = currencyOptions(currencies.filter((currency) => currency.id !== businessCurrencyId && (currency.id === rate?.currency_id || !taken.includes(currency.id))));
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { currency_id: rate ? String(rate.currency_id) : '', rate: rate?.rate ?? '' },
  });
  const chosen = currencyById(Number(watch('currency_id')));

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ currencyId: Number(values.currency_id), rate: values.rate });
      notifySuccess(t('exchange_rates.saved'));
      onClose();
    } catch (err) {
      handleFormError(err, setError, FIELDS);
    }
  });

  return (
    <FormModal opened onClose={onClose} title={t(rate ? 'exchange_rates.edit_title' : 'exchange_rates.create')} onSubmit={onSubmit} submitting={isSubmitting}>
      <Controller
        control={control}
        name="currency_id"
        render={({ field }) => (
          <Select
            label={t('exchange_rates.currency')}
            required
            searchable
            disabled={rate !== null}
            data={options}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            error={errors.currency_id?.message}
          />
        )}
      />
      <TextInput
        label={t('exchange_rates.rate')}
        description={chosen && business ? t('exchange_rates.rate_hint', { from: chosen.code, to: business.code }) : undefined}
        required
        inputMode="decimal"
        data-autofocus={rate !== null || undefined}
        error={errors.rate?.message}
        {...register('rate')}
      />
    </FormModal>
  );
}
