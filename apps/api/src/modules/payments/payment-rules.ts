import { type Currency, type PaymentDirection, currencyById, messages } from '@app/contracts';
import { type PaymentSettlement, amountTooSmallMessage, meetsPaymentMinimum } from '@app/domain';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import type { PaidInvoiceRow } from '../invoices/invoice-payments';
import type { CounterpartyRow } from './payments.repository';

/** The rules every payment write applies, whichever way the money goes. */

export const counterpartyKind = (direction: PaymentDirection) => (direction === 'received' ? 'customer' : 'vendor');
export const counterpartyField = (direction: PaymentDirection) => (direction === 'received' ? 'customer_id' : 'vendor_id');

/** Whether a locked invoice is one this business may settle with this counterparty. */
export function settles(scope: BusinessScope, direction: PaymentDirection, counterparty: CounterpartyRow, invoice: PaidInvoiceRow): boolean {
  if (direction === 'received') return invoice.businessId === scope.businessId && invoice.customerId === counterparty.id;
  return invoice.customerBusinessId === scope.businessId && invoice.businessId === counterparty.counterpartyBusinessId && invoice.status !== 'draft';
}

/** The first field of a payment that may not change, among those that would (keys in the order given). */
export function firstChanged(changes: Record<string, boolean>): string | undefined {
  return Object.entries(changes).find(([, changed]) => changed)?.[0];
}

function currencyOf(currencyId: number): Currency {
  const currency = currencyById(currencyId);
  if (!currency) throw AppError.validation('amount', messages.invalidCurrency);
  return currency;
}

/** A payment without an invoice settles nothing: it is at least the minimum of its currency. With an invoice, settlePayment decides. */
export function checkMinimumWithoutInvoice(amount: number, currencyId: number): void {
  const currency = currencyOf(currencyId);
  if (!meetsPaymentMinimum(amount, currency.precision, null)) throw AppError.validation('amount', amountTooSmallMessage(currency));
}

/** The settlement, or its refusal as a 422 in the invoice's currency; `exceedsDue` says why an amount is over what is due. */
export function settledOrFail(result: PaymentSettlement, currencyId: number, exceedsDue: string = messages.paymentExceedsDue) {
  if (result.ok) return result;
  switch (result.reason) {
    case 'not_payable':
      throw AppError.validation('invoice_id', result.message);
    case 'exceeds_due':
      throw AppError.validation('amount', exceedsDue);
    case 'partial_not_allowed':
      throw AppError.validation('amount', messages.partialPaymentsDisabled);
    case 'below_minimum':
      throw AppError.validation('amount', amountTooSmallMessage(currencyOf(currencyId)));
  }
}
