import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataResponse, securitySettingsSchema, type SecuritySettings } from '@app/contracts';
import { api } from '../../lib/api-client';

const securitySettingsKey = ['security-settings'] as const;
const securitySettingsAnswer = dataResponse(securitySettingsSchema);
const tokensKey = ['me', 'tokens'] as const;

export function useSecuritySettings() {
  return useQuery({ queryKey: securitySettingsKey, queryFn: () => api.get('/platform/security-settings', securitySettingsAnswer).then((r) => r.data) });
}

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettings) => api.put('/platform/security-settings', securitySettingsAnswer, body),
    onSuccess: async (response) => {
      queryClient.setQueryData(securitySettingsKey, response.data);
      // The token form offers lifetimes up to the maximum.
      await queryClient.invalidateQueries({ queryKey: tokensKey });
    },
  });
}
