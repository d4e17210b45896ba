import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  apiClientListResponseSchema,
  apiClientOptionsResponseSchema,
  apiClientResourceSchema,
  type createApiClientRequestSchema,
  createApiClientResponseSchema,
  dataResponse,
} from '@app/contracts';
import { api } from '../../lib/api-client';

export const API_CLIENTS_PAGE_SIZE = 15;

const apiClientKeys = {
  all: ['api-clients'] as const,
  list: (page: number) => ['api-clients', 'list', page] as const,
  options: ['api-clients', 'options'] as const,
};

export function useApiClients(page: number) {
  return useQuery({
    queryKey: apiClientKeys.list(page),
    queryFn: () => api.get('/platform/api-clients', apiClientListResponseSchema, { query: { page, limit: API_CLIENTS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** The businesses and abilities the signed-in admin may give a client: loaded when the create form opens. */
export function useApiClientOptions(enabled: boolean) {
  return useQuery({
    queryKey: apiClientKeys.options,
    queryFn: () => api.get('/platform/api-clients/options', apiClientOptionsResponseSchema),
    select: (response) => response.data,
    enabled,
  });
}

export function useCreateApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof createApiClientRequestSchema>) => api.post('/platform/api-clients', createApiClientResponseSchema, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiClientKeys.all }),
  });
}

export function useRevokeApiClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/platform/api-clients/${encodeURIComponent(id)}/revoke`, dataResponse(apiClientResourceSchema)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiClientKeys.all }),
  });
}
