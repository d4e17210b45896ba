import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import type { BusinessResource, createBusinessRequestSchema } from '@app/contracts';
import { api } from '../../lib/api-client';
import { sessionKey } from '../../lib/session';
import { storage } from '../../lib/storage';

/** Cached data that does not depend on the selected business. */
const globalQueryRoots = new Set(['session', 'tenant-config']);

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
    mutationFn: (body: CreateBusinessBody) => api.post<{ data: BusinessResource }>('/businesses/create', body),
  });
}
