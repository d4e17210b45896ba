import type { ReactNode } from 'react';
import { NumberInput, Paper, Radio, SimpleGrid, Stack, Switch, TextInput, Textarea, Title } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BusinessSettings, estimateConvertActions, retrospectiveEditOptions } from '@app/contracts';
import type { CustomizationValues } from './customization-form';

type Key<V> = { [K in keyof BusinessSettings]-?: NonNullable<BusinessSettings[K]> extends V ? K : never }[keyof BusinessSettings];

function SettingSwitch({ name, label }: { name: Key<boolean>; label: string }) {
  const { control } = useFormContext<CustomizationValues>();
  return (
    <Controller
      control={control}
      name={`settings.${name}`}
      render={({ field }) => <Switch label={label} checked={field.value === true} onChange={(event) => field.onChange(event.currentTarget.checked)} />}
    />
  );
}

function SettingDays({ name, label, disabled }: { name: Key<number>; label: string; disabled: boolean }) {
  const { control } = useFormContext<CustomizationValues>();
  return (
    <Controller
      control={control}
      name={`settings.${name}`}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          min={0}
          max={365}
          maw={220}
          allowDecimal={false}
          allowNegative={false}
          disabled={disabled}
          value={typeof field.value === 'number' ? field.value : ''}
          onChange={(value) => field.onChange(value === '' ? undefined : Number(value))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

function SettingText({ name, label, description, multiline = false }: { name: Key<string>; label: string; description?: string; multiline?: boolean }) {
  const { register, getFieldState, formState } = useFormContext<CustomizationValues>();
  const error = getFieldState(`settings.${name}`, formState).error?.message;
  return multiline ? (
    <Textarea label={label} description={description} rows={5} error={error} {...register(`settings.${name}`)} />
  ) : (
    <TextInput label={label} description={description} error={error} {...register(`settings.${name}`)} />
  );
}

function SettingChoice({ name, label, options }: { name: 'retrospective_edits' | 'estimate_convert_action'; label: string; options: readonly { value: string; label: string }[] }) {
  const { control } = useFormContext<CustomizationValues>();
  return (
    <Controller
      control={control}
      name={`settings.${name}`}
      render={({ field, fieldState }) => (
        <Radio.Group label={label} value={field.value ?? ''} onChange={field.onChange} error={fieldState.error?.message}>
          <Stack gap={6} mt={6}>
            {options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Stack>
        </Radio.Group>
      )}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

export const invoiceSettingKeys = [
  'invoice_set_due_date_automatically',
  'invoice_due_date_days',
  'invoice_email_subject',
  'invoice_email_body',
  'invoice_company_address_format',
  'invoice_billing_address_format',
  'invoice_shipping_address_format',
  'invoice_send_as_attachment',
  'retrospective_edits',
] as const satisfies readonly (keyof BusinessSettings)[];

export function InvoiceSettingsFields() {
  const { t } = useTranslation();
  const automatic = useFormContext<CustomizationValues>().watch('settings.invoice_set_due_date_automatically') === true;
  const placeholders = t('settings_customization.placeholders', { list: '{business} {customer} {number} {amount} {due_date} {link}', interpolation: { escapeValue: false } });
  return (
    <>
      <Section title={t('settings_customization.due_date')}>
        <SettingSwitch name="invoice_set_due_date_automatically" label={t('settings_customization.due_date_automatic')} />
        <SettingDays name="invoice_due_date_days" label={t('settings_customization.due_date_days')} disabled={!automatic} />
      </Section>
      <Section title={t('settings_customization.email')}>
        <SettingText name="invoice_email_subject" label={t('settings_customization.email_subject')} description={placeholders} />
        <SettingText name="invoice_email_body" label={t('settings_customization.email_body')} description={placeholders} multiline />
        <SettingSwitch name="invoice_send_as_attachment" label={t('settings_customization.send_as_attachment')} />
      </Section>
      <Section title={t('settings_customization.addresses')}>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <SettingText name="invoice_company_address_format" label={t('settings_customization.company_address')} multiline />
          <SettingText name="invoice_billing_address_format" label={t('settings_customization.billing_address')} multiline />
          <SettingText name="invoice_shipping_address_format" label={t('settings_customization.shipping_address')} multiline />
        </SimpleGrid>
      </Section>
      <Section title={t('settings_customization.retrospective_edits')}>
        <SettingChoice
          name="retrospective_edits"
          label={t('settings_customization.retrospective_edits_label')}
          options={retrospectiveEditOptions.map((option) => ({ value: option, label: t(`settings_customization.retrospective.${option}`) }))}
        />
      </Section>
    </>
  );
}

export const estimateSettingKeys = [
  'estimate_set_expiry_date_automatically',
  'estimate_expiry_date_days',
  'estimate_email_subject',
  'estimate_email_body',
  'estimate_convert_action',
] as const satisfies readonly (keyof BusinessSettings)[];

export function EstimateSettingsFields() {
  const { t } = useTranslation();
  const automatic = useFormContext<CustomizationValues>().watch('settings.estimate_set_expiry_date_automatically') === true;
  const placeholders = t('settings_customization.placeholders', { list: '{business} {customer} {number} {amount} {expiry_date} {link}', interpolation: { escapeValue: false } });
  return (
    <>
      <Section title={t('settings_customization.expiry_date')}>
        <SettingSwitch name="estimate_set_expiry_date_automatically" label={t('settings_customization.expiry_date_automatic')} />
        <SettingDays name="estimate_expiry_date_days" label={t('settings_customization.expiry_date_days')} disabled={!automatic} />
      </Section>
      <Section title={t('settings_customization.email')}>
        <SettingText name="estimate_email_subject" label={t('settings_customization.email_subject')} description={placeholders} />
        <SettingText name="estimate_email_body" label={t('settings_customization.email_body')} description={placeholders} multiline />
      </Section>
      <Section title={t('settings_customization.convert')}>
        <SettingChoice
          name="estimate_convert_action"
          label={t('settings_customization.convert_label')}
          options={estimateConvertActions.map((option) => ({ value: option, label: t(`settings_customization.convert_actions.${option}`) }))}
        />
      </Section>
    </>
  );
}
