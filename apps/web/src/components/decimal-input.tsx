import type { Ref } from 'react';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { DECIMAL_PLACES, type Currency } from '@app/contracts';

/** How the user writes numbers: the grouping and decimal separators of the currency in use. */
export type NumberSeparators = Pick<Currency, 'thousand_separator' | 'decimal_separator'>;

type OwnProps = 'value' | 'defaultValue' | 'onChange' | 'onValueChange' | 'thousandSeparator' | 'decimalSeparator' | 'decimalScale' | 'allowDecimal' | 'allowNegative';

export interface DecimalInputProps extends Omit<NumberInputProps, OwnProps> {
  /** The number as plain decimal text ('1234.56', '-5', ''), whatever the separators shown. */
  value: string;
  onChange: (value: string) => void;
  separators: NumberSeparators;
  /** Decimals the field accepts; more cannot be typed. */
  decimals: number;
  /** Only fields whose value may be below zero set this. */
  allowNegative?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The one number field of the forms: it shows and accepts the currency's grouping and decimal
 * separators (1.234,56 or 1,234.56), refuses letters typed or pasted, and hands the form plain
 * decimal text, so the exact conversions to minor units stay where they are (no floating point).
 */
export function DecimalInput({ value, onChange, separators, decimals, allowNegative = false, ...props }: DecimalInputProps) {
  const decimalSeparator = separators.decimal_separator || '.';
  const grouping = separators.thousand_separator === decimalSeparator ? '' : separators.thousand_separator;
  return (
    <NumberInput
      hideControls
      withKeyboardEvents={false}
      {...props}
      value={value}
      valueIsNumericString
      // Mantine's own onChange answers numbers, which lose digits; the text value stays exact.
      onValueChange={(payload, info) => {
        if (info.source === 'event') onChange(payload.value);
      }}
      decimalSeparator={decimalSeparator}
      allowedDecimalSeparators={[decimalSeparator]}
      thousandSeparator={grouping === '' ? undefined : grouping}
      decimalScale={decimals}
      allowDecimal={decimals > 0}
      allowNegative={allowNegative}
      allowLeadingZeros={false}
    />
  );
}

/** An amount of money in the given currency, its symbol beside it. */
export function MoneyInput({ currency, ...props }: Omit<DecimalInputProps, 'separators' | 'decimals'> & { currency: Pick<Currency, 'symbol' | 'precision' | 'thousand_separator' | 'decimal_separator'> }) {
  return <DecimalInput separators={currency} decimals={currency.precision} leftSection={currency.symbol} leftSectionWidth={currency.symbol.length > 1 ? 40 : undefined} {...props} />;
}

/** A quantity or a percentage: up to the documents' decimal places, in the currency's separators. */
export function QuantityInput(props: Omit<DecimalInputProps, 'decimals'>) {
  return <DecimalInput decimals={DECIMAL_PLACES} {...props} />;
}
