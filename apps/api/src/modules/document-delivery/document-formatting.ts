import { countryById } from '@app/contracts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-20' → '20 Nov 2026', the one date style of PDFs and mails. */
export function formatDocumentDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  const name = MONTHS[Number(month) - 1];
  if (!year || !day || !name) throw new RangeError(`Expected a YYYY-MM-DD date, got '${isoDate}'`);
  return `${day} ${name} ${year}`;
}

/** Replaces the known `{key}` placeholders; unknown ones stay as typed. */
export function fillPlaceholders(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** An address as stored on businesses and customers (every part optional). */
export type AddressParts = {
  name?: unknown;
  address_street_1?: unknown;
  address_street_2?: unknown;
  city?: unknown;
  state?: unknown;
  zip?: unknown;
  country_id?: unknown;
  phone?: unknown;
};

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/**
 * Fills an address format ('{name}\n{address_street_1}\n{city}, {state} {zip}\n{country}') and
 * drops what an unfilled part leaves behind: empty lines and dangling separators (', ').
 */
export function formatAddress(format: string, address: AddressParts | null | undefined): string[] {
  if (!address) return [];
  const countryId = typeof address.country_id === 'number' ? address.country_id : Number(text(address.country_id));
  const values: Record<string, string> = {
    name: text(address.name),
    address_street_1: text(address.address_street_1),
    address_street_2: text(address.address_street_2),
    city: text(address.city),
    state: text(address.state),
    zip: text(address.zip),
    country: (Number.isInteger(countryId) && countryById(countryId)?.name) || '',
    phone: text(address.phone),
  };
  return fillPlaceholders(format, values)
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(/\s+/g, ' ')
        .replace(/\s+,/g, ',')
        .replace(/,(\s*,)+/g, ',')
        .replace(/^[\s,]+|[\s,]+$/g, ''),
    )
    .filter((line) => line !== '');
}
