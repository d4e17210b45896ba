import { type FinancedInvoice, currencyById, financingMessages } from '@app/contracts';
import { AppError } from '../../platform/errors';
import { type FinancedInvoiceRow, invoiceStatusOf } from '../invoices/invoice-financing';

/**
 * What factoring and BNPL ask of the invoice alike: approved by its customer in the product, not
 * void, not paid, something due (spec section 5; issue 18 item 6: offers exist only for invoices
 * the customer business approved).
 */
export function refusalOf(invoice: FinancedInvoiceRow): AppError | null {
  const status = invoiceStatusOf(invoice);
  if (status === 'void' || status === 'completed' || invoice.paidStatus === 'paid' || invoice.dueAmount <= 0) return AppError.conflict(financingMessages.voidOrPaid);
  if (status !== 'approved' || invoice.approvedAt === null) return AppError.conflict(financingMessages.notApproved);
  return null;
}

export function currencyOf(invoice: FinancedInvoiceRow): string {
  const currency = currencyById(invoice.currencyId);
  if (!currency) throw new Error(`Invoice ${invoice.id} has an unknown currency ${invoice.currencyId}`);
  return currency.code;
}

/** The invoice as an offer shows it; `counterpartyName` is the customer (factoring) or the vendor (BNPL). */
export function financedInvoiceOf(invoice: FinancedInvoiceRow, counterpartyName: string): FinancedInvoice {
  return {
    id: invoice.id,
    invoice_number: invoice.invoiceNumber,
    counterparty_name: counterpartyName,
    invoice_date: invoice.invoiceDate,
    due_date: invoice.dueDate,
    currency_code: currencyOf(invoice),
    currency_id: invoice.currencyId,
    total: invoice.total,
    due_amount: invoice.dueAmount,
  };
}

export const today = (now: Date): string => now.toISOString().slice(0, 10);

/** The date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
