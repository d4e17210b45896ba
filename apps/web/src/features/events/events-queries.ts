import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dataResponse, outgoingEventDetailSchema, outgoingEventListResponseSchema, providerEventDetailSchema, providerEventListResponseSchema } from '@app/contracts';
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

export const outgoingEventKeys = {
  all: ['outgoing-events'] as const,
  list: (query: Record<string, QueryValue>) => ['outgoing-events', 'list', query] as const,
  one: (id: string) => ['outgoing-events', 'one', id] as const,
};

/** What the product sent (or is sending) to the tenant's and the businesses' webhook endpoints. */
export function useOutgoingEvents(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: outgoingEventKeys.list(query),
    queryFn: ({ signal }) => api.get('/platform/outgoing-events', outgoingEventListResponseSchema, { query: { ...query, limit: EVENTS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useOutgoingEvent(id: string) {
  return useQuery({
    queryKey: outgoingEventKeys.one(id),
    queryFn: ({ signal }) => api.get(`/platform/outgoing-events/${encodeURIComponent(id)}`, dataResponse(outgoingEventDetailSchema), { signal }).then((r) => r.data),
  });
}
