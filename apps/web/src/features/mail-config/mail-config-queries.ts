import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { dataResponse, mailConfigResourceSchema, testMailResponseSchema, type updateMailConfigRequestSchema } from '@app/contracts';
import { api } from '../../lib/api-client';

const mailConfigAnswer = dataResponse(mailConfigResourceSchema);

const mailConfigKey = ['mail-config'] as const;

export function useMailConfig() {
  return useQuery({ queryKey: mailConfigKey, queryFn: () => api.get('/platform/mail/config', mailConfigAnswer).then((r) => r.data) });
}

export function useSaveMailConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof updateMailConfigRequestSchema>) => api.put('/platform/mail/config', mailConfigAnswer, body),
    onSuccess: (response) => queryClient.setQueryData(mailConfigKey, response.data),
  });
}

export function useSendTestMail() {
  return useMutation({ mutationFn: (to: string) => api.post('/platform/mail/test', testMailResponseSchema, { to }) });
}
