import { Group, Select, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@app/contracts';
import type { DocumentFormValues } from '../document-form-values';

interface DiscountInputProps {
  typeName: 'discount_type' | `items.${number}.discount_type`;
  valueName: 'discount' | `items.${number}.discount`;
  label: string;
  typeLabel: string;
  currency: Currency;
  error?: string;
}

/** A discount as a fixed amount of the document currency or a percentage. */
export function DiscountInput({ typeName, valueName, label, typeLabel, currency, error }: DiscountInputProps) {
  const { t } = useTranslation();
  const { control, register } = useFormContext<DocumentFormValues>();
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <TextInput aria-label={label} inputMode="decimal" placeholder="0" error={error} style={{ flex: 1, minWidth: 70 }} {...register(valueName)} />
      <Controller
        control={control}
        name={typeName}
        render={({ field }) => (
          <Select
            aria-label={typeLabel}
            w={76}
            allowDeselect={false}
            data={[
              { value: 'fixed', label: currency.symbol },
              { value: 'percentage', label: t('document_form.percent_sign') },
            ]}
            value={field.value}
            onChange={(value) => field.onChange(value === 'percentage' ? 'percentage' : 'fixed')}
          />
        )}
      />
    </Group>
  );
}
