import { formatMessage, sharedMessages as messages } from '@app/contracts';
import { type MoneyFormat, formatMoney } from './format-money';
import { minimumTotal } from './totals';

/**
 * The spec's minimum messages (section 5) in the document's currency. The spec writes them for
 * dollars: the total's minimum with its decimals ('Total should be greater than $ 0.50'), the
 * payment's without trailing zeros ('Amount must be more than $ 0.5'), a space after the symbol.
 * Other currencies get their own minimum, written the same way by the shared money formatter:
 * 'Total should be greater than KD 0.500', 'Amount must be more than ¥ 1', '... 0,50 €'.
 */
export function totalTooSmallMessage(currency: MoneyFormat): string {
  return formatMessage(messages.totalTooSmall, { minimum: formatMoney(minimumTotal(currency.precision), currency, { spaceAfterSymbol: true }) });
}

/** The payment minimum's message; see totalTooSmallMessage. */
export function amountTooSmallMessage(currency: MoneyFormat): string {
  return formatMessage(messages.amountTooSmall, { minimum: formatMoney(minimumTotal(currency.precision), currency, { spaceAfterSymbol: true, trimFraction: true }) });
}
