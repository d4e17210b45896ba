import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EstimateResource, InvoiceResource, PdfTemplate } from '@app/contracts';
import { api } from '../../lib/api-client';
import { type DocumentKind, documentKinds } from '../../lib/document-kinds';
import { documentKeys } from '../../lib/queries/document-keys';

export const formKeys = {
  templates: (kind: DocumentKind) => [...documentKeys.all(kind), 'templates'] as const,
};

type TemplatesResponse = { invoiceTemplates?: PdfTemplate[]; estimateTemplates?: PdfTemplate[] };

export function useDocumentTemplates(kind: DocumentKind) {
  return useQuery({
    queryKey: formKeys.templates(kind),
    queryFn: async ({ signal }) => {
      const response = await api.get<TemplatesResponse>(`${documentKinds[kind].base}/templates`, { signal });
      return (kind === 'invoice' ? response.invoiceTemplates : response.estimateTemplates) ?? [];
    },
    staleTime: 5 * 60_000,
  });
}

export function useSaveDocument(kind: DocumentKind) {
  const queryClient = useQueryClient();
  const base = documentKinds[kind].base;
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: Record<string, unknown> }) =>
      id
        ? api.put<{ data: InvoiceResource | EstimateResource }>(`${base}/${encodeURIComponent(id)}`, body)
        : api.post<{ data: InvoiceResource | EstimateResource }>(base, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all(kind) }),
  });
}
