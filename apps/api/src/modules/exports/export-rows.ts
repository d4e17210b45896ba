import {
  type CounterpartyResource,
  type EstimateListItem,
  type InvoiceListItem,
  type ItemResource,
  type LoanResource,
  type PaymentResource,
  type RecurringInvoiceListItem,
  currencyById,
  currencyByCode,
  minorUnitsToDecimal,
} from '@app/contracts';
import type { SheetCell } from '../../platform/spreadsheet/sheet-writer';

/** One exported record: field name → cell, for the fields of its export type (contracts' `exportFields`). */
export type ExportRow = Readonly<Record<string, SheetCell>>;

/** Minor units as a number in major units of the currency (2 decimals for USD, 0 for JPY...). */
function major(minor: number, precision: number): number {
  return Number(minorUnitsToDecimal(minor, precision));
}

function money(currencyId: number) {
  const currency = currencyById(currencyId);
  const precision = currency?.precision ?? 2;
  return { code: currency?.code ?? null, amount: (minor: number) => major(minor, precision) };
}

/** The calendar day of an ISO instant or date (the file's dates are days). */
function day(value: string | null): string | null {
  return value ? value.slice(0, 10) : null;
}

export function counterpartyRow(record: CounterpartyResource): ExportRow {
  const due = money(record.amount_due_currency_id);
  return {
    name: record.name,
    display_name: record.display_name,
    contact_first_name: record.contact_first_name,
    contact_last_name: record.contact_last_name,
    email: record.email,
    phone: record.phone,
    website: record.website,
    status: record.status,
    amount_due: due.amount(record.amount_due),
    currency: due.code,
    created_at: day(record.created_at),
  };
}

/** Items are priced in the business currency, which the item itself does not carry. */
export function itemRow(record: ItemResource, businessCurrencyId: number): ExportRow {
  const price = money(businessCurrencyId);
  return {
    name: record.name,
    description: record.description,
    price: price.amount(record.price),
    currency: price.code,
    unit: record.unit?.name ?? null,
    taxes: record.taxes.map((tax) => tax.name).join(', '),
    created_at: day(record.created_at),
  };
}

export function invoiceRow(record: InvoiceListItem): ExportRow {
  const cur = money(record.currency_id);
  return {
    invoice_number: record.invoice_number,
    invoice_date: day(record.invoice_date),
    due_date: day(record.due_date),
    customer: record.customer.name,
    customer_email: record.customer.email,
    status: record.display_status,
    paid_status: record.paid_status,
    sub_total: cur.amount(record.sub_total),
    tax: cur.amount(record.tax),
    total: cur.amount(record.total),
    amount_paid: cur.amount(record.amount_paid),
    due_amount: cur.amount(record.due_amount),
    currency: cur.code,
    exchange_rate: record.exchange_rate === null ? null : Number(record.exchange_rate),
    notes: record.notes,
  };
}

export function estimateRow(record: EstimateListItem): ExportRow {
  const cur = money(record.currency_id);
  return {
    estimate_number: record.estimate_number,
    reference_number: record.reference_number,
    estimate_date: day(record.estimate_date),
    expiry_date: day(record.expiry_date),
    customer: record.customer.name,
    status: record.status,
    sub_total: cur.amount(record.sub_total),
    tax: cur.amount(record.tax),
    total: cur.amount(record.total),
    currency: cur.code,
    notes: record.notes,
  };
}

export function paymentRow(record: PaymentResource): ExportRow {
  const cur = money(record.currency_id);
  return {
    payment_number: record.payment_number,
    payment_date: day(record.payment_date),
    counterparty: record.counterparty.name,
    invoice_number: record.invoice?.invoice_number ?? null,
    mode: record.mode?.name ?? null,
    status: record.status,
    amount: cur.amount(record.amount),
    refunded_amount: cur.amount(record.refunded_amount),
    currency: cur.code,
    notes: record.notes,
  };
}

export function recurringRow(record: RecurringInvoiceListItem): ExportRow {
  const cur = money(record.currency_id);
  return {
    number: record.number,
    customer: record.customer.name,
    status: record.status,
    repeat_interval: record.repeat_interval,
    start_date: day(record.start_date),
    next_invoice_date: day(record.next_invoice_date),
    total: cur.amount(record.total),
    currency: cur.code,
  };
}

export function loanRow(record: LoanResource): ExportRow {
  const precision = currencyByCode(record.currency_code)?.precision ?? 2;
  return {
    invoice_number: record.invoice.invoice_number,
    counterparty: record.invoice.counterparty_name,
    product: record.product,
    status: record.status,
    principal_amount: major(record.principal_amount, precision),
    fee_amount: major(record.fee_amount, precision),
    total_balance: major(record.total_balance, precision),
    currency: record.currency_code,
    funded_at: day(record.funded_at),
    due_date: day(record.due_date),
  };
}
