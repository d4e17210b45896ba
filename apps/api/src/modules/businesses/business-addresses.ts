import type { PostalAddressFields, PostalAddressResource, UpdateBusinessFields } from '@app/contracts';
import type { BusinessRow } from './businesses.repository';

export type StoredAddress = NonNullable<BusinessRow['billingAddress']>;

/** The request schema already refused unknown countries and incomplete addresses; an all-blank one is no address. */
function storedAddress(address: PostalAddressFields | null | undefined): StoredAddress | null {
  if (!address) return null;
  const stored: StoredAddress = {
    name: address.name || null,
    phone: address.phone || null,
    address_street_1: address.address_street_1 || null,
    address_street_2: address.address_street_2 || null,
    city: address.city || null,
    state: address.state || null,
    country_id: address.country_id ?? null,
    zip: address.zip || null,
  };
  return Object.values(stored).some((value) => value !== null) ? stored : null;
}

/** A stored address as answers carry it (a value of the wrong type reads as none). */
export function postalAddressOf(stored: Readonly<Record<string, unknown>> | null): PostalAddressResource | null {
  if (!stored) return null;
  const text = (key: keyof PostalAddressResource) => {
    const value = stored[key];
    return typeof value === 'string' ? value : null;
  };
  return {
    name: text('name'),
    phone: text('phone'),
    address_street_1: text('address_street_1'),
    address_street_2: text('address_street_2'),
    city: text('city'),
    state: text('state'),
    country_id: typeof stored.country_id === 'number' ? stored.country_id : null,
    zip: text('zip'),
  };
}

/** The stored form of the addresses a request sets (an address left out stays as it is). */
export function addressPatch(input: Pick<UpdateBusinessFields, 'billing_address' | 'shipping_address'>) {
  return {
    ...(input.billing_address !== undefined ? { billingAddress: storedAddress(input.billing_address) } : {}),
    ...(input.shipping_address !== undefined ? { shippingAddress: storedAddress(input.shipping_address) } : {}),
  };
}

