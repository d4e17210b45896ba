import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentModel, EstimateResource, InvoiceResource, NextNumberResponse, PdfTemplate } from '@app/contracts';
import { api } from '../../lib/api-client';
import { type DocumentKind, documentKinds } from '../invoices/document-kinds';
import { documentKeys } from '../invoices/invoices-queries';

export const formKeys = {
  templates: (kind: DocumentKind) => [...documentKeys.all(kind), 'templates'] as const,
  nextNumber: (model: DocumentModel, customerId: string | null, date: string) => ['next-number', model, customerId, date] as const,
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

/** The number the next document would get; a format with a customer sequence needs the customer. */
export function useNextNumber(model: DocumentModel, customerId: string | null, date: string, enabled: boolean) {
  return useQuery({
    queryKey: formKeys.nextNumber(model, customerId, date),
    queryFn: ({ signal }) => api.get<NextNumberResponse>('/next-number', { query: { model, customer_id: customerId ?? undefined, date: date || undefined }, signal }),
    enabled,
    retry: false,
    staleTime: 0,
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
