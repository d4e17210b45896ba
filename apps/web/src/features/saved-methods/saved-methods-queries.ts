import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type PaymentMethodSetupResource,
  paymentMethodLinkResponseSchema,
  paymentMethodSetupResponseSchema,
  publicPaymentMethodLinkResponseSchema,
  savedPaymentMethodListResponseSchema,
  savedPaymentMethodResponseSchema,
  successResponseSchema,
} from '@app/contracts';
import { api } from '../../lib/api-client';

const KEY = ['saved-payment-methods'] as const;

export function useSavedMethods() {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api.get('/business/payment-methods', savedPaymentMethodListResponseSchema, { signal }) });
}

/** Where the browser saves a card: the business's own setup, or a payment-method link's. */
export type SetupTarget = { start(): Promise<PaymentMethodSetupResource>; finish(setupIntentId: string): Promise<unknown> };

export const ownSetup: SetupTarget = {
  start: async () => (await api.post('/business/payment-methods/setup', paymentMethodSetupResponseSchema, {})).data,
  finish: (setupIntentId) => api.post('/business/payment-methods/confirm', savedPaymentMethodResponseSchema, { setup_intent_id: setupIntentId }),
};

export function linkSetup(token: string): SetupTarget {
  const base = `/public/payment-method-links/${encodeURIComponent(token)}`;
  return {
    start: async () => (await api.post(`${base}/setup`, paymentMethodSetupResponseSchema, {})).data,
    finish: (setupIntentId) => api.post(`${base}/confirm`, savedPaymentMethodResponseSchema, { setup_intent_id: setupIntentId }),
  };
}

export function useRefreshSavedMethods() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

export function useSetDefaultMethod() {
  const refresh = useRefreshSavedMethods();
  return useMutation({ mutationFn: (id: string) => api.post(`/business/payment-methods/${id}/set-as-default`, savedPaymentMethodResponseSchema, {}), onSuccess: refresh });
}

export function useDeleteMethod() {
  const refresh = useRefreshSavedMethods();
  return useMutation({ mutationFn: (id: string) => api.delete(`/business/payment-methods/${id}`, successResponseSchema), onSuccess: refresh });
}

export function usePublicMethodLink(token: string) {
  return useQuery({
    queryKey: ['payment-method-link', token] as const,
    queryFn: ({ signal }) => api.get(`/public/payment-method-links/${encodeURIComponent(token)}`, publicPaymentMethodLinkResponseSchema, { signal }),
    retry: false,
  });
}

/** A vendor asks one of its customers to save a method: the link to send them. */
export function useCreateMethodLink() {
  return useMutation({ mutationFn: (customerId: string) => api.post(`/customers/${customerId}/payment-method-links`, paymentMethodLinkResponseSchema, {}) });
}
