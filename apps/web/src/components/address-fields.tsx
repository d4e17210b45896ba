import type { ReactNode } from 'react';
import { Fieldset, Select, SimpleGrid, TextInput } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { countries, type PostalAddressInput, type PostalAddressResource } from '@app/contracts';

const countryOptions = countries.map((c) => ({ value: String(c.id), label: c.name }));

export type AddressPrefix = 'billing_address' | 'shipping_address';

/** The part of a form these fields edit: a form holding both addresses, inside its FormProvider. */
export type AddressFormValues = { billing_address?: PostalAddressInput | null; shipping_address?: PostalAddressInput | null };

/** A stored address as the fields' values: every text blank rather than null, so each input starts controlled. */
export function addressFormValues(address: PostalAddressResource | null | undefined): PostalAddressInput {
  return {
    name: address?.name ?? '',
    phone: address?.phone ?? '',
    address_street_1: address?.address_street_1 ?? '',
    address_street_2: address?.address_street_2 ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    country_id: address?.country_id ?? null,
    zip: address?.zip ?? '',
  };
}

interface Props {
  prefix: AddressPrefix;
  legend: string;
  /** Where the field labels live in the translations, e.g. 'counterparties.address'. */
  labels: string;
  /** Read-only fields, e.g. a shipping address that follows the billing one. */
  disabled?: boolean;
  action?: ReactNode;
}

/** One postal address; 'Incomplete Address' shows on the fieldset. */
export function AddressFields({ prefix, legend, labels, disabled = false, action }: Props) {
  const { t } = useTranslation();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<AddressFormValues>();
  const fieldErrors = errors[prefix];
  const label = (key: string) => t(`${labels}.${key}`);
  return (
    <Fieldset legend={legend} disabled={disabled} aria-describedby={fieldErrors?.message ? `${prefix}-error` : undefined}>
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
              disabled={disabled}
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
