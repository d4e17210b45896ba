import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  adminBusinessDetailSchema,
  type adminBusinessFormSchema,
  adminBusinessListResponseSchema,
  adminBusinessResourceSchema,
  type AdminBusinessTab,
  dataResponse,
  successResponseSchema,
} from '@app/contracts';
import { api } from '../../lib/api-client';

export const BUSINESSES_PAGE_SIZE = 15;

export const adminBusinessKeys = {
  all: ['admin-businesses'] as const,
  list: (tab: AdminBusinessTab, search: string, page: number) => ['admin-businesses', 'list', tab, search, page] as const,
  one: (id: string) => ['admin-businesses', 'one', id] as const,
};

export type AdminBusinessList = z.output<typeof adminBusinessListResponseSchema>;

const adminBusinessAnswer = dataResponse(adminBusinessResourceSchema);

export function useAdminBusinesses(tab: AdminBusinessTab, search: string, page: number) {
  return useQuery({
    queryKey: adminBusinessKeys.list(tab, search, page),
    queryFn: () => api.get('/platform/businesses', adminBusinessListResponseSchema, { query: { status: tab, search: search || undefined, page, limit: BUSINESSES_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminBusiness(id: string) {
  return useQuery({
    queryKey: adminBusinessKeys.one(id),
    queryFn: () => api.get(`/platform/businesses/${encodeURIComponent(id)}`, dataResponse(adminBusinessDetailSchema)).then((r) => r.data),
  });
}

export function useSaveAdminBusiness(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof adminBusinessFormSchema>) =>
      id
        ? api.put(`/platform/businesses/${encodeURIComponent(id)}`, adminBusinessAnswer, body)
        : api.post('/platform/businesses', adminBusinessAnswer, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminBusinessKeys.all }),
  });
}

export function useUploadBusinessLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('business_logo', file);
      return api.post(`/platform/businesses/${encodeURIComponent(id)}/logo`, adminBusinessAnswer, form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminBusinessKeys.all }),
  });
}

export type AdminBusinessAction = 'disable' | 'enable';

export function useAdminBusinessAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: AdminBusinessAction }) => api.post(`/platform/businesses/${encodeURIComponent(id)}/${action}`, adminBusinessAnswer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminBusinessKeys.all }),
  });
}

export function useDeleteAdminBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => api.delete(`/platform/businesses/${encodeURIComponent(id)}`, successResponseSchema, undefined, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminBusinessKeys.all }),
  });
}
