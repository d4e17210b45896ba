import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type UpdateNotificationSettingsRequest, notificationSettingsResponseSchema } from '@app/contracts';
import { api } from '../../lib/api-client';

const notificationSettingsKey = ['notification-settings'] as const;

/** Every event the business can be told of by mail, with the addresses it goes to. */
export function useNotificationSettings() {
  return useQuery({ queryKey: notificationSettingsKey, queryFn: ({ signal }) => api.get('/business/notification-settings', notificationSettingsResponseSchema, { signal }).then((r) => r.data) });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationSettingsRequest) => api.put('/business/notification-settings', notificationSettingsResponseSchema, body),
    onSuccess: (response) => queryClient.setQueryData(notificationSettingsKey, response.data),
  });
}
