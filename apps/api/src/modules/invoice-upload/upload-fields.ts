import { type Currency, decimalToMinorUnits, digitsWithinSafeRange, emailSchema, isStorableText, isoDateSchema, messages, uuidSchema } from '@app/contracts';
import { minimumTotal, totalTooSmallMessage } from '@app/domain';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { SheetRow, UploadColumn } from './sheet-rows';

export type UploadFields = Partial<Record<UploadColumn, string>>;

/** An existing customer of the business, or a draft one to find by email or create. */
export type UploadCustomer = { id: string } | { name: string; email: string };
/** `total` is the decimal text as typed: the invoice service reads it in the customer's currency. */
export type CheckedInvoice = { customer: UploadCustomer; invoice_number: string | null; invoice_date: string; due_date: string | null; total: string };

type Check = { invoice: CheckedInvoice } | { errors: Record<string, string> };

function firstIssue(result: z.ZodSafeParseResult<unknown>): string | null {
  return result.success ? null : (result.error.issues[0]?.message ?? messages.required);
}

function checkTotal(text: string, currency: Currency): number | string {
  if (text === '') return messages.required;
  const parsed = decimalToMinorUnits(text, currency.precision);
  if (!parsed.ok) return parsed.reason === 'too_many_digits' ? messages.amountTooLarge : messages.invalidTotal;
  if (!digitsWithinSafeRange(parsed.minor)) return messages.amountTooLarge;
  const minor = Number(parsed.minor);
  return minor < minimumTotal(currency.precision) ? totalTooSmallMessage(currency) : minor;
}

function checkCustomer(values: UploadFields, errors: Record<string, string>): UploadCustomer | null {
  const id = values.customer_id ?? '';
  if (id !== '') {
    if (uuidSchema.safeParse(id).success) return { id };
    errors.customer_id = messages.invalidCustomer;
    return null;
  }
  const name = values.customer_name ?? '';
  const email = values.customer_email ?? '';
  if (name.length < 3) errors.customer_name = messages.draftCustomerNameInvalid;
  else if (name.length > 255) errors.customer_name = messages.maxLength255;
  const emailProblem = email === '' ? messages.draftCustomerEmailRequired : firstIssue(emailSchema.safeParse(email));
  if (emailProblem) errors.customer_email = emailProblem;
  return errors.customer_name || errors.customer_email ? null : { name, email: email.toLowerCase() };
}

/** The fields of one uploaded invoice (a form or a spreadsheet row), amounts in `currency`. */
export function checkInvoiceFields(raw: UploadFields, currency: Currency): Check {
  const values = Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, value.trim()])) as UploadFields;
  const errors: Record<string, string> = {};
  // A cell or form field the database could not store (NUL, unpaired surrogates) is named, not stored.
  for (const [field, value] of Object.entries(values)) if (!isStorableText(value)) errors[field] = messages.unstorableText;
  if (Object.keys(errors).length > 0) return { errors };
  const customer = checkCustomer(values, errors);
  const invoiceNumber = values.invoice_number ?? '';
  if (invoiceNumber.length > 255) errors.invoice_number = messages.maxLength255;
  const invoiceDate = values.invoice_date ?? '';
  const dateProblem = firstIssue(isoDateSchema.safeParse(invoiceDate));
  if (dateProblem) errors.invoice_date = dateProblem;
  const dueDate = values.due_date ?? '';
  const dueProblem = dueDate === '' ? null : firstIssue(isoDateSchema.safeParse(dueDate));
  if (dueProblem) errors.due_date = dueProblem;
  else if (!dateProblem && dueDate !== '' && dueDate < invoiceDate) errors.due_date = messages.dueBeforeInvoiceDate;
  const total = checkTotal(values.total ?? '', currency);
  if (typeof total === 'string') errors.total = total;
  if (!customer || typeof total === 'string' || Object.keys(errors).length > 0) return { errors };
  return { invoice: { customer, invoice_number: invoiceNumber || null, invoice_date: invoiceDate, due_date: dueDate || null, total: values.total ?? '' } };
}

export function validationError(errors: Record<string, string>): AppError {
  const entries = Object.entries(errors);
  return new AppError('validation', entries[0]?.[1] ?? messages.required, 422, Object.fromEntries(entries.map(([field, message]) => [field, [message]])));
}

/**
 * Every row is checked before anything is written; errors are keyed `rows.<row number>.<field>`.
 * `takenNumbers` are the invoice numbers the business already uses; a number may also appear only once in the file.
 */
export function checkSheetRows(rows: readonly SheetRow[], currency: Currency, takenNumbers: ReadonlySet<string>): (CheckedInvoice & { rowNumber: number })[] {
  const errors: Record<string, string> = {};
  const checked: (CheckedInvoice & { rowNumber: number })[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const result = checkInvoiceFields(row.values, currency);
    const rowErrors = 'errors' in result ? result.errors : {};
    const number = row.values.invoice_number?.trim() ?? '';
    if (number !== '' && !rowErrors.invoice_number && (takenNumbers.has(number) || seen.has(number))) rowErrors.invoice_number = messages.invoiceNumberTaken;
    if (number !== '') seen.add(number);
    for (const [field, message] of Object.entries(rowErrors)) errors[`rows.${row.rowNumber}.${field}`] = message;
    if ('invoice' in result && Object.keys(rowErrors).length === 0) checked.push({ ...result.invoice, rowNumber: row.rowNumber });
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return checked;
}
