import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { type BusinessResource, type UpdateBusinessFields, businessResourceSchema, type createBusinessRequestSchema, dataResponse, type updateBusinessAddressesRequestSchema } from '@app/contracts';
import { api } from '../../lib/api-client';
import { sessionKey } from '../../lib/session';
import { storage } from '../../lib/storage';

/** Cached data that does not depend on the selected business. */
const globalQueryRoots = new Set(['session', 'tenant-config']);

const businessAnswer = dataResponse(businessResourceSchema);

type CreateBusinessBody = Pick<z.output<typeof createBusinessRequestSchema>, 'name' | 'business_type' | 'business_structure' | 'currency_id'>;

/** Selecting a business: remember it, refresh everything for it, land on its dashboard. */
export function useSwitchBusiness(): (businessId: string) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (businessId) => {
    storage.setSelectedBusiness(businessId);
    await queryClient.invalidateQueries({ queryKey: sessionKey });
    queryClient.removeQueries({ predicate: (query) => !globalQueryRoots.has(String(query.queryKey[0])) });
    await navigate('/dashboard');
  };
}

export function useCreateBusiness() {
  return useMutation({
    mutationFn: (body: CreateBusinessBody) => api.post('/businesses/create', businessAnswer, body),
  });
}

/** The selected business's own record (the settings page edits it). */
export const currentBusinessKey = ['business'] as const;

export function useCurrentBusiness() {
  return useQuery({
    queryKey: currentBusinessKey,
    queryFn: ({ signal }) => api.get('/business', businessAnswer, { signal }).then((response) => response.data),
  });
}

/** The shell shows the business's name and logo from the startup data, so it is refreshed after a change. */
function useStoreBusiness() {
  const queryClient = useQueryClient();
  return async (business: BusinessResource) => {
    queryClient.setQueryData(currentBusinessKey, business);
    await queryClient.invalidateQueries({ queryKey: sessionKey });
  };
}

export function useUpdateBusiness() {
  const store = useStoreBusiness();
  return useMutation({
    mutationFn: (body: UpdateBusinessFields) => api.put('/business', businessAnswer, body),
    onSuccess: (response) => store(response.data),
  });
}

export function useUpdateBusinessAddresses() {
  const store = useStoreBusiness();
  return useMutation({
    mutationFn: (body: z.output<typeof updateBusinessAddressesRequestSchema>) => api.put('/business/addresses', businessAnswer, body),
    onSuccess: (response) => store(response.data),
  });
}

export function useUploadBusinessLogo() {
  const store = useStoreBusiness();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('business_logo', file);
      return api.post('/business/upload-logo', businessAnswer, body);
    },
    onSuccess: (response) => store(response.data),
  });
}
