import {
  type Currency,
  type DiscountType,
  type EstimateRequest,
  type EstimateResource,
  type InvoiceRequest,
  type InvoiceResource,
  type RecurringInvoiceResource,
  decimalToMinorUnits,
  digitsWithinSafeRange,
  estimateRequestSchema,
  invoiceRequestSchema,
  messages,
  minorUnitsToDecimal,
} from '@app/contracts';
import { type DocumentInput, type DocumentTotals, type TaxRate, type TotalsIssue, computeTotals, totalTooSmallMessage } from '@app/domain';
import type { DocumentKind } from '../../lib/document-kinds';

/** One line as typed: amounts are decimal text in the document currency, converted on save. */
export type LineValues = {
  item_id: string | null;
  name: string;
  description: string;
  unit_name: string;
  quantity: string;
  price: string;
  discount_type: DiscountType;
  /** fixed: a decimal amount ('5.00'); percentage: a percent ('10'). */
  discount: string;
  taxes: TaxRate[];
};

/** The form of both kinds: number, date and due date stand for invoice_/estimate_ fields. */
export type DocumentFormValues = {
  customer_id: string | null;
  number: string;
  date: string;
  /** The invoice due date or the estimate expiry date. */
  due_date: string;
  reference_number: string;
  template_name: string | null;
  notes: string;
  discount_type: DiscountType;
  discount: string;
  taxes: TaxRate[];
  items: LineValues[];
};

/** Fixed when the document is created (from the business settings) and kept by later edits. */
export type DocumentFlags = { tax_per_item_enabled: boolean; discount_per_item_enabled: boolean };

/** Request field names per kind; the form uses the neutral names on the left. */
export const kindFields = {
  invoice: { number: 'invoice_number', date: 'invoice_date', due_date: 'due_date', send: 'send_invoice', schema: invoiceRequestSchema },
  estimate: { number: 'estimate_number', date: 'estimate_date', due_date: 'expiry_date', send: 'send_estimate', schema: estimateRequestSchema },
} as const;

export function emptyLine(): LineValues {
  return { item_id: null, name: '', description: '', unit_name: '', quantity: '1', price: '', discount_type: 'fixed', discount: '', taxes: [] };
}

type Conversion<T> = { ok: true; value: T } | { ok: false; message: string };

const priceMessages = { invalid: messages.invalidPrice, too_many_digits: messages.priceTooManyDigits, too_many_decimals: messages.priceTooManyDecimals } as const;

/** '12.50' → 1250 at precision 2, with the item form's messages. */
export function priceToMinor(text: string, precision: number): Conversion<number> {
  if (text.trim() === '') return { ok: false, message: messages.required };
  const parsed = decimalToMinorUnits(text, precision);
  if (!parsed.ok) return { ok: false, message: priceMessages[parsed.reason] };
  if (!digitsWithinSafeRange(parsed.minor)) return { ok: false, message: messages.priceTooLarge };
  return { ok: true, value: Number(parsed.minor) };
}

/** The request's discount text: minor units for a fixed amount, the percent as typed otherwise. */
export function discountToRequest(type: DiscountType, text: string, precision: number): Conversion<string> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: '0' };
  if (type === 'percentage') return { ok: true, value: trimmed };
  const parsed = decimalToMinorUnits(trimmed, precision);
  return parsed.ok && digitsWithinSafeRange(parsed.minor) ? { ok: true, value: parsed.minor } : { ok: false, message: messages.invalidDiscount };
}

function discountFromResource(type: DiscountType, discount: string, precision: number): string {
  if (discount === '' || Number(discount) === 0) return '';
  return type === 'fixed' ? minorUnitsToDecimal(discount, precision) : discount;
}

const toRate = (tax: TaxRate): TaxRate => ({ tax_type_id: tax.tax_type_id, name: tax.name, percent: tax.percent, compound_tax: tax.compound_tax });

/** Stored tax lines as rates, each tax type once (a document stored before duplicates were refused may list one twice). */
export function ratesOf(taxes: readonly TaxRate[]): TaxRate[] {
  const seen = new Set<string>();
  return taxes.flatMap((tax) => {
    if (seen.has(tax.tax_type_id)) return [];
    seen.add(tax.tax_type_id);
    return [toRate(tax)];
  });
}

export type DocumentResourceOfKind = InvoiceResource | EstimateResource;

/** What a stored invoice, estimate or recurring invoice holds of pricing. */
type StoredPricing = Pick<DocumentResourceOfKind | RecurringInvoiceResource, 'discount_type' | 'discount' | 'tax_per_item_enabled' | 'taxes' | 'items'>;

/** The discount, document taxes and lines of a stored document as form values (amounts back to decimal text in its currency). */
export function pricingValuesFromResource(document: StoredPricing, precision: number): Pick<DocumentFormValues, 'discount_type' | 'discount' | 'taxes' | 'items'> {
  return {
    discount_type: document.discount_type,
    discount: discountFromResource(document.discount_type, document.discount, precision),
    taxes: document.tax_per_item_enabled ? [] : ratesOf(document.taxes),
    items: document.items.map((item) => ({
      item_id: item.item_id,
      name: item.name,
      description: item.description ?? '',
      unit_name: item.unit_name ?? '',
      quantity: item.quantity,
      price: minorUnitsToDecimal(item.price, precision),
      discount_type: item.discount_type,
      discount: discountFromResource(item.discount_type, item.discount, precision),
      taxes: ratesOf(item.taxes),
    })),
  };
}

/** The stored document as form values (amounts back to decimal text in its currency). */
export function valuesFromResource(document: DocumentResourceOfKind, precision: number): DocumentFormValues {
  const invoice = 'invoice_number' in document;
  return {
    customer_id: document.customer_id,
    number: invoice ? document.invoice_number : document.estimate_number,
    date: invoice ? document.invoice_date : document.estimate_date,
    due_date: (invoice ? document.due_date : document.expiry_date) ?? '',
    reference_number: invoice ? '' : (document.reference_number ?? ''),
    template_name: document.template_name,
    notes: document.notes ?? '',
    ...pricingValuesFromResource(document, precision),
  };
}

/** A request before the customer is chosen: the contract's schema then answers that it is required. */
type Draft<Request extends { customer_id: string }> = Omit<Request, 'customer_id'> & { customer_id?: string };
/** The body of POST/PUT, an invoice's or an estimate's request. */
export type DocumentRequestBody = Draft<InvoiceRequest> | Draft<EstimateRequest>;

/** Form field errors keyed by form path ('items.0.price', 'number'). */
export type FormErrors = Record<string, string>;

/**
 * The request body for POST/PUT. Amount conversions that fail come back as form errors (the
 * body then is not sent); everything else is left to the shared zod schema and the server.
 */
export function buildRequest(kind: DocumentKind, values: DocumentFormValues, flags: DocumentFlags, precision: number, send: boolean) {
  const errors: FormErrors = {};
  const take = <T>(conversion: Conversion<T>, path: string, fallback: T): T => {
    if (conversion.ok) return conversion.value;
    errors[path] = conversion.message;
    return fallback;
  };
  const items = values.items.map((line, index) => ({
    item_id: line.item_id,
    name: line.name,
    description: line.description.trim() || null,
    unit_name: line.unit_name.trim() || null,
    quantity: line.quantity,
    price: take(priceToMinor(line.price, precision), `items.${index}.price`, 0),
    discount_type: flags.discount_per_item_enabled ? line.discount_type : 'fixed',
    discount: flags.discount_per_item_enabled ? take(discountToRequest(line.discount_type, line.discount, precision), `items.${index}.discount`, '0') : '0',
    taxes: flags.tax_per_item_enabled ? line.taxes.map((tax) => ({ tax_type_id: tax.tax_type_id })) : [],
  }));
  const common = {
    customer_id: values.customer_id ?? undefined,
    template_name: values.template_name,
    notes: values.notes.trim() === '' ? null : values.notes,
    tax_per_item_enabled: flags.tax_per_item_enabled,
    discount_per_item_enabled: flags.discount_per_item_enabled,
    discount_type: values.discount_type,
    discount: take(discountToRequest(values.discount_type, values.discount, precision), 'discount', '0'),
    taxes: flags.tax_per_item_enabled ? [] : values.taxes.map((tax) => ({ tax_type_id: tax.tax_type_id })),
    items,
  };
  const number = values.number.trim() === '' ? null : values.number.trim();
  const dueDate = values.due_date === '' ? null : values.due_date;
  const body: DocumentRequestBody =
    kind === 'invoice'
      ? { ...common, invoice_number: number, invoice_date: values.date, due_date: dueDate, send_invoice: send }
      : { ...common, estimate_number: number, estimate_date: values.date, expiry_date: dueDate, send_estimate: send, reference_number: values.reference_number.trim() || null };
  return { body, errors };
}

/** A request path of the API ('invoice_date', 'items.0.taxes.1.tax_type_id') as a form path. */
export function formPathOf(kind: DocumentKind, requestPath: string): string {
  const fields = kindFields[kind];
  if (requestPath === fields.number) return 'number';
  if (requestPath === fields.date) return 'date';
  if (requestPath === fields.due_date) return 'due_date';
  const tax = /^((?:items\.\d+\.)?taxes)\.\d+(?:\.tax_type_id)?$/.exec(requestPath);
  return tax?.[1] ?? requestPath;
}

/** Validates the form with the API's own request schema; errors come back by form path. */
export function validateDocument(kind: DocumentKind, values: DocumentFormValues, flags: DocumentFlags, precision: number): FormErrors {
  const { body, errors } = buildRequest(kind, values, flags, precision, false);
  const parsed = kindFields[kind].schema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = formPathOf(kind, issue.path.join('.'));
      errors[path] ??= issue.message;
    }
  }
  return errors;
}

export type LiveTotals = { totals: DocumentTotals | null; issues: FormErrors };

function issueMessage(issue: TotalsIssue, currency: Currency): string {
  switch (issue.code) {
    case 'invalidDiscount':
      return messages.invalidDiscount;
    case 'invalidQuantity':
      return messages.quantityGreaterThanZero;
    case 'invalidPrice':
      return messages.invalidPrice;
    case 'invalidPercent':
      return messages.invalidTaxRate;
    case 'duplicateTax':
      return messages.duplicateTax;
    case 'amountTooLarge':
      return messages.amountTooLarge;
    case 'noLines':
      return messages.required;
    case 'totalTooSmall':
      return totalTooSmallMessage(currency);
  }
}

/**
 * The totals the server will compute, by the same engine, for what is typed now. Amounts that do
 * not convert yet show as issues on their fields; an empty price counts as 0 while typing.
 */
export function liveTotals(values: DocumentFormValues, flags: DocumentFlags, currency: Currency): LiveTotals {
  const issues: FormErrors = {};
  const lines = values.items.map((line, index) => {
    const price = line.price.trim() === '' ? { ok: true as const, value: 0 } : priceToMinor(line.price, currency.precision);
    if (!price.ok) issues[`items.${index}.price`] = price.message;
    const discount = flags.discount_per_item_enabled ? discountToRequest(line.discount_type, line.discount, currency.precision) : { ok: true as const, value: '0' };
    if (!discount.ok) issues[`items.${index}.discount`] = discount.message;
    return { quantity: line.quantity, price: price.ok ? price.value : 0, discount_type: line.discount_type, discount: discount.ok ? discount.value : '0', taxes: line.taxes };
  });
  const discount = discountToRequest(values.discount_type, values.discount, currency.precision);
  if (!discount.ok) issues.discount = discount.message;
  if (Object.keys(issues).length > 0) return { totals: null, issues };

  const input: DocumentInput = {
    precision: currency.precision,
    tax_per_item_enabled: flags.tax_per_item_enabled,
    discount_per_item_enabled: flags.discount_per_item_enabled,
    discount_type: values.discount_type,
    discount: discount.ok ? discount.value : '0',
    taxes: values.taxes,
    lines,
  };
  const result = computeTotals(input);
  if (result.ok) return { totals: result.totals, issues };
  for (const issue of result.issues) issues[issue.path] ??= issueMessage(issue, currency);
  return { totals: result.totals ?? null, issues };
}
