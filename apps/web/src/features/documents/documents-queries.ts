import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AttachmentResource,
  bulkDeleteResponseSchema,
  dataResponse,
  type DocumentDirection,
  documentEmailPreviewSchema,
  documentStatusResponseSchema,
  type EstimateListResponse,
  estimateListResponseSchema,
  type EstimateResource,
  estimateResourceSchema,
  type InvoiceListResponse,
  invoiceListResponseSchema,
  invoiceReminderDeliveriesResponseSchema,
  type InvoiceResource,
  invoiceResourceSchema,
  invoiceStatsSchema,
  publicLinkResponseSchema,
  type SendDocumentEmailRequest,
  sentDocumentResponse,
  successResponseSchema,
} from '@app/contracts';
import { type ShownEstimateStatus, type ShownInvoiceStatus, shownEstimateStatus, shownInvoiceStatus } from '@app/domain';
import { api } from '../../lib/api-client';
import { type DocumentKind, documentKinds } from '../../lib/document-kinds';
import { type DocumentListParams, documentKeys, invoiceKeys } from '../../lib/queries/document-keys';

export const DOCUMENTS_PAGE_SIZE = 15;

export type DocumentResource = InvoiceResource | EstimateResource;
export type DocumentListResponse = InvoiceListResponse | EstimateListResponse;
export type DocumentListRow = DocumentListResponse['data'][number];

/** Actions that are one POST without a body; the answer is the document (or the receiver's new status). */
export type DocumentCommand = 'finalize' | 'void' | 'mark-sent' | 'clone' | 'approve' | 'reject' | 'admin-approve' | 'convert-to-invoice';

const base = (kind: DocumentKind) => documentKinds[kind].base;
const one = (kind: DocumentKind, id: string) => `${base(kind)}/${encodeURIComponent(id)}`;

export function isInvoice<T extends DocumentResource | DocumentListRow>(document: T): document is Extract<T, { invoice_number: string }> {
  return 'invoice_number' in document;
}

/** The status a document's badge shows: its issuer sees the workflow, its receiver DUE while it waits for payment; estimates read ACCEPTED when approved. */
export function shownStatusOf(document: DocumentResource | DocumentListRow, direction: DocumentDirection): ShownInvoiceStatus | ShownEstimateStatus {
  if (isInvoice(document)) return shownInvoiceStatus(document, direction === 'outgoing' ? 'issuer' : 'receiver');
  return shownEstimateStatus(document.status);
}

export function useDocumentList(kind: DocumentKind, params: DocumentListParams) {
  return useQuery({
    queryKey: documentKeys.list(kind, params),
    queryFn: ({ signal }) => api.get(base(kind), kind === 'invoice' ? invoiceListResponseSchema : estimateListResponseSchema, { query: { limit: DOCUMENTS_PAGE_SIZE, ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInvoiceStats(direction: DocumentDirection) {
  return useQuery({
    queryKey: documentKeys.stats(direction),
    queryFn: ({ signal }) => api.get('/invoices/stats', invoiceStatsSchema, { query: { type: direction }, signal }),
  });
}

export function useDocument(kind: DocumentKind, id: string) {
  return useQuery({
    queryKey: documentKeys.one(kind, id),
    queryFn: async ({ signal }) => (await api.get(one(kind, id), documentAnswer(kind), { signal })).data,
  });
}

function commandPath(kind: DocumentKind, id: string, command: DocumentCommand): string {
  // The issuing business approves its own invoice on a separate path (spec section 7).
  if (command === 'admin-approve') return `${base(kind)}/admin/${encodeURIComponent(id)}/approve`;
  return `${one(kind, id)}/${command}`;
}

const documentAnswer = (kind: DocumentKind) => dataResponse(kind === 'invoice' ? invoiceResourceSchema : estimateResourceSchema);

/** The receiver's approve and reject answer the new status; a conversion answers the invoice it made; the rest answer the document. */
function commandAnswer(kind: DocumentKind, command: DocumentCommand) {
  if (command === 'approve' || command === 'reject') return documentStatusResponseSchema;
  return command === 'convert-to-invoice' ? dataResponse(invoiceResourceSchema) : documentAnswer(kind);
}

/** Refreshes the kind's lists, stats and records; a conversion also creates an invoice. */
function useInvalidate(kind: DocumentKind) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: documentKeys.all(kind) });
    if (kind === 'estimate') await queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
  };
}

export function useDocumentCommand(kind: DocumentKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: ({ id, command }: { id: string; command: DocumentCommand }) =>
      api.post(commandPath(kind, id, command), commandAnswer(kind, command), command === 'reject' ? {} : undefined),
    onSuccess: invalidate,
  });
}

export function useDeleteDocuments(kind: DocumentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) =>
      ids.length === 1 && ids[0] !== undefined
        ? api.delete(one(kind, ids[0]), successResponseSchema)
        : api.post(`${base(kind)}/delete`, bulkDeleteResponseSchema, { ids }),
    onSuccess: async (_result, ids) => {
      for (const id of ids) queryClient.removeQueries({ queryKey: documentKeys.one(kind, id) });
      await queryClient.invalidateQueries({ queryKey: documentKeys.all(kind) });
    },
  });
}

export function useUpdateDueDate() {
  const invalidate = useInvalidate('invoice');
  return useMutation({
    mutationFn: ({ id, dueDate }: { id: string; dueDate: string }) => api.post(`${one('invoice', id)}/update-due-date`, dataResponse(invoiceResourceSchema), { due_date: dueDate }),
    onSuccess: invalidate,
  });
}

export function useEmailPreview(kind: DocumentKind, id: string, enabled: boolean) {
  return useQuery({
    queryKey: documentKeys.emailPreview(kind, id),
    queryFn: async ({ signal }) => (await api.get(`${one(kind, id)}/preview-email`, dataResponse(documentEmailPreviewSchema), { signal })).data,
    enabled,
    // The preview is a starting point for the form; it must not change under the user's edits.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useSendDocumentEmail(kind: DocumentKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SendDocumentEmailRequest }) => api.post(`${one(kind, id)}/send-email`, sentDocumentResponse(kind === 'invoice' ? invoiceResourceSchema : estimateResourceSchema), body),
    onSuccess: invalidate,
  });
}

/** The payment reminders mailed for one of the business's own invoices, oldest first. */
export function useInvoiceReminders(id: string, enabled = true) {
  return useQuery({
    queryKey: [...documentKeys.one('invoice', id), 'reminders'] as const,
    queryFn: async ({ signal }) => (await api.get(`${one('invoice', id)}/reminders`, invoiceReminderDeliveriesResponseSchema, { signal })).data,
    enabled,
  });
}

export function useCreatePublicLink(kind: DocumentKind) {
  return useMutation({ mutationFn: (id: string) => api.post(`${one(kind, id)}/links`, publicLinkResponseSchema) });
}

export function useRemoveAttachment(kind: DocumentKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({
    mutationFn: ({ id, attachment }: { id: string; attachment: AttachmentResource }) => api.delete(`${one(kind, id)}/attachments/${encodeURIComponent(attachment.id)}`, successResponseSchema),
    onSuccess: invalidate,
  });
}

/** The document's PDF, fetched through the API client so the business header goes along. */
export function fetchDocumentPdf(kind: DocumentKind, id: string): Promise<Blob> {
  return api.getBlob(`${one(kind, id)}/pdf`);
}

/** An attachment's download `url` is under /api/v1; the client adds that prefix itself. */
export function fetchAttachment(attachment: AttachmentResource): Promise<Blob> {
  return api.getBlob(attachment.url.replace(/^\/api\/v1/, ''));
}
