import { Fieldset, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countries, type AdminBusinessFormValues } from '@app/contracts';

const countryOptions = countries.map((c) => ({ value: String(c.id), label: c.name }));

type Prefix = 'billing_address' | 'shipping_address';

interface AddressFieldsProps {
  prefix: Prefix;
  legend: string;
  register: UseFormRegister<AdminBusinessFormValues>;
  control: Control<AdminBusinessFormValues>;
  errors: FieldErrors<AdminBusinessFormValues>;
}

/** One address (spec: name, phone, street 1 and 2, city, state, country, zip); 'Incomplete Address' shows on the fieldset. */
export function AddressFields({ prefix, legend, register, control, errors }: AddressFieldsProps) {
  const { t } = useTranslation();
  const fieldErrors = errors[prefix];
  const label = (key: string) => t(`admin_businesses.address.${key}`);
  return (
    <Fieldset legend={legend} aria-describedby={fieldErrors?.message ? `${prefix}-error` : undefined}>
      {fieldErrors?.message && (
        <Text id={`${prefix}-error`} role="alert" c="red" size="sm" mb="xs">
          {fieldErrors.message}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={label('name')} error={fieldErrors?.name?.message} {...register(`${prefix}.name`)} />
        <TextInput label={label('phone')} error={fieldErrors?.phone?.message} {...register(`${prefix}.phone`)} />
        <TextInput label={label('street_1')} error={fieldErrors?.address_street_1?.message} {...register(`${prefix}.address_street_1`)} />
        <TextInput label={label('street_2')} error={fieldErrors?.address_street_2?.message} {...register(`${prefix}.address_street_2`)} />
        <TextInput label={label('city')} error={fieldErrors?.city?.message} {...register(`${prefix}.city`)} />
        <TextInput label={label('state')} error={fieldErrors?.state?.message} {...register(`${prefix}.state`)} />
        <Controller
          control={control}
          name={`${prefix}.country_id`}
          render={({ field, fieldState }) => (
            <Select
              label={label('country')}
              data={countryOptions}
              searchable
              clearable
              value={field.value ? String(field.value) : null}
              onChange={(value) => field.onChange(value ? Number(value) : null)}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextInput label={label('zip')} error={fieldErrors?.zip?.message} {...register(`${prefix}.zip`)} />
      </SimpleGrid>
    </Fieldset>
  );
}
