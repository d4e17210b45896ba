import {
  type Currency,
  countries,
  countryByCode,
  type ImportEntity,
  createCounterpartyRequestSchema,
  decimalToMinorUnits,
  digitsWithinSafeRange,
  emailSchema,
  isStorableText,
  isoDateSchema,
  itemRequestSchema,
  messages,
} from '@app/contracts';
import type { z } from 'zod';
import { readAmount, readDate } from './cell-values';

/** What a column holds, for proposing a mapping by content and for reading its cells. */
export type FieldKind = 'text' | 'email' | 'amount' | 'date';

export type ImportField = { name: string; label: string; required: boolean; description: string | null; kind: FieldKind; synonyms: readonly string[] };

/** One row read through the mapping: the values as they will be stored, each field's error, and the request to create it with. */
export type CheckedRow<Payload> = { values: Record<string, string | null>; errors: Record<string, string>; payload: Payload | null };

export type CounterpartyPayload = z.output<typeof createCounterpartyRequestSchema>;
export type ItemPayload = z.output<typeof itemRequestSchema>;

const field = (name: string, label: string, kind: FieldKind, synonyms: readonly string[], required = false, description: string | null = null): ImportField => ({ name, label, required, description, kind, synonyms });

const COUNTERPARTY_FIELDS: readonly ImportField[] = [
  field('name', 'Name', 'text', ['company', 'company name', 'client', 'client name', 'customer', 'customer name', 'vendor', 'vendor name', 'supplier', 'business name', 'organization'], true),
  field('display_name', 'Display name', 'text', ['display', 'trading name']),
  field('email', 'Email', 'email', ['e-mail', 'email address', 'mail', 'e-mail address']),
  field('phone', 'Phone', 'text', ['telephone', 'phone number', 'tel', 'mobile']),
  field('website', 'Website', 'text', ['web', 'url', 'site', 'homepage']),
  field('contact_first_name', 'Contact first name', 'text', ['first name', 'given name', 'contact first']),
  field('contact_last_name', 'Contact last name', 'text', ['last name', 'surname', 'family name', 'contact last']),
  field('billing_street', 'Billing street', 'text', ['street', 'address', 'address line 1', 'billing address']),
  field('billing_city', 'Billing city', 'text', ['city', 'town']),
  field('billing_state', 'Billing state', 'text', ['state', 'region', 'province', 'county']),
  field('billing_zip', 'Billing postal code', 'text', ['zip', 'postal code', 'postcode', 'zip code']),
  field('billing_country', 'Billing country', 'text', ['country', 'country code'], false, 'The country\'s name or its two-letter code (GB, US).'),
];

const ITEM_FIELDS: readonly ImportField[] = [
  field('name', 'Name', 'text', ['item', 'item name', 'product', 'product name', 'service', 'title'], true),
  field('description', 'Description', 'text', ['details', 'notes']),
  field('price', 'Price', 'amount', ['unit price', 'rate', 'amount', 'cost', 'sale price'], true, 'In the business currency, for example 1250.00 or 1.250,00.'),
];

const INVOICE_FIELDS: readonly ImportField[] = [
  field('invoice_number', 'Invoice number', 'text', ['number', 'invoice no', 'invoice #', 'invoice'], true),
  field('customer_email', 'Customer email', 'email', ['email', 'e-mail', 'client email'], true),
  field('invoice_date', 'Invoice date', 'date', ['date', 'issue date', 'issued'], true),
  field('due_date', 'Due date', 'date', ['due', 'payment due']),
  field('total', 'Total', 'amount', ['amount', 'invoice total', 'grand total'], true),
];

const PAYMENT_FIELDS: readonly ImportField[] = [
  field('invoice_number', 'Invoice number', 'text', ['invoice', 'invoice no', 'number'], true),
  field('payment_date', 'Payment date', 'date', ['date', 'paid on', 'paid'], true),
  field('amount', 'Amount', 'amount', ['payment', 'paid amount', 'total'], true),
];

export const IMPORT_FIELDS: Record<ImportEntity, readonly ImportField[]> = {
  customers: COUNTERPARTY_FIELDS,
  vendors: COUNTERPARTY_FIELDS,
  items: ITEM_FIELDS,
  invoices: INVOICE_FIELDS,
  payments: PAYMENT_FIELDS,
};

/** The request's field paths that are not the import's field names. */
const COUNTERPARTY_PATHS: Record<string, string> = {
  'billing_address.address_street_1': 'billing_street',
  'billing_address.city': 'billing_city',
  'billing_address.state': 'billing_state',
  'billing_address.zip': 'billing_zip',
  'billing_address.country_id': 'billing_country',
  // An address with some parts but not street, city and country is refused as a whole.
  billing_address: 'billing_street',
};

/** A country by its two-letter code or its English name; 0 (no country) for anything else, which the address schema refuses. */
function countryIdOf(text: string | null): number | null {
  if (text === null) return null;
  const found = countryByCode(text.toUpperCase()) ?? countries.find((country) => country.name.toLowerCase() === text.toLowerCase());
  return found?.id ?? 0;
}

function issuesByField(error: z.ZodError, paths: Record<string, string> = {}): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    const name = paths[path] ?? String(issue.path[0] ?? 'row');
    errors[name] ??= issue.message;
  }
  return errors;
}

/** Cells the database could not store are named before any schema reads them. */
function unstorable(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => !isStorableText(value)).map(([name]) => [name, messages.unstorableText]));
}

const blank = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

/** A customer or vendor through the counterparties' own request schema, in the business currency. */
export function checkCounterparty(values: Record<string, string>, currency: Currency): CheckedRow<CounterpartyPayload> {
  const shown = Object.fromEntries(COUNTERPARTY_FIELDS.map((entry) => [entry.name, blank(values[entry.name])]));
  const broken = unstorable(values);
  if (Object.keys(broken).length > 0) return { values: shown, errors: broken, payload: null };
  const address = { address_street_1: shown.billing_street, city: shown.billing_city, state: shown.billing_state, zip: shown.billing_zip, country_id: countryIdOf(shown.billing_country ?? null) };
  const parsed = createCounterpartyRequestSchema.safeParse({
    name: values.name ?? '',
    display_name: shown.display_name,
    email: shown.email,
    phone: shown.phone,
    website: shown.website,
    contact_first_name: shown.contact_first_name,
    contact_last_name: shown.contact_last_name,
    currency_id: currency.id,
    billing_address: Object.values(address).some((value) => value !== null) ? address : null,
  });
  if (!parsed.success) return { values: shown, errors: issuesByField(parsed.error, COUNTERPARTY_PATHS), payload: null };
  return { values: { ...shown, email: parsed.data.email ?? null }, errors: {}, payload: parsed.data };
}

/** An item through the items' request schema; the price typed as a decimal of the business currency. */
export function checkItem(values: Record<string, string>, currency: Currency): CheckedRow<ItemPayload> {
  const shown = Object.fromEntries(ITEM_FIELDS.map((entry) => [entry.name, blank(values[entry.name])]));
  const errors = unstorable(values);
  let price: number | string = '';
  const typed = values.price ?? '';
  if (typed !== '' && !errors.price) {
    const amount = readAmount(typed);
    const minor = amount.ok ? decimalToMinorUnits(amount.value, currency.precision) : null;
    if (!amount.ok) errors.price = amount.message;
    else if (!minor?.ok) errors.price = minor?.reason === 'too_many_digits' ? messages.priceTooManyDigits : messages.invalidPrice;
    else if (!digitsWithinSafeRange(minor.minor)) errors.price = messages.priceTooLarge;
    else {
      price = Number(minor.minor);
      shown.price = amount.value;
    }
  }
  const parsed = itemRequestSchema.safeParse({ name: values.name ?? '', description: shown.description, price });
  if (!parsed.success) for (const [name, message] of Object.entries(issuesByField(parsed.error))) errors[name] ??= message;
  if (Object.keys(errors).length > 0 || !parsed.success) return { values: shown, errors, payload: null };
  return { values: shown, errors: {}, payload: parsed.data };
}

/**
 * Invoices and payments are checked field by field (dates, amounts, emails) so the preview shows
 * their errors; they are not written yet (the run refuses them).
 */
export function checkDocumentRow(entity: 'invoices' | 'payments', values: Record<string, string>): CheckedRow<never> {
  const fields = IMPORT_FIELDS[entity];
  const shown = Object.fromEntries(fields.map((entry) => [entry.name, blank(values[entry.name])]));
  const errors = unstorable(values);
  for (const entry of fields) {
    const value = values[entry.name] ?? '';
    if (errors[entry.name]) continue;
    if (value === '') {
      if (entry.required) errors[entry.name] = messages.required;
      continue;
    }
    if (entry.kind === 'date') {
      const date = readDate(value);
      const checked = isoDateSchema.safeParse(date);
      if (checked.success) shown[entry.name] = date;
      else errors[entry.name] = checked.error.issues[0]?.message ?? messages.required;
    } else if (entry.kind === 'amount') {
      const amount = readAmount(value);
      if (amount.ok) shown[entry.name] = amount.value;
      else errors[entry.name] = amount.message;
    } else if (entry.kind === 'email') {
      const checked = emailSchema.safeParse(value);
      if (!checked.success) errors[entry.name] = checked.error.issues[0]?.message ?? messages.required;
    }
  }
  return { values: shown, errors, payload: null };
}
