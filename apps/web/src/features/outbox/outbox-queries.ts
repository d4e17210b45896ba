import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { outboxListResponseSchema, type OutboxMailResource, type OutboxStatus, successResponseSchema } from '@app/contracts';
import { api } from '../../lib/api-client';

export type OutboxFilter = OutboxStatus | 'all';
const OUTBOX_PAGE_SIZE = 15;

const outboxKeys = {
  all: ['outbox'] as const,
  list: (status: OutboxFilter, page: number) => ['outbox', status, page] as const,
};

export function useOutbox(status: OutboxFilter, page: number) {
  return useQuery({
    queryKey: outboxKeys.list(status, page),
    queryFn: () =>
      api.get('/platform/outbox', outboxListResponseSchema, {
        query: { page, limit: OUTBOX_PAGE_SIZE, status: status === 'all' ? undefined : status },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useRetryOutboxMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/platform/outbox/${encodeURIComponent(id)}/retry`, successResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}

export function canRetry(mail: OutboxMailResource): boolean {
  return mail.status === 'failed' || mail.status === 'held';
}
