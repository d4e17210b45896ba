import { useFormContext } from 'react-hook-form';
import { type Currency, type ItemResource, minorUnitsToDecimal } from '@app/contracts';
import { itemsApi } from '../../../lib/queries/catalog-queries';
import { useBootstrap } from '../../../lib/session';
import type { DocumentFlags, DocumentFormValues } from '../document-form-values';

/** Spec section 7: the form loads up to 500 catalogue items once. */
const ITEMS_LIMIT = 500;

export interface CatalogueLines {
  items: ItemResource[];
  itemOptions: { value: string; label: string }[];
  /** Copies a catalogue item into a line (its taxes only when taxes are set per line). */
  fillFromItem: (index: number, item: ItemResource) => void;
}

/** The catalogue items a line can be picked from, loaded once for the whole table. */
export function useCatalogueLines(flags: DocumentFlags, currency: Currency): CatalogueLines {
  const { setValue, formState } = useFormContext<DocumentFormValues>();
  const catalogue = itemsApi.useList({ limit: ITEMS_LIMIT });
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

  return { items, itemOptions, fillFromItem };
}
