import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type EstimateDepositRequest, type LinkedBank, type OnlinePaymentMethod, bankLinkTokenSchema, cardPaymentResponseSchema, dataResponse, estimateDepositResponseSchema, publicEstimateDepositResponseSchema } from '@app/contracts';
import { api } from '../../lib/api-client';
import { documentKeys } from '../../lib/queries/document-keys';

const estimatePath = (id: string) => `/estimates/${encodeURIComponent(id)}`;
const depositKey = (id: string) => [...documentKeys.one('estimate', id), 'deposit'] as const;
const payKey = (id: string) => [...documentKeys.one('estimate', id), 'deposit-payment'] as const;

/** The estimate's deposit: the business's own estimate, or one addressed to it. */
export function useEstimateDeposit(id: string) {
  return useQuery({
    queryKey: depositKey(id),
    queryFn: async ({ signal }) => (await api.get(`${estimatePath(id)}/deposit`, estimateDepositResponseSchema, { signal })).data,
    retry: false,
  });
}

/** The vendor asks, changes (`request` given) or withdraws (null) the deposit; the answer is the deposit as it now stands. */
export function useChangeDeposit(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: EstimateDepositRequest | null) =>
      (request ? await api.put(`${estimatePath(id)}/deposit`, estimateDepositResponseSchema, request) : await api.delete(`${estimatePath(id)}/deposit`, estimateDepositResponseSchema)).data,
    onSuccess: (deposit) => queryClient.setQueryData(depositKey(id), deposit),
  });
}

/** The customer business's deposit and pay form options (pay-invoice) for its incoming estimate. */
export function useIncomingDepositOptions(id: string, enabled: boolean) {
  return useQuery({
    queryKey: payKey(id),
    queryFn: async ({ signal }) => (await api.get(`${estimatePath(id)}/deposit-payment`, publicEstimateDepositResponseSchema, { signal })).data,
    enabled,
    retry: false,
  });
}

/** Starts (or resumes) the customer business's deposit payment: the client secret to confirm in the browser. */
export async function startIncomingDeposit(id: string, method: OnlinePaymentMethod, bankLink?: LinkedBank) {
  return (await api.post(`${estimatePath(id)}/deposit-payment`, cardPaymentResponseSchema, { method, ...(bankLink ? { bank_link: bankLink } : {}) })).data;
}

/** A link token to open the bank-link provider's Link with, for paying the incoming estimate's deposit from a linked bank. */
export async function incomingDepositBankLinkToken(id: string) {
  return (await api.post(`${estimatePath(id)}/bank-link-token`, dataResponse(bankLinkTokenSchema), {})).data.link_token;
}

/** Asks for the deposit again (it shows paid once the provider's event arrived). */
export function useRefreshDeposit(id: string) {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: depositKey(id) }), queryClient.invalidateQueries({ queryKey: payKey(id) })]);
}
