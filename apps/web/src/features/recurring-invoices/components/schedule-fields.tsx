import { Group, NativeSelect, Radio, Select, SimpleGrid, Stack, Switch, TextInput, Title } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { recurringFrequencies } from '@app/contracts';
import { cronFieldNames } from '@app/domain';
import { DateField } from '../../../components/date-field';
import { useBootstrap } from '../../../lib/session';
import type { RecurringFormValues } from '../recurring-form-values';

/** Form field of each cron field (the day of week is `week_day` in the API). */
const CRON_FIELDS = { minute: 'minute', hour: 'hour', day_of_month: 'day_of_month', month: 'month', day_of_week: 'week_day' } as const;

const SWITCHES = [
  { name: 'send_automatically', label: 'recurring_invoices.form.send_automatically', hint: 'recurring_invoices.form.send_automatically_hint' },
  { name: 'auto_pay_enabled', label: 'recurring_invoices.form.auto_pay', hint: 'recurring_invoices.form.auto_pay_hint' },
] as const;

/**
 * How often and until when: a preset (its day taken from the start date) or five custom cron
 * fields, the start date ('Create first invoice on'), the end, the time zone, and what happens
 * to each invoice made.
 */
export function ScheduleFields() {
  const { t } = useTranslation();
  const { control, register, formState } = useFormContext<RecurringFormValues>();
  const { errors } = formState;
  const zones = useBootstrap().time_zones;
  const [frequency, ends, zone] = useWatch({ control, name: ['repeat_interval', 'ends', 'timezone'] });
  const zoneOptions = zones.some((option) => option.value === zone) ? zones : [{ key: zone, value: zone }, ...zones];

  return (
    <Stack>
      <Title order={2} fz="h4">
        {t('recurring_invoices.form.schedule')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <NativeSelect
          label={t('recurring_invoices.form.frequency')}
          data={recurringFrequencies.map((value) => ({ value, label: t(`recurring_invoices.frequencies.${value}`) }))}
          error={errors.repeat_interval?.message}
          {...register('repeat_interval')}
        />
        <Controller
          control={control}
          name="start_date"
          render={({ field, fieldState }) => (
            <DateField
              label={t('recurring_invoices.form.start_date')}
              description={frequency === 'custom' ? undefined : t('recurring_invoices.form.anchored')}
              required
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="timezone"
          render={({ field, fieldState }) => (
            <Select
              label={t('recurring_invoices.form.time_zone')}
              searchable
              allowDeselect={false}
              data={zoneOptions.map((option) => ({ value: option.value, label: option.key }))}
              value={field.value}
              onChange={(value) => field.onChange(value ?? zone)}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      {frequency === 'custom' && (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} role="group" aria-label={t('recurring_invoices.form.custom')}>
          {cronFieldNames.map((name) => (
            <TextInput
              key={name}
              label={t(`recurring_invoices.form.cron.${name}`)}
              description={t(`recurring_invoices.form.cron_hint.${name}`)}
              required
              error={errors[CRON_FIELDS[name]]?.message}
              {...register(CRON_FIELDS[name])}
            />
          ))}
        </SimpleGrid>
      )}
      <Controller
        control={control}
        name="ends"
        render={({ field }) => (
          <Radio.Group label={t('recurring_invoices.form.ends')} value={field.value} onChange={field.onChange}>
            <Group mt="xs" align="flex-start">
              <Radio value="never" label={t('recurring_invoices.form.ends_never')} />
              <Radio value="date" label={t('recurring_invoices.form.ends_on')} />
              <Radio value="count" label={t('recurring_invoices.form.ends_after')} />
            </Group>
          </Radio.Group>
        )}
      />
      {ends === 'date' && (
        <Controller
          control={control}
          name="end_date"
          render={({ field, fieldState }) => (
            <DateField
              label={t('recurring_invoices.form.end_date')}
              required
              maw={240}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
      {ends === 'count' && (
        <TextInput type="number" inputMode="numeric" min={1} label={t('recurring_invoices.form.count')} required maw={240} error={errors.count?.message} {...register('count')} />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <TextInput
          type="number"
          inputMode="numeric"
          min={0}
          max={365}
          label={t('recurring_invoices.form.due_in_days')}
          description={t('recurring_invoices.form.due_in_days_hint')}
          error={errors.due_in_days?.message}
          {...register('due_in_days')}
        />
        <NativeSelect
          label={t('recurring_invoices.form.status')}
          data={[
            { value: 'active', label: t('recurring_invoices.status.active') },
            { value: 'on_hold', label: t('recurring_invoices.status.on_hold') },
          ]}
          {...register('status')}
        />
      </SimpleGrid>
      <Stack gap="xs">
        {SWITCHES.map(({ name, label, hint }) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <Switch label={t(label)} description={t(hint)} checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} onBlur={field.onBlur} />
            )}
          />
        ))}
      </Stack>
    </Stack>
  );
}
