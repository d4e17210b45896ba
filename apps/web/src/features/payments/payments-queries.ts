import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bulkDeleteResponseSchema,
  type DocumentDirection,
  dataResponse,
  documentEmailPreviewSchema,
  paymentClaimListResponseSchema,
  paymentClaimResponseSchema,
  paymentListResponseSchema,
  type PaymentRefundRequest,
  paymentRefundResponseSchema,
  type PaymentRequest,
  paymentResourceSchema,
  type SendDocumentEmailRequest,
  sentDocumentResponse,
  successResponseSchema,
} from '@app/contracts';
import { type QueryValue, api } from '../../lib/api-client';
import { companyPaths } from '../../lib/paths';
import { dashboardKeys } from '../../lib/queries/dashboard-keys';
import { invoiceKeys } from '../../lib/queries/document-keys';

export const PAYMENTS_PAGE_SIZE = 15;
export type PaymentListParams = Record<string, QueryValue>;

const BASE = companyPaths.payments;
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const paymentKeys = {
  all: ['payments'] as const,
  list: (params: PaymentListParams) => ['payments', 'list', params] as const,
  one: (id: string) => ['payments', 'one', id] as const,
  emailPreview: (id: string) => ['payments', 'email-preview', id] as const,
  claims: (params: PaymentListParams) => ['payments', 'claims', params] as const,
};

export function usePayments(params: PaymentListParams) {
  return useQuery({
    queryKey: paymentKeys.list(params),
    queryFn: ({ signal }) => api.get(BASE, paymentListResponseSchema, { query: { limit: PAYMENTS_PAGE_SIZE, ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The payments recorded against one invoice, as its issuer (received) or its receiver (made) sees
 * them; `enabled` false for a caller that may not view payments or a draft no one could pay.
 */
export function useInvoicePaymentList(invoiceId: string, direction: DocumentDirection, enabled = true) {
  const params: PaymentListParams = { tab: direction === 'outgoing' ? 'received' : 'made', invoice_id: invoiceId };
  return useQuery({
    queryKey: paymentKeys.list(params),
    queryFn: ({ signal }) => api.get(BASE, paymentListResponseSchema, { query: { limit: PAYMENTS_PAGE_SIZE, ...params }, signal }),
    enabled,
  });
}

export function usePayment(id: string) {
  return useQuery({
    queryKey: paymentKeys.one(id),
    queryFn: async ({ signal }) => (await api.get(one(id), dataResponse(paymentResourceSchema), { signal })).data,
  });
}

/** A payment changes its invoice's paid amounts and the dashboard's figures: all of them refresh. */
function useInvalidatePayments() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
      queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    ]);
  };
}

export function useSavePayment() {
  const invalidate = useInvalidatePayments();
  return useMutation({
    // A new payment carries the form's idempotency key: a retried submit records it once.
    mutationFn: ({ id, body, idempotencyKey }: { id: string | null; body: PaymentRequest; idempotencyKey: string }) =>
      id ? api.put(one(id), dataResponse(paymentResourceSchema), body) : api.post(BASE, dataResponse(paymentResourceSchema), body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: invalidate,
  });
}

export function useDeletePayments() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePayments();
  return useMutation({
    mutationFn: (ids: readonly string[]) =>
      ids.length === 1 && ids[0] !== undefined ? api.delete(one(ids[0]), successResponseSchema) : api.post(`${BASE}/delete`, bulkDeleteResponseSchema, { ids }),
    onSuccess: async (_result, ids) => {
      for (const id of ids) queryClient.removeQueries({ queryKey: paymentKeys.one(id) });
      await invalidate();
    },
  });
}

/** Claims addressed to the business: what its customers say they paid it. 'claimed' (awaiting a decision) unless `status` says otherwise. */
export function usePaymentClaims(params: PaymentListParams, enabled = true) {
  return useQuery({
    queryKey: paymentKeys.claims(params),
    queryFn: ({ signal }) => api.get(`${BASE}/claims`, paymentClaimListResponseSchema, { query: { limit: PAYMENTS_PAGE_SIZE, ...params }, signal }),
    enabled,
  });
}

export type ClaimDecision = { id: string; decision: 'confirm' } | { id: string; decision: 'reject'; reason: string | null };

/** Confirming settles the invoice and records a payment received; rejecting changes nothing but the claim: everything refreshes either way. */
export function useDecideClaim() {
  const invalidate = useInvalidatePayments();
  return useMutation({
    mutationFn: (decision: ClaimDecision) =>
      api.post(`${one(decision.id)}/${decision.decision}`, paymentClaimResponseSchema, decision.decision === 'reject' ? { reason: decision.reason } : {}),
    onSuccess: invalidate,
  });
}

export function usePaymentEmailPreview(id: string, enabled: boolean) {
  return useQuery({
    queryKey: paymentKeys.emailPreview(id),
    queryFn: async ({ signal }) => (await api.get(`${one(id)}/preview-email`, dataResponse(documentEmailPreviewSchema), { signal })).data,
    enabled,
    // The preview is a starting point for the form; it must not change under the user's edits.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useSendReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SendDocumentEmailRequest }) => api.post(`${one(id)}/send-email`, sentDocumentResponse(paymentResourceSchema), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

/** The receipt PDF, fetched through the API client so the business header goes along. */
export function fetchReceiptPdf(id: string): Promise<Blob> {
  return api.getBlob(`${one(id)}/pdf`);
}

/** Asks the provider for a refund; the payment and its invoice change once the provider's event arrives, so everything refreshes. */
export function useRefundPayment() {
  const invalidate = useInvalidatePayments();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PaymentRefundRequest }) => api.post(`${one(id)}/refund`, paymentRefundResponseSchema, body),
    onSuccess: invalidate,
  });
}
