import { Table, Text } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@app/contracts';
import { type TaxRate, formatMoney } from '@app/domain';
import { MoneyInput, QuantityInput } from '../../../components/decimal-input';
import type { DocumentFlags, DocumentFormValues } from '../document-form-values';
import { DiscountInput } from './discount-input';
import type { LineErrorOf } from './line-errors';
import { LineItemCell } from './line-item-cell';
import { LineOrderButtons } from './line-order-buttons';
import { TaxRatesSelect } from './tax-rates-select';
import type { CatalogueLines } from './use-catalogue-lines';

interface DocumentLineRowProps {
  index: number;
  count: number;
  flags: DocumentFlags;
  currency: Currency;
  catalogue: CatalogueLines;
  taxRates: TaxRate[];
  /** The line's total as the live totals computed it; undefined while the form cannot be totalled. */
  amount: number | undefined;
  errorOf: LineErrorOf;
  onSwap: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

/** One line of the table; its discount and taxes columns appear only when the business sets them per line. */
export function DocumentLineRow({ index, count, flags, currency, catalogue, taxRates, amount, errorOf, onSwap, onRemove }: DocumentLineRowProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<DocumentFormValues>();
  const line = index + 1;
  return (
    <Table.Tr style={{ verticalAlign: 'top' }}>
      <Table.Td>
        <LineItemCell index={index} catalogue={catalogue} errorOf={errorOf} />
      </Table.Td>
      <Table.Td>
        <Controller
          control={control}
          name={`items.${index}.quantity`}
          render={({ field }) => (
            <QuantityInput
              aria-label={t('document_form.line.quantity_label', { line })}
              separators={currency}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errorOf(index, 'quantity')}
            />
          )}
        />
      </Table.Td>
      <Table.Td>
        <Controller
          control={control}
          name={`items.${index}.price`}
          render={({ field }) => (
            <MoneyInput
              aria-label={t('document_form.line.price_label', { line })}
              currency={currency}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={errorOf(index, 'price')}
            />
          )}
        />
      </Table.Td>
      {flags.discount_per_item_enabled && (
        <Table.Td>
          <DiscountInput
            typeName={`items.${index}.discount_type`}
            valueName={`items.${index}.discount`}
            label={t('document_form.line.discount_label', { line })}
            typeLabel={t('document_form.line.discount_type_label', { line })}
            hideLabel
            currency={currency}
            error={errorOf(index, 'discount')}
          />
        </Table.Td>
      )}
      {flags.tax_per_item_enabled && (
        <Table.Td>
          <Controller
            control={control}
            name={`items.${index}.taxes`}
            render={({ field: taxField }) => (
              <TaxRatesSelect
                label={t('document_form.line.taxes_label', { line })}
                hideLabel
                value={taxField.value}
                onChange={taxField.onChange}
                available={taxRates}
                error={errorOf(index, 'taxes')}
              />
            )}
          />
        </Table.Td>
      )}
      <Table.Td ta="right">
        <Text fw={500} aria-label={t('document_form.line.amount_label', { line })} pt={6}>
          {amount === undefined ? '—' : formatMoney(amount, currency)}
        </Text>
      </Table.Td>
      <Table.Td>
        <LineOrderButtons index={index} count={count} onSwap={onSwap} onRemove={onRemove} />
      </Table.Td>
    </Table.Tr>
  );
}
