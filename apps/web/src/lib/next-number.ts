import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FieldValues, Path, PathValue, UseFormGetValues, UseFormResetField } from 'react-hook-form';
import { nextNumberResponseSchema, type NumberedModel } from '@app/contracts';
import { api } from './api-client';

/** What the next number depends on: a format with a customer sequence needs the customer, a yearly one the date. */
export type NextNumberOf = { model: NumberedModel; customerId?: string | null; date?: string };

const nextNumberKey = ({ model, customerId = null, date = '' }: NextNumberOf) => ['next-number', model, customerId, date] as const;

/** GET /next-number: the number the next document, payment or recurring invoice would get. */
export function useNextNumber(of: NextNumberOf, enabled: boolean) {
  return useQuery({
    queryKey: nextNumberKey(of),
    queryFn: ({ signal }) =>
      api.get('/next-number', nextNumberResponseSchema, { query: { model: of.model, customer_id: of.customerId ?? undefined, date: of.date || undefined }, signal }),
    enabled,
    retry: false,
    staleTime: 0,
  });
}

type NumberForm<Values extends FieldValues> = { getValues: UseFormGetValues<Values>; resetField: UseFormResetField<Values> };

/**
 * A new record's form proposes the next number in `field`, and follows it when it changes (another
 * customer or year), until the user types a number of their own. `enabled`: only for new records.
 * Returns the number proposed now ('' before it is known).
 */
export function useProposedNumber<Values extends FieldValues>(form: NumberForm<Values>, field: Path<Values>, of: NextNumberOf, enabled: boolean): string {
  const proposed = useRef('');
  const next = useNextNumber(of, enabled).data?.next_number;
  const { getValues, resetField } = form;
  useEffect(() => {
    if (!next) return;
    const current: unknown = getValues(field);
    if (current !== '' && current !== proposed.current) return;
    proposed.current = next;
    resetField(field, { defaultValue: next as PathValue<Values, Path<Values>> });
  }, [next, field, getValues, resetField]);
  return next ?? '';
}
