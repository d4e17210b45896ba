import { useRef } from 'react';
import { Button, Menu, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Currency, PdfTemplate } from '@app/contracts';
import { addDays, dueDateOptions, isValidIsoDate } from '@app/domain';
import { DateField } from '../../../components/date-field';
import type { ServerOption } from '../../../components/server-select';
import type { DocumentKind } from '../../../lib/document-kinds';
import { CounterpartySelect } from '../../counterparties';
import type { DocumentFormValues } from '../document-form-values';

interface DocumentHeaderFieldsProps {
  kind: DocumentKind;
  currency: Currency;
  customer: ServerOption | null;
  templates: readonly PdfTemplate[];
  /** Days from the document date to the due (expiry) date when the business sets it automatically. */
  automaticDueDays: number | null;
}

/** Customer, number, dates, reference and template. */
export function DocumentHeaderFields({ kind, currency, customer, templates, automaticDueDays }: DocumentHeaderFieldsProps) {
  const { t } = useTranslation();
  const { control, register, getValues, setValue, formState } = useFormContext<DocumentFormValues>();
  const { errors } = formState;
  const dueLabel = t(`document_form.${kind}.due_date`);

  const setDueFrom = (date: string, days: number) => {
    if (isValidIsoDate(date)) setValue('due_date', addDays(date, days), { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  // The form has already stored the new date when the change handler runs.
  const lastDate = useRef(getValues('date'));
  // An automatic due date follows the document date unless the user set another one.
  const onDateChange = (next: string) => {
    const previous = lastDate.current;
    lastDate.current = next;
    if (automaticDueDays === null) return;
    const due = getValues('due_date');
    const followed = due === '' || (isValidIsoDate(previous) && due === addDays(previous, automaticDueDays));
    if (followed) setDueFrom(next, automaticDueDays);
  };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <Stack gap={4}>
        <Controller
          control={control}
          name="customer_id"
          render={({ field, fieldState }) => (
            <CounterpartySelect kind="customer" required value={field.value} selected={customer} onChange={(value) => field.onChange(value)} error={fieldState.error?.message} />
          )}
        />
        <Text size="xs" c="dimmed" aria-live="polite">
          {t('document_form.currency', { currency: `${currency.name} (${currency.code})` })}
        </Text>
      </Stack>
      <TextInput
        label={t(`document_form.${kind}.number`)}
        description={t('document_form.number_hint')}
        error={errors.number?.message}
        {...register('number')}
      />
      <Controller
        control={control}
        name="date"
        render={({ field, fieldState }) => (
          <DateField
            label={t(`document_form.${kind}.date`)}
            required
            value={field.value}
            onChange={(next) => {
              field.onChange(next);
              onDateChange(next);
            }}
            onBlur={field.onBlur}
            ref={field.ref}
            error={fieldState.error?.message}
          />
        )}
      />
      <Stack gap={4}>
        <Controller
          control={control}
          name="due_date"
          render={({ field, fieldState }) => (
            <DateField label={dueLabel} value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref} error={fieldState.error?.message} />
          )}
        />
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button variant="subtle" size="compact-xs" style={{ alignSelf: 'flex-start' }}>
              {t('document_form.quick_due', { field: dueLabel })}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {dueDateOptions.map((option) => (
              <Menu.Item key={option.key} onClick={() => setDueFrom(getValues('date'), option.days)}>
                {t(`document_form.due_options.${option.key}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Stack>
      {kind === 'estimate' && <TextInput label={t('document_form.reference_number')} error={errors.reference_number?.message} {...register('reference_number')} />}
      <Controller
        control={control}
        name="template_name"
        render={({ field, fieldState }) => (
          <Select
            label={t('document_form.template')}
            data={templates.map((template) => ({ value: template.name, label: template.label }))}
            value={field.value}
            onChange={field.onChange}
            allowDeselect={false}
            error={fieldState.error?.message}
          />
        )}
      />
    </SimpleGrid>
  );
}
