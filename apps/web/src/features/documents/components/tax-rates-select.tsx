import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TaxRate } from '@app/domain';
import { taxLabel, taxTypesApi } from '../../../lib/queries/catalog-queries';

/** Spec section 7: the form loads up to 500 tax types once and picks from them locally. */
export const TAX_TYPES_LIMIT = 500;

export function useTaxTypeRates(): TaxRate[] {
  const list = taxTypesApi.useList({ limit: TAX_TYPES_LIMIT });
  return (list.data?.data ?? []).map((tax) => ({ tax_type_id: tax.id, name: tax.name, percent: tax.percent, compound_tax: tax.compound_tax }));
}

interface TaxRatesSelectProps {
  label: string;
  hideLabel?: boolean;
  value: TaxRate[];
  onChange: (rates: TaxRate[]) => void;
  available: TaxRate[];
  error?: string;
}

/**
 * Tax types as rates (name, percent, compound) so the totals can be computed while typing. Rates
 * already on the document stay choosable even when their tax type is gone from the catalogue.
 */
export function TaxRatesSelect({ label, hideLabel = false, value, onChange, available, error }: TaxRatesSelectProps) {
  const { t } = useTranslation();
  const known = new Map<string, TaxRate>();
  for (const rate of [...available, ...value]) if (!known.has(rate.tax_type_id)) known.set(rate.tax_type_id, rate);
  const data = [...known.values()].map((rate) => ({ value: rate.tax_type_id, label: taxLabel(rate) }));

  return (
    <MultiSelect
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      placeholder={value.length === 0 ? t('document_form.no_tax') : undefined}
      data={data}
      value={value.map((rate) => rate.tax_type_id)}
      onChange={(ids) => onChange(ids.flatMap((id) => known.get(id) ?? []))}
      searchable
      clearable
      error={error}
      nothingFoundMessage={t('common.no_results')}
    />
  );
}
