import { Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { type Currency, currencies } from '@app/contracts';

/** How every currency list names a currency: 'EUR – Euro'. */
export function currencyOptions(list: readonly Currency[] = currencies): { value: string; label: string }[] {
  return list.map((currency) => ({ value: String(currency.id), label: `${currency.code} – ${currency.name}` }));
}

const allCurrencies = currencyOptions();

type CurrencySelectProps<T extends FieldValues, O> = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'allowDeselect' | 'searchable'> & {
  control: Control<T, unknown, O>;
  /** A field holding a currency id (a number). */
  name: FieldPath<T>;
};

/** A searchable choice among all currencies, bound to a form's currency id; once chosen it cannot be cleared. */
export function CurrencySelect<T extends FieldValues, O = T>({ control, name, ...props }: CurrencySelectProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...props}
          data={allCurrencies}
          searchable
          allowDeselect={false}
          value={typeof field.value === 'number' ? String(field.value) : null}
          onChange={(value) => field.onChange(value === null ? field.value : Number(value))}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
