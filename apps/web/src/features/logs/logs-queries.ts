import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { accessLogListResponseSchema, apiLogDetailSchema, apiLogListResponseSchema, dataResponse } from '@app/contracts';
import { api, type QueryValue } from '../../lib/api-client';

export const LOGS_PAGE_SIZE = 20;

export function useAccessLogs(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['access-logs', query],
    queryFn: () => api.get('/platform/access-logs', accessLogListResponseSchema, { query: { ...query, limit: LOGS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useApiLogs(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ['api-logs', query],
    queryFn: () => api.get('/platform/logs', apiLogListResponseSchema, { query: { ...query, limit: LOGS_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

export function useApiLog(id: string) {
  return useQuery({
    queryKey: ['api-logs', 'one', id],
    queryFn: () => api.get(`/platform/logs/${encodeURIComponent(id)}`, dataResponse(apiLogDetailSchema)).then((r) => r.data),
  });
}
