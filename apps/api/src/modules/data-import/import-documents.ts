import {
  type Currency,
  type DocumentItemPayload,
  MAX_DOCUMENT_LINES,
  type PaymentPayload,
  currencyById,
  documentItemRequestSchema,
  formatMessage,
  invoiceRequestSchema,
  isoDateSchema,
  messages,
  paymentRequestSchema,
} from '@app/contracts';
import type { Tx } from '../../db/client';
import type { BusinessScope } from '../../platform/business-scope';
import type { CounterpartyService } from '../counterparties/counterparties.service';
import type { InvoiceService } from '../invoices/invoices.service';
import type { PaymentModeService } from '../payment-modes/payment-modes.service';
import type { PaymentService } from '../payments/payments.service';
import type { TaxTypeService } from '../tax-types/tax-types.service';
import { readDate, readMinorUnits } from './cell-values';
import type { MappedRow } from './import-file';
import { type CheckedRow, INVOICE_FIELDS, PAYMENT_FIELDS, type ImportField, blank, issuesByField, unstorable } from './import-fields';

/**
 * Invoices and payments from another tool. An invoice file has a row per line: the rows sharing an
 * invoice number are one invoice, whose customer (by email) and dates come from its first row; the
 * money engine prices it like every other invoice. A payment file has a row per payment received, on one of
 * the business's finalized invoices by number. Every name in a file (customer email, invoice
 * number, tax, payment mode) is looked up in the importing business only, so a file can never
 * reach another business's records.
 */

export type DocumentCollaborators = { counterparties: CounterpartyService; invoices: InvoiceService; payments: PaymentService; taxTypes: TaxTypeService; paymentModes: PaymentModeService };

type Customer = { id: string; currencyId: number };
type PayableInvoice = { id: string; customerId: string; currencyId: number; dueAmount: number };
export type InvoiceLookups = { customers: Map<string, Customer>; takenNumbers: Set<string>; taxes: Map<string, string> };
export type PaymentLookups = { invoices: Map<string, PayableInvoice>; takenNumbers: Set<string>; modes: Map<string, string> };

/** A valid line of an invoice file: the invoice it belongs to (from that invoice's first row) and the line. */
export type InvoiceLine = { number: string; customerId: string; invoiceDate: string; dueDate: string | null; line: DocumentItemPayload };

const PAYMENT_AMOUNT_MESSAGES = { invalid: messages.invalidAmount, tooManyDigits: messages.amountTooManyDigits, tooLarge: messages.amountTooLarge };
const PRICE_MESSAGES = { invalid: messages.invalidPrice, tooManyDigits: messages.priceTooManyDigits, tooLarge: messages.priceTooLarge };
/** The line's request paths that are not the import's field names. */
const LINE_PATHS: Record<string, string> = { name: 'item_name', taxes: 'tax_name', discount_type: 'discount' };
const PAYMENT_PATHS: Record<string, string> = { payment_method_id: 'payment_mode', invoice_id: 'invoice_number', customer_id: 'invoice_number' };
const DISCOUNT_MESSAGES = { invalid: messages.invalidDiscount, tooManyDigits: messages.invalidDiscount, tooLarge: messages.invalidDiscount };

/** A line's discount as typed: `10%` (or `10 %`) off, or an amount in the invoice's currency. */
function readDiscount(typed: string, precision: number): { ok: true; type: 'fixed' | 'percentage'; discount: string } | { ok: false; message: string } {
  const percent = /^(.*?)\s*%$/.exec(typed);
  if (percent) {
    const value = (percent[1] ?? '').replace(',', '.');
    return /^\d+(\.\d+)?$/.test(value) && Number(value) <= 100 ? { ok: true, type: 'percentage', discount: value } : { ok: false, message: messages.invalidDiscount };
  }
  const amount = readMinorUnits(typed, precision, DISCOUNT_MESSAGES);
  return amount.ok ? { ok: true, type: 'fixed', discount: String(amount.minor) } : { ok: false, message: amount.message };
}

const shownOf = (fields: readonly ImportField[], values: Record<string, string>) => Object.fromEntries(fields.map((entry) => [entry.name, blank(values[entry.name]?.trim())]));

function readDateOf(text: string): { ok: true; date: string } | { ok: false; message: string } {
  const date = readDate(text);
  const checked = isoDateSchema.safeParse(date);
  return checked.success ? { ok: true, date } : { ok: false, message: checked.error.issues[0]?.message ?? messages.required };
}

/**
 * The names a file uses, gathered in a first pass so only those are looked up; and the row where
 * each invoice number last appears, so an invoice is written as soon as its last line is read.
 */
export async function documentKeys(rows: AsyncIterable<MappedRow>): Promise<{ invoiceNumbers: string[]; emails: string[]; paymentNumbers: string[]; lastRows: Map<string, number> }> {
  const lastRows = new Map<string, number>();
  const emails = new Set<string>();
  const paymentNumbers = new Set<string>();
  for await (const { rowNumber, values } of rows) {
    const number = values.invoice_number?.trim();
    if (number) lastRows.set(number, rowNumber);
    const email = values.customer_email?.trim().toLowerCase();
    if (email) emails.add(email);
    const payment = values.payment_number?.trim();
    if (payment) paymentNumbers.add(payment);
  }
  return { invoiceNumbers: [...lastRows.keys()], emails: [...emails], paymentNumbers: [...paymentNumbers], lastRows };
}

export async function loadInvoiceLookups(tx: Tx, collaborators: DocumentCollaborators, scope: BusinessScope, keys: Awaited<ReturnType<typeof documentKeys>>): Promise<InvoiceLookups> {
  return {
    customers: await collaborators.counterparties.activeByEmailInTx(tx, { ...scope, kind: 'customer' }, keys.emails),
    takenNumbers: await collaborators.invoices.takenNumbersInTx(tx, scope, keys.invoiceNumbers),
    taxes: await collaborators.taxTypes.idsByNameInTx(tx, scope),
  };
}

export async function loadPaymentLookups(tx: Tx, collaborators: DocumentCollaborators, scope: BusinessScope, keys: Awaited<ReturnType<typeof documentKeys>>): Promise<PaymentLookups> {
  return {
    invoices: await collaborators.invoices.payableByNumberInTx(tx, scope, keys.invoiceNumbers),
    takenNumbers: await collaborators.payments.takenNumbersInTx(tx, scope, keys.paymentNumbers),
    modes: await collaborators.paymentModes.idsByNameInTx(tx, scope),
  };
}

type InvoiceHead = { email: string | null; customer: Customer | null; invoiceDate: string | null; dueDate: string | null; lines: number };

/**
 * Checks the rows of an invoice file one after another. The first row of a number carries the
 * invoice's customer and dates (required there); a later row may repeat them or leave them empty,
 * and one that differs is an error, so a file is never read two ways.
 */
export function invoiceLineChecker(lookups: InvoiceLookups, business: Currency): (values: Record<string, string>) => CheckedRow<InvoiceLine> {
  const heads = new Map<string, InvoiceHead>();
  return (values) => {
    const shown = shownOf(INVOICE_FIELDS, values);
    const errors = unstorable(values);
    const number = shown.invoice_number ?? null;
    if (!number) errors.invoice_number ??= messages.required;
    else if (lookups.takenNumbers.has(number)) errors.invoice_number ??= messages.invoiceNumberTaken;
    const first = number ? heads.get(number) : undefined;

    const email = shown.customer_email?.toLowerCase() ?? null;
    const dates: Record<'invoice_date' | 'due_date', string | null> = { invoice_date: null, due_date: null };
    for (const name of ['invoice_date', 'due_date'] as const) {
      const typed = shown[name];
      if (!typed || errors[name]) continue;
      const read = readDateOf(typed);
      if (read.ok) dates[name] = shown[name] = read.date;
      else errors[name] = read.message;
    }
    let head: InvoiceHead;
    if (first) {
      head = first;
      if (email && email !== first.email) errors.customer_email ??= messages.importDiffersFromInvoice;
      if (dates.invoice_date && dates.invoice_date !== first.invoiceDate) errors.invoice_date ??= messages.importDiffersFromInvoice;
      if (dates.due_date && dates.due_date !== first.dueDate) errors.due_date ??= messages.importDiffersFromInvoice;
    } else {
      const customer = email ? (lookups.customers.get(email) ?? null) : null;
      if (!email) errors.customer_email ??= messages.required;
      else if (!customer) errors.customer_email ??= messages.importCustomerNotFound;
      if (!shown.invoice_date) errors.invoice_date ??= messages.required;
      if (dates.invoice_date && dates.due_date && dates.due_date < dates.invoice_date) errors.due_date ??= messages.dueBeforeInvoiceDate;
      head = { email, customer, invoiceDate: dates.invoice_date, dueDate: dates.due_date, lines: 0 };
      if (number) heads.set(number, head);
    }
    head.lines += 1;
    if (head.lines > MAX_DOCUMENT_LINES) errors.invoice_number ??= formatMessage(messages.tooManyDocumentLines, { max: String(MAX_DOCUMENT_LINES) });

    const currency = (head.customer ? currencyById(head.customer.currencyId) : undefined) ?? business;
    // Amounts are read in the customer's currency: a file that says otherwise is refused, not converted.
    if (shown.currency && head.customer && shown.currency.toUpperCase() !== currency.code) errors.currency ??= formatMessage(messages.importCurrencyNotCustomers, { currency: currency.code });
    let price: number | string = '';
    if (!shown.price) errors.price ??= messages.required;
    else if (!errors.price) {
      const amount = readMinorUnits(shown.price, currency.precision, PRICE_MESSAGES);
      if (amount.ok) {
        price = amount.minor;
        shown.price = amount.shown;
      } else errors.price = amount.message;
    }
    const taxNames = (shown.tax_name ?? '').split(';').map((name) => name.trim()).filter((name) => name !== '');
    const taxTypeIds = taxNames.flatMap((name) => lookups.taxes.get(name.toLowerCase()) ?? []);
    if (taxTypeIds.length < taxNames.length) errors.tax_name ??= messages.importTaxNotFound;
    let discount: { type: 'fixed' | 'percentage'; discount: string } = { type: 'fixed', discount: '0' };
    if (shown.discount && !errors.discount) {
      const read = readDiscount(shown.discount, currency.precision);
      if (read.ok) discount = read;
      else errors.discount = read.message;
    }
    const line = documentItemRequestSchema.safeParse({
      name: shown.item_name ?? messages.importedLineName,
      description: shown.description,
      quantity: shown.quantity ?? '1',
      price,
      discount_type: discount.type,
      discount: discount.discount,
      taxes: taxTypeIds.map((id) => ({ tax_type_id: id })),
    });
    if (!line.success) for (const [name, message] of Object.entries(issuesByField(line.error, LINE_PATHS))) errors[name] ??= message;
    const group = number ?? undefined;
    if (Object.keys(errors).length > 0 || !line.success || !number || !head.customer || !head.invoiceDate) return { values: shown, errors, payload: null, group };
    return { values: shown, errors: {}, payload: { number, customerId: head.customer.id, invoiceDate: head.invoiceDate, dueDate: head.dueDate, line: line.data }, group };
  };
}

/** The request of one invoice of the file, priced by the invoice service like every other. */
export function invoiceRequestOf(lines: readonly InvoiceLine[]) {
  const [first] = lines;
  if (!first) throw new Error('An imported invoice needs a line');
  return invoiceRequestSchema.parse({
    customer_id: first.customerId,
    invoice_number: first.number,
    invoice_date: first.invoiceDate,
    due_date: first.dueDate,
    tax_per_item_enabled: lines.some((entry) => entry.line.taxes.length > 0),
    discount_per_item_enabled: lines.some((entry) => /[1-9]/.test(entry.line.discount)),
    items: lines.map((entry) => entry.line),
  });
}

/**
 * Checks the rows of a payment file one after another: each on an invoice of the business by its
 * number, in that invoice's currency, never more than what the rows before left due on it.
 */
export function paymentChecker(lookups: PaymentLookups, business: Currency): (values: Record<string, string>) => CheckedRow<PaymentPayload> {
  const dueLeft = new Map<string, number>();
  const numbersInFile = new Set<string>();
  return (values) => {
    const shown = shownOf(PAYMENT_FIELDS, values);
    const errors = unstorable(values);
    const invoice = shown.invoice_number ? lookups.invoices.get(shown.invoice_number) : undefined;
    if (!shown.invoice_number) errors.invoice_number ??= messages.required;
    else if (!invoice) errors.invoice_number ??= messages.importInvoiceNotFound;
    if (!shown.payment_date) errors.payment_date ??= messages.required;
    else if (!errors.payment_date) {
      const read = readDateOf(shown.payment_date);
      if (read.ok) shown.payment_date = read.date;
      else errors.payment_date = read.message;
    }
    let amount = 0;
    const left = invoice ? (dueLeft.get(invoice.id) ?? invoice.dueAmount) : 0;
    if (!shown.amount) errors.amount ??= messages.required;
    else if (!errors.amount) {
      const currency = (invoice ? currencyById(invoice.currencyId) : undefined) ?? business;
      const read = readMinorUnits(shown.amount, currency.precision, PAYMENT_AMOUNT_MESSAGES);
      if (!read.ok) errors.amount = read.message;
      else {
        amount = read.minor;
        shown.amount = read.shown;
        if (invoice && amount > left) errors.amount = messages.paymentExceedsDue;
      }
    }
    const number = shown.payment_number;
    if (number && lookups.takenNumbers.has(number)) errors.payment_number ??= messages.paymentNumberTaken;
    else if (number && numbersInFile.has(number)) errors.payment_number ??= messages.importDuplicateInFile;
    const modeId = shown.payment_mode ? lookups.modes.get(shown.payment_mode.toLowerCase()) : undefined;
    if (shown.payment_mode && !modeId) errors.payment_mode ??= messages.importPaymentModeNotFound;
    if (Object.keys(errors).length > 0 || !invoice) return { values: shown, errors, payload: null };
    const parsed = paymentRequestSchema.safeParse({
      direction: 'received',
      customer_id: invoice.customerId,
      invoice_id: invoice.id,
      payment_number: number,
      payment_date: shown.payment_date,
      amount,
      payment_method_id: modeId ?? null,
      notes: shown.notes,
    });
    if (!parsed.success) return { values: shown, errors: issuesByField(parsed.error, PAYMENT_PATHS), payload: null };
    dueLeft.set(invoice.id, left - amount);
    if (number) numbersInFile.add(number);
    return { values: shown, errors: {}, payload: parsed.data };
  };
}
