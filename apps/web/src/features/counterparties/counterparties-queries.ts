import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  BusinessOnboardingInfo,
  CounterpartyKind,
  CounterpartyListResponse,
  CounterpartyPreviewResponse,
  CounterpartyResource,
  CounterpartyTab,
  businessOnboardingRequestSchema,
  createCounterpartyRequestSchema,
} from '@app/contracts';
import { api } from '../../lib/api-client';
import { counterpartyKinds } from '../../lib/counterparty-kinds';

export const COUNTERPARTIES_PAGE_SIZE = 15;

type MessageResponse = { message?: string };

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
      api.get<CounterpartyListResponse>(base(kind), {
        query: { status: tab, search: search || undefined, page, limit: COUNTERPARTIES_PAGE_SIZE, orderByField: order.field, orderBy: order.direction },
      }),
    placeholderData: keepPreviousData,
  });
}

/** One record with both addresses; also what the edit route's loader checks. */
export function counterpartyQueryOptions(kind: CounterpartyKind, id: string) {
  return queryOptions({
    queryKey: counterpartyKeys.one(kind, id),
    queryFn: async () => (await api.get<{ data: CounterpartyResource }>(`${base(kind)}/${encodeURIComponent(id)}`, { query: { expand: 'billingAddress,shippingAddress' } })).data,
  });
}

export function useCounterparty(kind: CounterpartyKind, id: string) {
  return useQuery(counterpartyQueryOptions(kind, id));
}

export function useSaveCounterparty(kind: CounterpartyKind, id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveBody) =>
      id ? api.put<{ data: CounterpartyResource }>(`${base(kind)}/${encodeURIComponent(id)}`, body) : api.post<{ data: CounterpartyResource }>(base(kind), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: counterpartyKeys.all(kind) }),
  });
}

/** The business an email would be linked to (nothing is saved). */
export function useLinkPreview(kind: CounterpartyKind, email: string) {
  return useQuery({
    queryKey: [`${kind}s`, 'preview', email] as const,
    queryFn: () => api.post<CounterpartyPreviewResponse>(base(kind), { preview: true, email }),
    enabled: email.length > 0,
    // Previews are counted (100 an hour per user): an address asked once is not asked again soon.
    retry: false,
    staleTime: 10 * 60_000,
  });
}

export function useBulkCounterparties(kind: CounterpartyKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ids }: { action: BulkAction; ids: string[] }) => api.post<{ success: boolean; count: number }>(`${base(kind)}/${action}`, { ids }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: counterpartyKeys.all(kind) }),
  });
}

export function useResendBusinessInvite() {
  return useMutation({
    mutationFn: ({ businessId, email }: { businessId: string; email: string }) => api.post<MessageResponse>(`/businesses/${encodeURIComponent(businessId)}/resend-invite`, { email }),
  });
}

export function useOnboardingInvitation(token: string) {
  return useQuery({
    queryKey: ['onboarding-invitation', token] as const,
    queryFn: () => api.get<BusinessOnboardingInfo>(`/onboarding-invitations/${encodeURIComponent(token)}`),
    retry: false,
  });
}

export function useAcceptOnboarding(token: string) {
  return useMutation({
    mutationFn: (body: z.output<typeof businessOnboardingRequestSchema>) => api.post<MessageResponse>(`/onboarding-business-invitation/${encodeURIComponent(token)}`, body),
  });
}
