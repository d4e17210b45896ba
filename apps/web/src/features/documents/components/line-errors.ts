import { useFormContext } from 'react-hook-form';
import type { DocumentFormValues } from '../document-form-values';
import { useLiveTotals } from './live-totals';

export type LineField = 'name' | 'description' | 'quantity' | 'price' | 'discount' | 'taxes';
export type LineErrorOf = (index: number, field: LineField) => string | undefined;

/** A line field's message: the form's own (after a submit) first, else what the live totals found. */
export function useLineErrors(): LineErrorOf {
  const { formState } = useFormContext<DocumentFormValues>();
  const { issues } = useLiveTotals();
  return (index, field) => formState.errors.items?.[index]?.[field]?.message ?? issues[`items.${index}.${field}`];
}
