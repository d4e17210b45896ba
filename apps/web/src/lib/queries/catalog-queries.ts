import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ItemBulkDeleteResponse,
  ItemListResponse,
  ItemResource,
  ItemUnitListResponse,
  ItemUnitResource,
  ListMeta,
  NoteListResponse,
  NoteResource,
  PaymentModeListResponse,
  PaymentModeResource,
  TaxTypeListResponse,
  TaxTypeResource,
} from '@app/contracts';
import type { ServerOption, ServerOptionsQuery } from '../../components/server-select';
import { type QueryValue, api } from '../api-client';

export const CATALOG_PAGE_SIZE = 15;

type List<R> = { data: R[]; meta: ListMeta };

/**
 * List, save and delete for one business-owned resource (`/items`, `/tax-types`, …). The list
 * keeps its previous page while the next loads; every change refetches the resource's lists.
 */
function resource<R extends { id: string }, L extends List<R>, Body>(path: string) {
  const key = [path] as const;
  return {
    key,
    useList(query: Record<string, QueryValue>) {
      return useQuery({
        queryKey: [...key, 'list', query],
        queryFn: ({ signal }) => api.get<L>(path, { query: { limit: CATALOG_PAGE_SIZE, ...query }, signal }),
        placeholderData: keepPreviousData,
      });
    },
    useOne(id: string) {
      return useQuery({ queryKey: [...key, 'one', id], queryFn: ({ signal }) => api.get<{ data: R }>(`${path}/${encodeURIComponent(id)}`, { signal }).then((r) => r.data) });
    },
    useSave() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: ({ id, body }: { id: string | null; body: Body }) =>
          id ? api.put<{ data: R }>(`${path}/${encodeURIComponent(id)}`, body) : api.post<{ data: R }>(path, body),
        onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
      });
    },
    useDelete() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (id: string) => api.delete<unknown>(`${path}/${encodeURIComponent(id)}`),
        onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
      });
    },
    /** First page, or the matches of `search`: what the pickers show. */
    options(label: (row: R) => string): ServerOptionsQuery {
      return (search, signal) =>
        api.get<L>(path, { query: { limit: CATALOG_PAGE_SIZE, search: search || undefined }, signal }).then((list) => list.data.map((row): ServerOption => ({ value: row.id, label: label(row) })));
    },
  };
}

export type ItemBody = { name: string; description?: string | null; price: number; unit_id: string | null; taxes: { tax_type_id: string }[] };

export const itemUnitsApi = resource<ItemUnitResource, ItemUnitListResponse, { name: string }>('/item-units');
export const taxTypesApi = resource<TaxTypeResource, TaxTypeListResponse, { name: string; description?: string | null; percent: string; compound_tax: boolean }>('/tax-types');
export const itemsApi = resource<ItemResource, ItemListResponse, ItemBody>('/items');
export const notesApi = resource<NoteResource, NoteListResponse, { type: string; name: string; notes: string }>('/notes');
export const paymentModesApi = resource<PaymentModeResource, PaymentModeListResponse, { name: string }>('/payments/methods');

export const taxLabel = (tax: { name: string; percent: string }) => `${tax.name} (${tax.percent}%)`;

export function useBulkDeleteItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => api.post<ItemBulkDeleteResponse>('/items/delete', { ids }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemsApi.key }),
  });
}
