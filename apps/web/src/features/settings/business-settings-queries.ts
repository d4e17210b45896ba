import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BusinessSettings, type ResolvedBusinessSettings, businessSettingsResourceSchema, resolveBusinessSettings, updateBusinessSettingsResponseSchema } from '@app/contracts';
import { api } from '../../lib/api-client';
import { sessionKey } from '../../lib/session';

export const businessSettingsKey = ['business-settings'] as const;

/** Every setting of the selected business, unset ones at their defaults. */
export function useBusinessSettings() {
  return useQuery({
    queryKey: businessSettingsKey,
    queryFn: async ({ signal }) => resolveBusinessSettings(await api.get('/business/settings', businessSettingsResourceSchema, { signal })),
  });
}

/** The keys whose value differs from what is stored: only those are sent. */
export function changedSettings(stored: ResolvedBusinessSettings, edited: BusinessSettings): BusinessSettings {
  const changed: BusinessSettings = {};
  for (const [key, value] of Object.entries(edited) as [keyof BusinessSettings, unknown][]) {
    if (value !== undefined && value !== stored[key]) Object.assign(changed, { [key]: value });
  }
  return changed;
}

/** Saves settings; the startup data carries them too (forms read them), so it is refreshed. */
export function useSaveBusinessSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: BusinessSettings) => api.post('/business/settings', updateBusinessSettingsResponseSchema, { settings }),
    onSuccess: async (response) => {
      queryClient.setQueryData(businessSettingsKey, resolveBusinessSettings(response.settings));
      await queryClient.invalidateQueries({ queryKey: sessionKey });
    },
  });
}

