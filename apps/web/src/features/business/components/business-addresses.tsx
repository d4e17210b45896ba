import { Button, Group, Switch } from '@mantine/core';
import { Controller, type Resolver, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PostalAddressInput, PostalAddressResource } from '@app/contracts';
import { AddressFields } from '../../../components/address-fields';

const ADDRESS_FIELDS = ['address_street_1', 'address_street_2', 'city', 'state', 'country_id', 'zip', 'name', 'phone'] as const;

/** Where a server refusal of an address can land: the address itself or one of its fields. */
export const ADDRESS_ERROR_FIELDS = [
  'billing_address',
  'shipping_address',
  ...ADDRESS_FIELDS.map((field) => `billing_address.${field}` as const),
  ...ADDRESS_FIELDS.map((field) => `shipping_address.${field}` as const),
] as const;

export function sameAddress(a: PostalAddressResource | null, b: PostalAddressResource | null): boolean {
  return a !== null && b !== null && ADDRESS_FIELDS.every((field) => a[field] === b[field]);
}

type WithAddresses = { billing_address?: PostalAddressInput | null; shipping_address?: PostalAddressInput | null; shipping_same_as_billing: boolean };

/**
 * While the shipping address follows the billing one its own (hidden) fields are kept for when the
 * switch is turned off again, but what is checked and sent is the billing address.
 */
export function followingBilling<Values extends WithAddresses, Output>(check: Resolver<Values, unknown, Output>): Resolver<Values, unknown, Output> {
  return (values, context, options) => check(values.shipping_same_as_billing ? { ...values, shipping_address: values.billing_address } : values, context, options);
}

/** The business's billing address, the "same as billing" switch and, when it is off, the shipping address; inside the form's FormProvider. */
export function BusinessAddressesFields() {
  const { t } = useTranslation();
  const { control } = useFormContext<WithAddresses>();
  const follows = useWatch({ control, name: 'shipping_same_as_billing' });
  const label = (key: string) => t(`business_info.${key}`);
  return (
    <>
      <AddressFields prefix="billing_address" legend={label('billing_address')} labels="business_info.address" />
      <Controller
        control={control}
        name="shipping_same_as_billing"
        render={({ field }) => <Switch label={label('same_as_billing')} checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} onBlur={field.onBlur} />}
      />
      {!follows && <AddressFields prefix="shipping_address" legend={label('shipping_address')} labels="business_info.address" />}
    </>
  );
}

/** The two buttons under the business's forms: throw the edits away, or save them. */
export function DiscardOrSave({ dirty, submitting, onDiscard }: { dirty: boolean; submitting: boolean; onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" disabled={!dirty || submitting} onClick={onDiscard}>
        {t('business_info.discard')}
      </Button>
      <Button type="submit" loading={submitting} disabled={!dirty}>
        {t('common.save')}
      </Button>
    </Group>
  );
}
