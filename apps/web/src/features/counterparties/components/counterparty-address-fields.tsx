import type { ReactNode } from 'react';
import { Fieldset, Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countries, type CreateCounterpartyRequest } from '@app/contracts';

const countryOptions = countries.map((c) => ({ value: String(c.id), label: c.name }));

export type AddressPrefix = 'billing_address' | 'shipping_address';

interface Props {
  prefix: AddressPrefix;
  legend: string;
  register: UseFormRegister<CreateCounterpartyRequest>;
  control: Control<CreateCounterpartyRequest>;
  errors: FieldErrors<CreateCounterpartyRequest>;
  action?: ReactNode;
}

/** One address of a customer or vendor; 'Incomplete Address' shows on the fieldset. */
export function CounterpartyAddressFields({ prefix, legend, register, control, errors, action }: Props) {
  const { t } = useTranslation();
  const fieldErrors = errors[prefix];
  const label = (key: string) => t(`counterparties.address.${key}`);
  return (
    <Fieldset legend={legend} aria-describedby={fieldErrors?.message ? `${prefix}-error` : undefined}>
      {action}
      {fieldErrors?.message && (
        <div id={`${prefix}-error`} role="alert" style={{ color: 'var(--mantine-color-error)', marginBottom: 8 }}>
          {fieldErrors.message}
        </div>
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
