import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { savedDocumentResponse, estimateResourceSchema, estimateTemplatesResponseSchema, invoiceResourceSchema, invoiceTemplatesResponseSchema } from '@app/contracts';
import { api } from '../../lib/api-client';
import { type DocumentKind, documentKinds } from '../../lib/document-kinds';
import { documentKeys } from '../../lib/queries/document-keys';
import type { DocumentRequestBody } from './document-form-values';

export const formKeys = {
  templates: (kind: DocumentKind) => [...documentKeys.all(kind), 'templates'] as const,
};

export function useDocumentTemplates(kind: DocumentKind) {
  return useQuery({
    queryKey: formKeys.templates(kind),
    queryFn: async ({ signal }) => {
      const path = `${documentKinds[kind].base}/templates`;
      return kind === 'invoice' ? (await api.get(path, invoiceTemplatesResponseSchema, { signal })).invoiceTemplates : (await api.get(path, estimateTemplatesResponseSchema, { signal })).estimateTemplates;
    },
    staleTime: 5 * 60_000,
  });
}

export function useSaveDocument(kind: DocumentKind) {
  const queryClient = useQueryClient();
  const base = documentKinds[kind].base;
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: DocumentRequestBody }) =>
      id
        ? api.put(`${base}/${encodeURIComponent(id)}`, savedDocumentResponse(kind === 'invoice' ? invoiceResourceSchema : estimateResourceSchema), body)
        : api.post(base, savedDocumentResponse(kind === 'invoice' ? invoiceResourceSchema : estimateResourceSchema), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all(kind) }),
  });
}
