import { Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

type SelectFieldProps<T extends FieldValues, O> = Omit<SelectProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'allowDeselect'> & {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  /** Replaces the schema's message for a missing choice; the server's own message still shows as sent. */
  requiredMessage?: string;
};

/** A Select bound to a react-hook-form string field; once chosen, a value cannot be cleared. */
export function SelectField<T extends FieldValues, O = T>({ control, name, requiredMessage, ...props }: SelectFieldProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState: { error } }) => (
        <Select
          {...props}
          allowDeselect={false}
          value={typeof field.value === 'string' && field.value !== '' ? field.value : null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          ref={field.ref}
          error={error && (requiredMessage && error.type !== 'server' ? requiredMessage : error.message)}
        />
      )}
    />
  );
}
