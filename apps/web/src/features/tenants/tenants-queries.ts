import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { dataResponse, type tenantFormSchema, tenantListResponseSchema, tenantResourceSchema } from '@app/contracts';
import { api } from '../../lib/api-client';

const tenantAnswer = dataResponse(tenantResourceSchema);

const central = { root: 'central' } as const;
export const TENANTS_PAGE_SIZE = 15;

export const tenantKeys = {
  all: ['tenants'] as const,
  list: (search: string, page: number) => ['tenants', 'list', search, page] as const,
  one: (id: string) => ['tenants', 'one', id] as const,
};

export function useTenants(search: string, page: number) {
  return useQuery({
    queryKey: tenantKeys.list(search, page),
    queryFn: () => api.get('/tenants', tenantListResponseSchema, { ...central, query: { search: search || undefined, page, limit: TENANTS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useTenant(id: string) {
  return useQuery({ queryKey: tenantKeys.one(id), queryFn: () => api.get(`/tenants/${encodeURIComponent(id)}`, tenantAnswer, central).then((r) => r.data) });
}

export function useSaveTenant(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof tenantFormSchema>) =>
      id ? api.put(`/tenants/${encodeURIComponent(id)}`, tenantAnswer, body, central) : api.post('/tenants', tenantAnswer, body, central),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKeys.all }),
  });
}
