import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecuritySettings } from '@app/contracts';
import { api } from '../../lib/api-client';

const securitySettingsKey = ['security-settings'] as const;
const tokensKey = ['me', 'tokens'] as const;

export function useSecuritySettings() {
  return useQuery({ queryKey: securitySettingsKey, queryFn: () => api.get<{ data: SecuritySettings }>('/platform/security-settings').then((r) => r.data) });
}

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) => api.put<{ data: SecuritySettings }>('/platform/security-settings', body),
    onSuccess: async (response) => {
      queryClient.setQueryData(securitySettingsKey, response.data);
      // The token form offers lifetimes up to the maximum.
      await queryClient.invalidateQueries({ queryKey: tokensKey });
    },
  });
}
