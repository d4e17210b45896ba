import { Button, Group, Stack, Table, VisuallyHidden } from '@mantine/core';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@app/contracts';
import { Icon } from '../../../components/icon';
import { type DocumentFlags, type DocumentFormValues, emptyLine } from '../document-form-values';
import { DocumentLineRow } from './document-line-row';
import { useLineErrors } from './line-errors';
import { useLiveTotals } from './live-totals';
import { useTaxTypeRates } from './tax-rates-select';
import { useCatalogueLines } from './use-catalogue-lines';

interface DocumentLinesProps {
  flags: DocumentFlags;
  currency: Currency;
}

/** The lines table: catalogue or free lines, reordered with buttons so the keyboard suffices. */
export function DocumentLines({ flags, currency }: DocumentLinesProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<DocumentFormValues>();
  const { fields, append, remove, swap } = useFieldArray({ control, name: 'items' });
  const { totals } = useLiveTotals();
  const errorOf = useLineErrors();
  const catalogue = useCatalogueLines(flags, currency);
  const taxRates = useTaxTypeRates();

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
            {fields.map((field, index) => (
              <DocumentLineRow
                key={field.id}
                index={index}
                count={fields.length}
                flags={flags}
                currency={currency}
                catalogue={catalogue}
                taxRates={taxRates}
                amount={totals?.lines[index]?.total}
                errorOf={errorOf}
                onSwap={swap}
                onRemove={remove}
              />
            ))}
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
