import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  businessOnboardingInfoSchema,
  type businessOnboardingRequestSchema,
  counterpartyBulkResponseSchema,
  type CounterpartyKind,
  counterpartyListResponseSchema,
  counterpartyPreviewResponseSchema,
  counterpartyResourceSchema,
  type CounterpartyTab,
  type createCounterpartyRequestSchema,
  dataResponse,
  messageResponseSchema,
  statementResponseSchema,
  successResponseSchema,
} from '@app/contracts';
import { api } from '../../lib/api-client';
import { counterpartyKinds } from '../../lib/counterparty-kinds';

export const COUNTERPARTIES_PAGE_SIZE = 15;

const counterpartyAnswer = dataResponse(counterpartyResourceSchema);

export type CounterpartyOrder = { field: 'name' | 'email' | 'created_at' | 'amount_due'; direction: 'asc' | 'desc' };
export type BulkAction = 'archive' | 'unarchive' | 'delete';
type SaveBody = z.output<typeof createCounterpartyRequestSchema>;

export const counterpartyKeys = {
  all: (kind: CounterpartyKind) => [`${kind}s`] as const,
  list: (kind: CounterpartyKind, tab: CounterpartyTab, search: string, page: number, order: CounterpartyOrder) => [`${kind}s`, 'list', tab, search, page, order] as const,
  one: (kind: CounterpartyKind, id: string) => [`${kind}s`, 'one', id] as const,
};

const base = (kind: CounterpartyKind) => counterpartyKinds[kind].base;

export function useCounterparties(kind: CounterpartyKind, tab: CounterpartyTab, search: string, page: number, order: CounterpartyOrder) {
  return useQuery({
    queryKey: counterpartyKeys.list(kind, tab, search, page, order),
    queryFn: () =>
      api.get(base(kind), counterpartyListResponseSchema, {
        query: { status: tab, search: search || undefined, page, limit: COUNTERPARTIES_PAGE_SIZE, orderByField: order.field, orderBy: order.direction },
      }),
    placeholderData: keepPreviousData,
  });
}

/** One record with both addresses; also what the edit route's loader checks. */
export function counterpartyQueryOptions(kind: CounterpartyKind, id: string) {
  return queryOptions({
    queryKey: counterpartyKeys.one(kind, id),
    queryFn: async () => (await api.get(`${base(kind)}/${encodeURIComponent(id)}`, counterpartyAnswer, { query: { expand: 'billingAddress,shippingAddress' } })).data,
  });
}

export function useCounterparty(kind: CounterpartyKind, id: string) {
  return useQuery(counterpartyQueryOptions(kind, id));
}

export function useSaveCounterparty(kind: CounterpartyKind, id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBody) =>
      id ? api.put(`${base(kind)}/${encodeURIComponent(id)}`, counterpartyAnswer, body) : api.post(base(kind), counterpartyAnswer, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: counterpartyKeys.all(kind) }),
  });
}

/** The business an email would be linked to (nothing is saved). */
export function useLinkPreview(kind: CounterpartyKind, email: string) {
  return useQuery({
    queryKey: [`${kind}s`, 'preview', email] as const,
    queryFn: () => api.post(base(kind), counterpartyPreviewResponseSchema, { preview: true, email }),
    enabled: email.length > 0,
    // Previews are counted (100 an hour per user): an address asked once is not asked again soon.
    retry: false,
    staleTime: 10 * 60_000,
  });
}

export function useBulkCounterparties(kind: CounterpartyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids }: { action: BulkAction; ids: string[] }) => api.post(`${base(kind)}/${action}`, counterpartyBulkResponseSchema, { ids }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: counterpartyKeys.all(kind) }),
  });
}

export function useResendBusinessInvite() {
  return useMutation({
    mutationFn: ({ businessId, email }: { businessId: string; email: string }) => api.post(`/businesses/${encodeURIComponent(businessId)}/resend-invite`, successResponseSchema, { email }),
  });
}

export function useOnboardingInvitation(token: string) {
  return useQuery({
    queryKey: ['onboarding-invitation', token] as const,
    queryFn: () => api.get(`/onboarding-invitations/${encodeURIComponent(token)}`, businessOnboardingInfoSchema),
    retry: false,
  });
}

export function useAcceptOnboarding(token: string) {
  return useMutation({
    mutationFn: (body: z.output<typeof businessOnboardingRequestSchema>) => api.post(`/onboarding-business-invitation/${encodeURIComponent(token)}`, messageResponseSchema, body),
  });
}

/** A counterparty's statement over a period (blank dates: the server's default, the year to date). */
export function useCounterpartyStatement(kind: CounterpartyKind, id: string, from: string, to: string, enabled: boolean) {
  return useQuery({
    queryKey: [...counterpartyKeys.one(kind, id), 'statement', from, to],
    queryFn: async () => (await api.get(`${base(kind)}/${encodeURIComponent(id)}/statement`, statementResponseSchema, { query: { from: from || undefined, to: to || undefined } })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}
