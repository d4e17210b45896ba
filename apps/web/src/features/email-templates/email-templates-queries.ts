import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type EmailTemplateKey,
  type EmailTemplatePreviewRequest,
  type EmailTemplateRequest,
  dataResponse,
  emailTemplateListResponseSchema,
  emailTemplatePreviewResourceSchema,
  emailTemplateResourceSchema,
  messageResponseSchema,
} from '@app/contracts';
import { api } from '../../lib/api-client';

const templatesKey = ['email-templates'] as const;
const one = dataResponse(emailTemplateResourceSchema);
const pathOf = (key: EmailTemplateKey) => `/platform/email-templates/${encodeURIComponent(key)}`;

export function useEmailTemplates() {
  return useQuery({ queryKey: templatesKey, queryFn: ({ signal }) => api.get('/platform/email-templates', emailTemplateListResponseSchema, { signal }).then((r) => r.data) });
}

export function useEmailTemplate(key: EmailTemplateKey) {
  return useQuery({ queryKey: [...templatesKey, key], queryFn: ({ signal }) => api.get(pathOf(key), one, { signal }).then((r) => r.data) });
}

function useTemplateChange<Input>(send: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey }) });
}

export function useSaveEmailTemplate(key: EmailTemplateKey) {
  return useTemplateChange((body: EmailTemplateRequest) => api.put(pathOf(key), one, body));
}

export function useResetEmailTemplate(key: EmailTemplateKey) {
  return useTemplateChange(() => api.delete(pathOf(key), one));
}

/** The draft rendered with the sample data, read again as the admin types (the last draft wins). */
export function useEmailTemplatePreview(key: EmailTemplateKey, draft: EmailTemplatePreviewRequest) {
  return useQuery({
    queryKey: [...templatesKey, key, 'preview', draft],
    queryFn: ({ signal }) => api.post(`${pathOf(key)}/preview`, dataResponse(emailTemplatePreviewResourceSchema), draft, { signal }).then((r) => r.data),
    retry: false,
  });
}

export function useSendTestMail(key: EmailTemplateKey) {
  return useMutation({ mutationFn: () => api.post(`${pathOf(key)}/test`, messageResponseSchema) });
}
