import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type PdfTemplateCreateRequest,
  type PdfTemplatePreviewRequest,
  type PdfTemplateRequest,
  dataResponse,
  pdfTemplateListResponseSchema,
  pdfTemplateResourceSchema,
  successResponseSchema,
} from '@app/contracts';
import { api } from '../../lib/api-client';
import { documentKeys } from '../../lib/queries/document-keys';

const templatesKey = ['pdf-templates'] as const;
const one = dataResponse(pdfTemplateResourceSchema);
const BASE = '/platform/pdf-templates';
const pathOf = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export function usePdfTemplates() {
  return useQuery({ queryKey: templatesKey, queryFn: ({ signal }) => api.get(BASE, pdfTemplateListResponseSchema, { signal }).then((r) => r.data) });
}

export function usePdfTemplate(id: string) {
  return useQuery({ queryKey: [...templatesKey, id], queryFn: ({ signal }) => api.get(pathOf(id), one, { signal }).then((r) => r.data) });
}

/** A change to one template; every list of templates (documents' choices included) is read again. */
function useTemplateChange<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: templatesKey });
      // The template choices of the document forms.
      await queryClient.invalidateQueries({ queryKey: [...documentKeys.all('invoice'), 'templates'] });
      await queryClient.invalidateQueries({ queryKey: [...documentKeys.all('estimate'), 'templates'] });
    },
  });
}

export function useCreatePdfTemplate() {
  return useTemplateChange((body: PdfTemplateCreateRequest) => api.post(BASE, one, body).then((r) => r.data));
}

export function useSavePdfTemplate(id: string) {
  return useTemplateChange((body: PdfTemplateRequest) => api.put(pathOf(id), one, body).then((r) => r.data));
}

export function useDeletePdfTemplate() {
  return useTemplateChange((id: string) => api.delete(pathOf(id), successResponseSchema));
}

export function useMakeDefaultPdfTemplate() {
  return useTemplateChange((id: string) => api.post(`${pathOf(id)}/default`, one).then((r) => r.data));
}

/** A sample document drawn with the draft; the last PDF stays on screen while the next one is made. */
export function usePdfTemplatePreview(draft: PdfTemplatePreviewRequest | null) {
  return useQuery({
    queryKey: [...templatesKey, 'preview', draft],
    queryFn: ({ signal }) => api.postBlob(`${BASE}/preview`, draft ?? {}, { signal }),
    enabled: draft !== null,
    placeholderData: keepPreviousData,
    retry: false,
    gcTime: 0,
  });
}
