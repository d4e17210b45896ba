import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bulkDeleteResponseSchema, dataResponse, recurringInvoiceListResponseSchema, type RecurringInvoiceRequest, recurringInvoiceResourceSchema, recurringMarkSentResponseSchema, successResponseSchema } from '@app/contracts';
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
    queryFn: ({ signal }) => api.get(BASE, recurringInvoiceListResponseSchema, { query: { limit: RECURRING_PAGE_SIZE, ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRecurringInvoice(id: string) {
  return useQuery({
    queryKey: recurringKeys.one(id),
    queryFn: async ({ signal }) => (await api.get(one(id), dataResponse(recurringInvoiceResourceSchema), { signal })).data,
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
      id ? api.put(one(id), dataResponse(recurringInvoiceResourceSchema), body) : api.post(BASE, dataResponse(recurringInvoiceResourceSchema), body),
    onSuccess: invalidate,
  });
}

export function useCloneRecurringInvoice() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => api.post(`${one(id)}/clone`, dataResponse(recurringInvoiceResourceSchema)), onSuccess: invalidate });
}

/** Marks the invoices it made that were never sent as sent: those invoices change too. */
export function useMarkRecurringSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`${one(id)}/mark-as-sent`, recurringMarkSentResponseSchema),
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
      ids.length === 1 && ids[0] !== undefined ? api.delete(one(ids[0]), successResponseSchema) : api.post(`${BASE}/delete`, bulkDeleteResponseSchema, { ids }),
    onSuccess: async (_result, ids) => {
      for (const id of ids) queryClient.removeQueries({ queryKey: recurringKeys.one(id) });
      await queryClient.invalidateQueries({ queryKey: recurringKeys.all });
    },
  });
}
