import { currencyByCode, currencyById } from '@app/contracts';
import { type MoneyFormat, formatDeduction, formatMoney } from '@app/domain';

/** Used when a currency is unknown: the amount still shows, with two decimals and no symbol. */
const PLAIN: MoneyFormat = { symbol: '', precision: 2, thousand_separator: ',', decimal_separator: '.', swap_currency_symbol: false };

export function formatInCurrency(minor: number, currency: MoneyFormat | null | undefined): string {
  return formatMoney(minor, currency ?? PLAIN);
}

/** Minor units shown in the document's currency. */
export function formatDocumentMoney(minor: number, currencyId: number): string {
  return formatInCurrency(minor, currencyById(currencyId));
}

/** Minor units in the currency named by its ISO code (loans and their movements carry the code). */
export function formatCodeMoney(minor: number, currencyCode: string): string {
  return formatInCurrency(minor, currencyByCode(currencyCode));
}

/** How a currency writes money (an unknown one as plain two-decimal amounts). */
export function moneyFormatOf(currencyId: number): MoneyFormat {
  return currencyById(currencyId) ?? PLAIN;
}

/** An amount taken off (a discount), in the document's currency: '−$5.00'. */
export function formatDocumentDeduction(minor: number, currencyId: number): string {
  return formatDeduction(minor, moneyFormatOf(currencyId));
}

/** What an invoice still owes in a list: a dash for a void one (no paid status), which owes nothing and awaits no payment. */
export function owedText(paidStatus: string | null, amount: string): string {
  return paidStatus === null ? '—' : amount;
}
