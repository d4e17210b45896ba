import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dataResponse, providerEventDetailSchema, providerEventListResponseSchema } from '@app/contracts';
import { api, type QueryValue } from '../../lib/api-client';

export const EVENTS_PAGE_SIZE = 20;

export const eventKeys = {
  all: ['provider-events'] as const,
  list: (query: Record<string, QueryValue>) => ['provider-events', 'list', query] as const,
  one: (id: string) => ['provider-events', 'one', id] as const,
};

export function useProviderEvents(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: eventKeys.list(query),
    queryFn: () => api.get('/events', providerEventListResponseSchema, { query: { ...query, limit: EVENTS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useProviderEvent(id: string) {
  return useQuery({
    queryKey: eventKeys.one(id),
    queryFn: () => api.get(`/events/${encodeURIComponent(id)}`, dataResponse(providerEventDetailSchema)).then((r) => r.data),
  });
}
