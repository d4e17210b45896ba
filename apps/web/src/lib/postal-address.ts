import { type PostalAddressResource, countryById } from '@app/contracts';

/** An address as lines: street, 'city, state, zip', country and phone; none for no address. */
export function postalAddressLines(address: PostalAddressResource | null): string[] {
  if (!address) return [];
  const country = address.country_id ? countryById(address.country_id)?.name : null;
  const place = [address.city, address.state, address.zip].filter(Boolean).join(', ');
  return [address.address_street_1, address.address_street_2, place, country, address.phone].filter((line): line is string => Boolean(line));
}
