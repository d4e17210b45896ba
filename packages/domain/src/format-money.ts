import type { Currency } from '@app/contracts';

export type MoneyFormat = Pick<Currency, 'symbol' | 'precision' | 'thousand_separator' | 'decimal_separator' | 'swap_currency_symbol'>;

export type MoneyFormatOptions = {
  /** A space between a leading symbol and the amount, as the spec's messages write money ('$ 0.50'). */
  spaceAfterSymbol?: boolean;
  /** Leave out trailing zeros of the fraction ('$ 0.5', '¥ 1'), as the spec's payment minimum is written. */
  trimFraction?: boolean;
};

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * Minor units → display text with the currency's precision, separators and symbol position:
 * 123456 USD → '$1,234.56', 123456 EUR → '1.234,56 €', 1234 JPY → '¥1,234'. Works on the digits
 * as text so amounts beyond 2^53 never pass through a float.
 */
export function formatMoney(minor: number | bigint, currency: MoneyFormat, options: MoneyFormatOptions = {}): string {
  const negative = minor < 0;
  const digits = (negative ? -BigInt(minor) : BigInt(minor)).toString().padStart(currency.precision + 1, '0');
  const whole = currency.precision === 0 ? digits : digits.slice(0, -currency.precision);
  const allDecimals = currency.precision === 0 ? '' : digits.slice(-currency.precision);
  const fraction = options.trimFraction ? allDecimals.replace(/0+$/, '') : allDecimals;
  const amount = groupThousands(whole, currency.thousand_separator) + (fraction ? currency.decimal_separator + fraction : '');
  const sign = negative ? '-' : '';
  if (currency.swap_currency_symbol) return `${sign}${amount} ${currency.symbol}`;
  return `${sign}${currency.symbol}${options.spaceAfterSymbol ? ' ' : ''}${amount}`;
}
