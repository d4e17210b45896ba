import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecurringInvoiceListResponse, RecurringInvoiceRequest, RecurringInvoiceResource } from '@app/contracts';
import { type QueryValue, api } from '../../lib/api-client';
import { companyPaths } from '../../lib/paths';
import { invoiceKeys } from '../../lib/queries/document-keys';

export const RECURRING_PAGE_SIZE = 15;
export type RecurringListParams = Record<string, QueryValue>;

const BASE = companyPaths.recurringInvoices;
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const recurringKeys = {
  all: ['recurring-invoices'] as const,
  list: (params: RecurringListParams) => ['recurring-invoices', 'list', params] as const,
  one: (id: string) => ['recurring-invoices', 'one', id] as const,
};

export function useRecurringInvoices(params: RecurringListParams) {
  return useQuery({
    queryKey: recurringKeys.list(params),
    queryFn: ({ signal }) => api.get<RecurringInvoiceListResponse>(BASE, { query: { limit: RECURRING_PAGE_SIZE, ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRecurringInvoice(id: string) {
  return useQuery({
    queryKey: recurringKeys.one(id),
    queryFn: async ({ signal }) => (await api.get<{ data: RecurringInvoiceResource }>(one(id), { signal })).data,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: recurringKeys.all });
}

export function useSaveRecurringInvoice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: RecurringInvoiceRequest }) =>
      id ? api.put<{ data: RecurringInvoiceResource }>(one(id), body) : api.post<{ data: RecurringInvoiceResource }>(BASE, body),
    onSuccess: invalidate,
  });
}

export function useCloneRecurringInvoice() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.post<{ data: RecurringInvoiceResource }>(`${one(id)}/clone`), onSuccess: invalidate });
}

/** Marks the invoices it made that were never sent as sent: those invoices change too. */
export function useMarkRecurringSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ data: RecurringInvoiceResource; count: number }>(`${one(id)}/mark-as-sent`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: recurringKeys.all });
      await queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
}

export function useDeleteRecurringInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) =>
      ids.length === 1 && ids[0] !== undefined ? api.delete<{ success: boolean }>(one(ids[0])) : api.post<{ success: boolean }>(`${BASE}/delete`, { ids }),
    onSuccess: async (_result, ids) => {
      for (const id of ids) queryClient.removeQueries({ queryKey: recurringKeys.one(id) });
      await queryClient.invalidateQueries({ queryKey: recurringKeys.all });
    },
  });
}
