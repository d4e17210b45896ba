import { useFormContext } from 'react-hook-form';
import type { DocumentFormValues } from '../document-form-values';
import { useLiveTotals } from './live-totals';

export type LineField = 'name' | 'description' | 'quantity' | 'price' | 'discount' | 'taxes';
export type LineErrorOf = (index: number, field: LineField) => string | undefined;

/**
 * A line field's message: the form's own first, else what the live totals found, once the user
 * has left the field or submitted (a half-typed '0.' is not yet a wrong quantity).
 */
export function useLineErrors(): LineErrorOf {
  const { formState } = useFormContext<DocumentFormValues>();
  const { errors, touchedFields, isSubmitted } = formState;
  const { issues } = useLiveTotals();
  return (index, field) => {
    const own = errors.items?.[index]?.[field]?.message;
    if (own) return own;
    const touched = touchedFields.items?.[index]?.[field];
    return isSubmitted || touched ? issues[`items.${index}.${field}`] : undefined;
  };
}
