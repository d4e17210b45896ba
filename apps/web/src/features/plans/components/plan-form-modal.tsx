import { Checkbox, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type PlanFormValues, type PlanResource, minorUnitsToDecimal, planFeatures, planFormSchema, planIntervals } from '@app/contracts';
import { CurrencySelect } from '../../../components/currency-select';
import { MoneyInput } from '../../../components/decimal-input';
import { FormModal } from '../../../components/form-modal';
import { handleFormError } from '../../../lib/form-errors';
import { moneyFormatOf } from '../../../lib/money';
import { notifySuccess } from '../../../lib/notify';
import { useSavePlan } from '../plans-queries';

type PlanFormOutput = z.output<ReturnType<typeof planFormSchema>>;

const FIELDS = ['name', 'description', 'price', 'currency_id', 'interval', 'features', 'max_team_users', 'is_default'] as const;

/** The price is typed in the chosen currency: the schema that converts it follows the currency's decimals. */
const resolver: Resolver<PlanFormValues, unknown, PlanFormOutput> = (values, context, options) =>
  zodResolver(planFormSchema(moneyFormatOf(Number(values.currency_id)).precision))(values, context, options);

function defaultsOf(plan: PlanResource | null): PlanFormValues {
  const currencyId = plan?.currency_id ?? 1;
  return {
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    price: plan ? minorUnitsToDecimal(plan.price, moneyFormatOf(currencyId).precision) : '',
    currency_id: currencyId,
    interval: plan?.interval ?? 'month',
    features: plan?.features ?? [],
    max_team_users: plan?.max_team_users ?? null,
    is_default: plan?.is_default ?? false,
  };
}

/** Create or edit one of the tenant's plans. */
export function PlanFormModal({ plan, onClose }: { plan: PlanResource | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePlan();
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PlanFormValues, unknown, PlanFormOutput>({ resolver, defaultValues: defaultsOf(plan) });
  const currency = moneyFormatOf(Number(watch('currency_id')));

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: plan?.id ?? null, body: { ...values, description: values.description || null } });
      notifySuccess(t(plan ? 'plans.updated' : 'plans.created'));
      onClose();
    } catch (err) {
      handleFormError(err, setError, FIELDS);
    }
  });

  return (
    <FormModal opened onClose={onClose} title={plan ? t('plans.edit_title', { name: plan.name }) : t('plans.create')} onSubmit={onSubmit} submitting={isSubmitting} size="lg">
      <TextInput label={t('plans.name')} required data-autofocus error={errors.name?.message} {...register('name')} />
      <TextInput label={t('plans.description')} error={errors.description?.message} {...register('description')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Controller
          control={control}
          name="price"
          render={({ field }) => (
            <MoneyInput label={t('plans.price')} required currency={currency} value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} error={errors.price?.message} />
          )}
        />
        <CurrencySelect control={control} name="currency_id" label={t('plans.currency')} required />
        <Controller
          control={control}
          name="interval"
          render={({ field }) => (
            <Select
              label={t('plans.interval')}
              required
              allowDeselect={false}
              data={planIntervals.map((interval) => ({ value: interval, label: t(`plans.per.${interval}`) }))}
              value={field.value}
              onChange={(value) => field.onChange(value ?? field.value)}
              error={errors.interval?.message}
            />
          )}
        />
      </SimpleGrid>
      <Controller
        control={control}
        name="features"
        render={({ field }) => (
          <Checkbox.Group label={t('plans.features')} description={t('plans.features_help')} value={field.value} onChange={field.onChange} error={errors.features?.message}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
              {planFeatures.map((feature) => (
                <Checkbox key={feature} value={feature} label={t(`plans.feature.${feature}`)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        )}
      />
      <Controller
        control={control}
        name="max_team_users"
        render={({ field }) => (
          <NumberInput
            label={t('plans.max_team_users')}
            description={t('plans.max_team_users_help')}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            value={field.value ?? ''}
            onChange={(value) => field.onChange(value === '' ? null : Number(value))}
            onBlur={field.onBlur}
            error={errors.max_team_users?.message}
          />
        )}
      />
      <Checkbox label={t('plans.is_default')} description={t('plans.is_default_help')} {...register('is_default')} />
    </FormModal>
  );
}
