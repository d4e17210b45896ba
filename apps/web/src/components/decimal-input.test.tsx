import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { Currency } from '@app/contracts';
import { MoneyInput, QuantityInput } from './decimal-input';

const dollar = { symbol: '$', precision: 2, thousand_separator: ',', decimal_separator: '.' };
const euro = { symbol: '€', precision: 2, thousand_separator: '.', decimal_separator: ',' };

type Format = Pick<Currency, 'symbol' | 'precision' | 'thousand_separator' | 'decimal_separator'>;

/** The field as a form holds it: the plain text it hands over is shown beside it. */
function Field({ currency, initial = '', allowNegative, kind = 'money' }: { currency: Format; initial?: string; allowNegative?: boolean; kind?: 'money' | 'quantity' }) {
  const [value, setValue] = useState(initial);
  return (
    <MantineProvider env="test">
      {kind === 'money' ? (
        <MoneyInput label="Amount" currency={currency} value={value} onChange={setValue} allowNegative={allowNegative} />
      ) : (
        <QuantityInput label="Quantity" separators={currency} value={value} onChange={setValue} />
      )}
      <output aria-label="form value">{value}</output>
    </MantineProvider>
  );
}

const input = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const formValue = () => screen.getByLabelText('form value').textContent;

describe('the shared number input', () => {
  it('writes a dot-decimal currency as 1,234.56 and hands over 1234.56', async () => {
    render(<Field currency={dollar} />);
    await userEvent.type(input('Amount'), '1234.56');
    expect(input('Amount').value).toBe('1,234.56');
    expect(formValue()).toBe('1234.56');
  });

  it('writes a comma-decimal currency as 1.234,56 and hands over 1234.56', async () => {
    render(<Field currency={euro} />);
    await userEvent.type(input('Amount'), '1234,56');
    expect(input('Amount').value).toBe('1.234,56');
    expect(formValue()).toBe('1234.56');
  });

  it('shows a stored amount in the currency format', () => {
    render(<Field currency={euro} initial="9942.78" />);
    expect(input('Amount').value).toBe('9.942,78');
  });

  it('reads a pasted amount written in the currency format', async () => {
    render(<Field currency={euro} />);
    await userEvent.click(input('Amount'));
    await userEvent.paste('1.234,56');
    expect(formValue()).toBe('1234.56');
    expect(input('Amount').value).toBe('1.234,56');
  });

  it('refuses letters, typed or pasted', async () => {
    render(<Field currency={dollar} />);
    await userEvent.type(input('Amount'), 'abc');
    expect(input('Amount').value).toBe('');
    await userEvent.paste('12abc');
    expect(formValue()).toBe('12');
    expect(input('Amount').value).toBe('12');
  });

  it('refuses a minus sign unless the field allows negatives', async () => {
    const { unmount } = render(<Field currency={dollar} />);
    await userEvent.type(input('Amount'), '-5');
    expect(formValue()).toBe('5');
    unmount();
    render(<Field currency={dollar} allowNegative />);
    await userEvent.type(input('Amount'), '-5');
    expect(formValue()).toBe('-5');
    expect(input('Amount').value).toBe('-5');
  });

  it('stops at the currency precision', async () => {
    render(<Field currency={dollar} />);
    await userEvent.type(input('Amount'), '1.999');
    expect(formValue()).toBe('1.99');
  });

  it('takes a currency without decimals as whole amounts', async () => {
    render(<Field currency={{ symbol: '¥', precision: 0, thousand_separator: ',', decimal_separator: '.' }} />);
    await userEvent.type(input('Amount'), '12.5');
    expect(formValue()).toBe('125');
  });

  it('takes quantities with up to four decimals in the currency separators', async () => {
    render(<Field currency={euro} kind="quantity" />);
    await userEvent.type(input('Quantity'), '1,23456');
    expect(formValue()).toBe('1.2345');
    expect(input('Quantity').value).toBe('1,2345');
  });
});
