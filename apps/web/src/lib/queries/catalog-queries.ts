import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  dataResponse,
  itemBulkDeleteResponseSchema,
  itemListResponseSchema,
  itemRequestSchema,
  itemResourceSchema,
  itemUnitListResponseSchema,
  itemUnitRequestSchema,
  itemUnitResourceSchema,
  noteListResponseSchema,
  noteRequestSchema,
  noteResourceSchema,
  paymentModeListResponseSchema,
  paymentModeRequestSchema,
  paymentModeResourceSchema,
  successResponseSchema,
  taxTypeDeleteResponseSchema,
  taxTypeListResponseSchema,
  taxTypeRequestSchema,
  taxTypeResourceSchema,
} from '@app/contracts';
import type { ServerOption, ServerOptionsQuery } from '../../components/server-select';
import { type QueryValue, api } from '../api-client';

export const CATALOG_PAGE_SIZE = 15;

/** The contracts of one resource: its record's answer, a page of its list, its request body and what a delete answers. */
type ResourceContracts<Row extends { id: string }, List extends z.ZodType<{ data: Row[] }>, Request extends z.ZodType<unknown, object>, Deleted extends z.ZodType> = {
  one: z.ZodType<{ data: Row }>;
  list: List;
  request: Request;
  deleted: Deleted;
};

/**
 * List, save and delete for one business-owned resource (`/items`, `/tax-types`, …). The list
 * keeps its previous page while the next loads; every change refetches the resource's lists.
 */
function resource<Row extends { id: string }, List extends z.ZodType<{ data: Row[] }>, Request extends z.ZodType<unknown, object>, Deleted extends z.ZodType>(
  path: string,
  contracts: ResourceContracts<Row, List, Request, Deleted>,
) {
  const key = [path] as const;
  const { one } = contracts;
  return {
    key,
    useList(query: { [name: string]: QueryValue }) {
      return useQuery({
        queryKey: [...key, 'list', query],
        queryFn: ({ signal }) => api.get(path, contracts.list, { query: { limit: CATALOG_PAGE_SIZE, ...query }, signal }),
        placeholderData: keepPreviousData,
      });
    },
    useOne(id: string) {
      return useQuery({ queryKey: [...key, 'one', id], queryFn: ({ signal }) => api.get(`${path}/${encodeURIComponent(id)}`, one, { signal }).then((r) => r.data) });
    },
    useSave() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: ({ id, body }: { id: string | null; body: z.input<Request> }) =>
          id ? api.put(`${path}/${encodeURIComponent(id)}`, one, body) : api.post(path, one, body),
        onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
      });
    },
    useDelete() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (id: string) => api.delete(`${path}/${encodeURIComponent(id)}`, contracts.deleted),
        onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
      });
    },
    /** First page, or the matches of `search`: what the pickers show. */
    options(label: (row: Row) => string): ServerOptionsQuery {
      return (search, signal) =>
        api.get(path, contracts.list, { query: { limit: CATALOG_PAGE_SIZE, search: search || undefined }, signal }).then((list) => list.data.map((row): ServerOption => ({ value: row.id, label: label(row) })));
    },
  };
}

export type ItemBody = z.input<typeof itemRequestSchema>;

export const itemUnitsApi = resource('/item-units', { one: dataResponse(itemUnitResourceSchema), list: itemUnitListResponseSchema, request: itemUnitRequestSchema, deleted: successResponseSchema });
export const taxTypesApi = resource('/tax-types', { one: dataResponse(taxTypeResourceSchema), list: taxTypeListResponseSchema, request: taxTypeRequestSchema, deleted: taxTypeDeleteResponseSchema });
export const itemsApi = resource('/items', { one: dataResponse(itemResourceSchema), list: itemListResponseSchema, request: itemRequestSchema, deleted: successResponseSchema });
export const notesApi = resource('/notes', { one: dataResponse(noteResourceSchema), list: noteListResponseSchema, request: noteRequestSchema, deleted: successResponseSchema });
export const paymentModesApi = resource('/payments/methods', { one: dataResponse(paymentModeResourceSchema), list: paymentModeListResponseSchema, request: paymentModeRequestSchema, deleted: successResponseSchema });

export const taxLabel = (tax: { name: string; percent: string }) => `${tax.name} (${tax.percent}%)`;

export function useBulkDeleteItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => api.post('/items/delete', itemBulkDeleteResponseSchema, { ids }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemsApi.key }),
  });
}
