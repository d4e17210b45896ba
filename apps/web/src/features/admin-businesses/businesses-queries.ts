import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminBusinessDetail, AdminBusinessResource, AdminBusinessTab, ListMeta, adminBusinessFormSchema } from '@app/contracts';
import { api } from '../../lib/api-client';

export const BUSINESSES_PAGE_SIZE = 15;

export const adminBusinessKeys = {
  all: ['admin-businesses'] as const,
  list: (tab: AdminBusinessTab, search: string, page: number) => ['admin-businesses', 'list', tab, search, page] as const,
  one: (id: string) => ['admin-businesses', 'one', id] as const,
};

export type AdminBusinessList = { data: AdminBusinessResource[]; meta: ListMeta & { business_total_count: number } };

export function useAdminBusinesses(tab: AdminBusinessTab, search: string, page: number) {
  return useQuery({
    queryKey: adminBusinessKeys.list(tab, search, page),
    queryFn: () => api.get<AdminBusinessList>('/platform/businesses', { query: { status: tab, search: search || undefined, page, limit: BUSINESSES_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminBusiness(id: string) {
  return useQuery({
    queryKey: adminBusinessKeys.one(id),
    queryFn: () => api.get<{ data: AdminBusinessDetail }>(`/platform/businesses/${encodeURIComponent(id)}`).then((r) => r.data),
  });
}

export function useSaveAdminBusiness(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof adminBusinessFormSchema>) =>
      id
        ? api.put<{ data: AdminBusinessResource }>(`/platform/businesses/${encodeURIComponent(id)}`, body)
        : api.post<{ data: AdminBusinessResource }>('/platform/businesses', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminBusinessKeys.all }),
  });
}

export function useUploadBusinessLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('business_logo', file);
      return api.post<{ data: AdminBusinessResource }>(`/platform/businesses/${encodeURIComponent(id)}/logo`, form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminBusinessKeys.all }),
  });
}

export type AdminBusinessAction = 'disable' | 'enable';

export function useAdminBusinessAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: AdminBusinessAction }) => api.post<unknown>(`/platform/businesses/${encodeURIComponent(id)}/${action}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminBusinessKeys.all }),
  });
}

export function useDeleteAdminBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => api.delete<unknown>(`/platform/businesses/${encodeURIComponent(id)}`, undefined, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminBusinessKeys.all }),
  });
}
