import { Select, Stack, TextInput, Textarea } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { DocumentFormValues } from '../document-form-values';
import type { LineErrorOf } from './line-errors';
import type { CatalogueLines } from './use-catalogue-lines';

interface LineItemCellProps {
  index: number;
  catalogue: CatalogueLines;
  errorOf: LineErrorOf;
}

/** A line's catalogue item (which fills the rest of the line), name and description. */
export function LineItemCell({ index, catalogue, errorOf }: LineItemCellProps) {
  const { t } = useTranslation();
  const { control, register } = useFormContext<DocumentFormValues>();
  const { items, itemOptions, fillFromItem } = catalogue;
  const line = index + 1;
  return (
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
  );
}
