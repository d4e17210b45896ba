import { NativeSelect } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Currency, DECIMAL_PLACES } from '@app/contracts';
import { DecimalInput } from '../../../components/decimal-input';
import type { DocumentFormValues } from '../document-form-values';

interface DiscountInputProps {
  typeName: 'discount_type' | `items.${number}.discount_type`;
  valueName: 'discount' | `items.${number}.discount`;
  label: string;
  typeLabel: string;
  /** In the lines table the column header says what the field is; elsewhere the label shows. */
  hideLabel?: boolean;
  currency: Currency;
  error?: string;
}

/** A discount as a fixed amount of the document currency or a percentage, the kind chosen inside the field. */
export function DiscountInput({ typeName, valueName, label, typeLabel, hideLabel = false, currency, error }: DiscountInputProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<DocumentFormValues>();
  const type = useWatch({ control, name: typeName });
  const typeSelect = (
    <Controller
      control={control}
      name={typeName}
      render={({ field }) => (
        <NativeSelect
          aria-label={typeLabel}
          variant="unstyled"
          data={[
            { value: 'fixed', label: currency.symbol },
            { value: 'percentage', label: t('document_form.percent_sign') },
          ]}
          value={field.value}
          onChange={(event) => field.onChange(event.currentTarget.value === 'percentage' ? 'percentage' : 'fixed')}
          onBlur={field.onBlur}
          w={64}
          rightSectionWidth={20}
          styles={{ input: { paddingInlineStart: 8, paddingInlineEnd: 20, fontWeight: 500 } }}
        />
      )}
    />
  );
  return (
    <Controller
      control={control}
      name={valueName}
      render={({ field }) => (
        <DecimalInput
          label={hideLabel ? undefined : label}
          aria-label={hideLabel ? label : undefined}
          placeholder="0"
          separators={currency}
          decimals={type === 'percentage' ? DECIMAL_PLACES : currency.precision}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          error={error}
          rightSection={typeSelect}
          rightSectionWidth={68}
          rightSectionPointerEvents="all"
          miw={120}
        />
      )}
    />
  );
}
