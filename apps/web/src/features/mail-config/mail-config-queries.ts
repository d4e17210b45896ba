import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { dataResponse, mailConfigResourceSchema, testMailResponseSchema, type updateMailConfigRequestSchema } from '@app/contracts';
import { api } from '../../lib/api-client';

const mailConfigAnswer = dataResponse(mailConfigResourceSchema);

/** Whose mail server: the tenant's (admin area) or the selected business's (settings). */
export type MailArea = 'platform' | 'business';

const mailConfigKey = (area: MailArea) => ['mail-config', area] as const;

export function useMailConfig(area: MailArea) {
  return useQuery({ queryKey: mailConfigKey(area), queryFn: () => api.get(`/${area}/mail/config`, mailConfigAnswer).then((r) => r.data) });
}

export function useSaveMailConfig(area: MailArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof updateMailConfigRequestSchema>) => api.put(`/${area}/mail/config`, mailConfigAnswer, body),
    onSuccess: (response) => queryClient.setQueryData(mailConfigKey(area), response.data),
  });
}

/** A business back on the tenant's server. */
export function useRemoveBusinessMailConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/business/mail/config', mailConfigAnswer),
    onSuccess: (response) => queryClient.setQueryData(mailConfigKey('business'), response.data),
  });
}

export function useSendTestMail(area: MailArea) {
  return useMutation({ mutationFn: (to: string) => api.post(`/${area}/mail/test`, testMailResponseSchema, { to }) });
}
