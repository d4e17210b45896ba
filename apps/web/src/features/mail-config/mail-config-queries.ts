import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MailConfigResource, updateMailConfigRequestSchema } from '@app/contracts';
import { api } from '../../lib/api-client';

const mailConfigKey = ['mail-config'] as const;

export function useMailConfig() {
  return useQuery({ queryKey: mailConfigKey, queryFn: () => api.get<{ data: MailConfigResource }>('/platform/mail/config').then((r) => r.data) });
}

export function useSaveMailConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof updateMailConfigRequestSchema>) => api.put<{ data: MailConfigResource }>('/platform/mail/config', body),
    onSuccess: (response) => queryClient.setQueryData(mailConfigKey, response.data),
  });
}

export function useSendTestMail() {
  return useMutation({ mutationFn: (to: string) => api.post<{ success: boolean; message: string }>('/platform/mail/test', { to }) });
}
