import { ActionIcon, Box, Button, Group, Select, Stack, Table, Text, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Currency, type ItemResource, minorUnitsToDecimal } from '@app/contracts';
import { formatMoney } from '@app/domain';
import { Icon } from '../../../components/icon';
import { useBootstrap } from '../../../lib/session';
import { itemsApi } from '../../../lib/queries/catalog-queries';
import { type DocumentFlags, type DocumentFormValues, emptyLine } from '../document-form-values';
import { DiscountInput } from './discount-input';
import { useLiveTotals } from './live-totals';
import { TaxRatesSelect, useTaxTypeRates } from './tax-rates-select';

/** Spec section 7: the form loads up to 500 catalogue items once. */
const ITEMS_LIMIT = 500;

interface DocumentLinesProps {
  flags: DocumentFlags;
  currency: Currency;
}

/** The lines table: catalogue or free lines, reordered with buttons so the keyboard suffices. */
export function DocumentLines({ flags, currency }: DocumentLinesProps) {
  const { t } = useTranslation();
  const { control, register, setValue, formState } = useFormContext<DocumentFormValues>();
  const { fields, append, remove, swap } = useFieldArray({ control, name: 'items' });
  const { totals, issues } = useLiveTotals();
  const catalogue = itemsApi.useList({ limit: ITEMS_LIMIT });
  const taxRates = useTaxTypeRates();
  const businessPrecision = useBootstrap().current_business_currency?.precision ?? currency.precision;
  const items = catalogue.data?.data ?? [];
  const itemOptions = items.map((item) => ({ value: item.id, label: item.name }));

  const fillFromItem = (index: number, item: ItemResource) => {
    const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
    setValue(`items.${index}.item_id`, item.id, options);
    setValue(`items.${index}.name`, item.name, options);
    setValue(`items.${index}.description`, item.description ?? '', options);
    setValue(`items.${index}.unit_name`, item.unit?.name ?? '', options);
    // Catalogue prices are kept in the business currency; the amount carries over as typed.
    setValue(`items.${index}.price`, minorUnitsToDecimal(item.price, businessPrecision), options);
    if (flags.tax_per_item_enabled) setValue(`items.${index}.taxes`, item.taxes.map(({ tax_type_id, name, percent, compound_tax }) => ({ tax_type_id, name, percent, compound_tax })), options);
  };

  const errorOf = (index: number, field: 'name' | 'description' | 'quantity' | 'price' | 'discount' | 'taxes') =>
    formState.errors.items?.[index]?.[field]?.message ?? issues[`items.${index}.${field}`];

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={720 + (flags.discount_per_item_enabled ? 170 : 0) + (flags.tax_per_item_enabled ? 200 : 0)}>
        <Table verticalSpacing="sm" aria-label={t('document_form.lines')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="30%">{t('document_form.line.item')}</Table.Th>
              <Table.Th w={90}>{t('document_form.line.quantity')}</Table.Th>
              <Table.Th w={130}>{t('document_form.line.price')}</Table.Th>
              {flags.discount_per_item_enabled && <Table.Th w={170}>{t('document_form.line.discount')}</Table.Th>}
              {flags.tax_per_item_enabled && <Table.Th w={200}>{t('document_form.line.taxes')}</Table.Th>}
              <Table.Th ta="right">{t('document_form.line.amount')}</Table.Th>
              <Table.Th w={110}>
                <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field, index) => {
              const line = index + 1;
              const amount = totals?.lines[index]?.total;
              return (
                <Table.Tr key={field.id} style={{ verticalAlign: 'top' }}>
                  <Table.Td>
                    <Stack gap={6}>
                      <Controller
                        control={control}
                        name={`items.${index}.item_id`}
                        render={({ field: itemField }) => (
                          <Select
                            aria-label={t('document_form.line.item_label', { line })}
                            placeholder={t('document_form.line.item_placeholder')}
                            data={itemOptions}
                            value={itemField.value && items.some((item) => item.id === itemField.value) ? itemField.value : null}
                            onChange={(id) => {
                              const item = items.find((candidate) => candidate.id === id);
                              if (item) fillFromItem(index, item);
                              else itemField.onChange(null);
                            }}
                            searchable
                            clearable
                            nothingFoundMessage={t('common.no_results')}
                          />
                        )}
                      />
                      <TextInput
                        aria-label={t('document_form.line.name_label', { line })}
                        placeholder={t('document_form.line.name_placeholder')}
                        error={errorOf(index, 'name')}
                        {...register(`items.${index}.name`)}
                      />
                      <Textarea
                        aria-label={t('document_form.line.description_label', { line })}
                        placeholder={t('document_form.line.description_placeholder')}
                        rows={1}
                        error={errorOf(index, 'description')}
                        {...register(`items.${index}.description`)}
                      />
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <TextInput aria-label={t('document_form.line.quantity_label', { line })} inputMode="decimal" error={errorOf(index, 'quantity')} {...register(`items.${index}.quantity`)} />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t('document_form.line.price_label', { line })}
                      inputMode="decimal"
                      leftSection={<Text size="xs">{currency.symbol}</Text>}
                      error={errorOf(index, 'price')}
                      {...register(`items.${index}.price`)}
                    />
                  </Table.Td>
                  {flags.discount_per_item_enabled && (
                    <Table.Td>
                      <DiscountInput
                        typeName={`items.${index}.discount_type`}
                        valueName={`items.${index}.discount`}
                        label={t('document_form.line.discount_label', { line })}
                        typeLabel={t('document_form.line.discount_type_label', { line })}
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
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" color="gray" aria-label={t('document_form.line.move_up', { line })} disabled={index === 0} onClick={() => swap(index, index - 1)}>
                        <Box component="span" style={{ display: 'inline-flex', transform: 'rotate(180deg)' }}>
                          <Icon name="chevron-down" size={16} />
                        </Box>
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('document_form.line.move_down', { line })}
                        disabled={index === fields.length - 1}
                        onClick={() => swap(index, index + 1)}
                      >
                        <Icon name="chevron-down" size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={t('document_form.line.remove', { line })} disabled={fields.length === 1} onClick={() => remove(index)}>
                        <Icon name="trash" size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group>
        <Button variant="light" leftSection={<Icon name="plus" size={16} />} onClick={() => append(emptyLine(), { focusName: `items.${fields.length}.name` })}>
          {t('document_form.add_line')}
        </Button>
      </Group>
    </Stack>
  );
}
