import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AccessLogResource, ApiLogDetail, ApiLogResource, ListMeta } from '@app/contracts';
import { api, type QueryValue } from '../../lib/api-client';

export const LOGS_PAGE_SIZE = 20;

export function useAccessLogs(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['access-logs', query],
    queryFn: () => api.get<{ data: AccessLogResource[]; meta: ListMeta }>('/platform/access-logs', { query: { ...query, limit: LOGS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useApiLogs(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['api-logs', query],
    queryFn: () => api.get<{ data: ApiLogResource[]; meta: ListMeta }>('/platform/logs', { query: { ...query, limit: LOGS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useApiLog(id: string) {
  return useQuery({
    queryKey: ['api-logs', 'one', id],
    queryFn: () => api.get<{ data: ApiLogDetail }>(`/platform/logs/${encodeURIComponent(id)}`).then((r) => r.data),
  });
}
