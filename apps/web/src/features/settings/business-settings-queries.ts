import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BusinessSettings, type ResolvedBusinessSettings, businessSettingsResourceSchema, resolveBusinessSettings, updateBusinessSettingsResponseSchema } from '@app/contracts';
import { api } from '../../lib/api-client';
import { ApiError, isApiError } from '../../lib/api-error';
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

/**
 * The API names fields inside the request's `settings` object ('settings.link_expiry_days');
 * `rename` gives the form's name for each.
 */
export function renameFieldErrors(err: unknown, rename: (field: string) => string): unknown {
  if (!isApiError(err) || !err.errors) return err;
  const errors = Object.fromEntries(Object.entries(err.errors).map(([field, list]) => [rename(field), list]));
  return new ApiError(err.status, err.message, errors, err.silent);
}
