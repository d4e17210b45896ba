import {
  type Currency,
  countries,
  countryByCode,
  type ImportEntity,
  createCounterpartyRequestSchema,
  isStorableText,
  itemRequestSchema,
  messages,
} from '@app/contracts';
import type { z } from 'zod';
import { readMinorUnits } from './cell-values';

/** What a column holds, for proposing a mapping by content and for reading its cells. */
export type FieldKind = 'text' | 'email' | 'amount' | 'date';

export type ImportField = { name: string; label: string; required: boolean; description: string | null; kind: FieldKind; synonyms: readonly string[] };

/** One row read through the mapping: the values as they will be stored, each field's error, and the request to create it with. */
/** `group`: the rows that stand or fall together (an invoice's lines, by its number). */
export type CheckedRow<Payload> = { values: Record<string, string | null>; errors: Record<string, string>; payload: Payload | null; group?: string | undefined };

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

const PRICE_MESSAGES = { invalid: messages.invalidPrice, tooManyDigits: messages.priceTooManyDigits, tooLarge: messages.priceTooLarge };

const ITEM_FIELDS: readonly ImportField[] = [
  field('name', 'Name', 'text', ['item', 'item name', 'product', 'product name', 'service', 'title'], true),
  field('description', 'Description', 'text', ['details', 'notes']),
  field('price', 'Price', 'amount', ['unit price', 'rate', 'amount', 'cost', 'sale price'], true, 'In the business currency, for example 1250.00 or 1.250,00.'),
];

/** One row per invoice line; the rows of an invoice share its number, and its customer and dates are read from its first row. */
export const INVOICE_FIELDS: readonly ImportField[] = [
  field('invoice_number', 'Invoice number', 'text', ['number', 'invoice no', 'invoice #', 'invoice', 'invoice id', 'invoiceno'], true, 'Rows with the same number are the lines of one invoice.'),
  field('customer_email', 'Customer email', 'email', ['email', 'e-mail', 'client email', 'customer e-mail', 'billing email'], true, 'The email of one of your customers.'),
  field('invoice_date', 'Invoice date', 'date', ['date', 'issue date', 'issued', 'invoicedate'], true),
  field('due_date', 'Due date', 'date', ['due', 'payment due', 'due on', 'duedate']),
  field('item_name', 'Item', 'text', ['item name', 'product', 'service', 'product/service', 'line item']),
  field('description', 'Description', 'text', ['item description', 'line description', 'details']),
  field('quantity', 'Quantity', 'text', ['qty', 'units', 'item quantity'], false, 'Left empty: 1.'),
  field('price', 'Price', 'amount', ['unit price', 'rate', 'item rate', 'price each', 'total', 'amount'], true, "The line's unit price in the customer's currency (a file with one row per invoice: its total)."),
  field('discount', 'Discount', 'text', ['line discount', 'item discount', 'discount amount'], false, "An amount off the line in the customer's currency (5.00), or a percentage (10%)."),
  field('tax_name', 'Tax', 'text', ['tax', 'taxes', 'tax code', 'tax rate', 'item tax code'], false, 'The name of one of your taxes; several separated by semicolons (VAT; Eco levy).'),
  field('currency', 'Currency', 'text', ['currency code', 'curr', 'ccy'], false, "Checked against the customer's currency (USD, EUR); left empty: the customer's."),
];

/** One row per payment received, on one of the business's invoices. */
export const PAYMENT_FIELDS: readonly ImportField[] = [
  field('invoice_number', 'Invoice number', 'text', ['invoice', 'invoice no', 'number', 'invoice #'], true, 'The number of one of your finalized invoices.'),
  field('payment_date', 'Payment date', 'date', ['date', 'paid on', 'paid', 'payment received'], true),
  field('amount', 'Amount', 'amount', ['payment', 'paid amount', 'amount paid', 'total'], true, "In the invoice's currency."),
  field('payment_number', 'Payment number', 'text', ['payment no', 'payment #', 'receipt number', 'receipt no', 'reference', 'ref']),
  field('payment_mode', 'Payment mode', 'text', ['method', 'payment method', 'mode', 'paid by'], false, 'The name of one of your payment modes.'),
  field('notes', 'Notes', 'text', ['note', 'memo', 'comment']),
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

/** A schema's issues by the import's field: `paths` maps a request path (or its first part, for every path under it) to the field; the first issue of a field wins. */
export function issuesByField(error: z.ZodError, paths: Record<string, string> = {}): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.join('.');
    const head = String(issue.path[0] ?? 'row');
    const name = paths[path] ?? paths[head] ?? head;
    errors[name] ??= issue.message;
  }
  return errors;
}

/** Cells the database could not store are named before any schema reads them. */
export function unstorable(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => !isStorableText(value)).map(([name]) => [name, messages.unstorableText]));
}

export const blank = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

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
    const amount = readMinorUnits(typed, currency.precision, PRICE_MESSAGES);
    if (!amount.ok) errors.price = amount.message;
    else {
      price = amount.minor;
      shown.price = amount.shown;
    }
  }
  const parsed = itemRequestSchema.safeParse({ name: values.name ?? '', description: shown.description, price });
  if (!parsed.success) for (const [name, message] of Object.entries(issuesByField(parsed.error))) errors[name] ??= message;
  if (Object.keys(errors).length > 0 || !parsed.success) return { values: shown, errors, payload: null };
  return { values: shown, errors: {}, payload: parsed.data };
}
