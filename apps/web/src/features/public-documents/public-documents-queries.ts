import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type LinkedBank, type OnlinePaymentMethod, bankLinkTokenSchema, dataResponse, cardPaymentOptionsResponseSchema, cardPaymentResponseSchema, documentStatusResponseSchema, publicDocumentSchema, publicEstimateDepositResponseSchema, publicPaymentSchema } from '@app/contracts';
import { api } from '../../lib/api-client';

export type PublicModel = 'invoice' | 'estimate';

const path = (model: PublicModel, token: string) => `/public/${model}s/${encodeURIComponent(token)}`;
const key = (model: PublicModel, token: string) => ['public-document', model, token] as const;

export function usePublicDocument(model: PublicModel, token: string) {
  return useQuery({
    queryKey: key(model, token),
    queryFn: ({ signal }) => api.get(path(model, token), publicDocumentSchema, { signal }),
    retry: false,
  });
}

/** A payment receipt (or payment advice) behind its public link. */
export function usePublicReceipt(token: string) {
  return useQuery({
    queryKey: ['public-document', 'payment', token] as const,
    queryFn: ({ signal }) => api.get(`/public/payments/${encodeURIComponent(token)}`, publicPaymentSchema, { signal }),
    retry: false,
  });
}

/** The recipient accepts or rejects an estimate from its public link. */
export function usePublicEstimateDecision(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: 'approve' | 'reject') => api.post(`${path('estimate', token)}/${decision}`, documentStatusResponseSchema, decision === 'reject' ? {} : undefined),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key('estimate', token) }),
  });
}

/** Whether the invoice's business takes card payments (the Pay button), the provider's key and script, the amount rules, and the signed-in viewer's way into the app. */
export function usePublicCardOptions(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['public-document', 'invoice', token, 'card-payment'] as const,
    queryFn: ({ signal }) => api.get(`${path('invoice', token)}/card-payment`, cardPaymentOptionsResponseSchema, { signal }),
    enabled,
    retry: false,
  });
}

/** Starts (or resumes) the invoice's payment by card or US bank account: the client secret to confirm in the browser. */
export async function startOnlinePayment(token: string, amount: number | undefined, method: OnlinePaymentMethod, bankLink?: LinkedBank) {
  const body = { method, ...(amount === undefined ? {} : { amount }), ...(bankLink ? { bank_link: bankLink } : {}) };
  return (await api.post(`${path('invoice', token)}/card-payment`, cardPaymentResponseSchema, body)).data;
}

/** A link token to open the bank-link provider's Link with, for paying this invoice (or this estimate's deposit) from a linked bank. */
export async function publicBankLinkToken(token: string, kind: PublicModel = 'invoice') {
  return (await api.post(`${path(kind, token)}/bank-link-token`, dataResponse(bankLinkTokenSchema), {})).data.link_token;
}

/** Asks for the public invoice again (it shows paid once the provider's event arrived). */
export function useRefreshPublicInvoice(token: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key('invoice', token) });
}

const depositKey = (token: string) => ['public-document', 'estimate', token, 'deposit'] as const;

/** The estimate's deposit and, when it can be paid, the pay form's options. */
export function usePublicDeposit(token: string) {
  return useQuery({
    queryKey: depositKey(token),
    queryFn: async ({ signal }) => (await api.get(`${path('estimate', token)}/deposit`, publicEstimateDepositResponseSchema, { signal })).data,
    retry: false,
  });
}

/** Starts (or resumes) the deposit's payment: the client secret to confirm in the browser. */
export async function startDepositPayment(token: string, method: OnlinePaymentMethod, bankLink?: LinkedBank) {
  return (await api.post(`${path('estimate', token)}/deposit-payment`, cardPaymentResponseSchema, { method, ...(bankLink ? { bank_link: bankLink } : {}) })).data;
}

/** Asks for the deposit again (it shows paid once the provider's event arrived). */
export function useRefreshPublicDeposit(token: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: depositKey(token) });
}
