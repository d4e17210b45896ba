import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dataResponse,
  messageResponseSchema,
  successResponseSchema,
  type WebhookRequest,
  webhookEventCatalogueResponseSchema,
  webhookListResponseSchema,
  webhookLogDetailSchema,
  webhookLogListResponseSchema,
  type webhookLogTabs,
  webhookResourceSchema,
  webhookSecretResponseSchema,
} from '@app/contracts';
import { api } from '../../lib/api-client';
import type { WebhookArea } from '../../lib/paths';

export const WEBHOOKS_PAGE_SIZE = 15;
export const WEBHOOK_LOGS_PAGE_SIZE = 15;

export type WebhookLogTab = (typeof webhookLogTabs)[number];

const webhookAnswer = dataResponse(webhookResourceSchema);

/** The API's routes of an area: /platform/... for the tenant's endpoints, /business/... for the selected business's. */
function endpoints(area: WebhookArea) {
  const base = `/${area}/webhooks`;
  const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
  return {
    catalogue: `/${area}/webhook-events`,
    list: base,
    one,
    logs: (id: string) => `${one(id)}/logs`,
    log: (id: string, logId: string) => `${one(id)}/logs/${encodeURIComponent(logId)}`,
  };
}

/** Keyed by area first: the tenant's and a business's endpoints never share a cache entry. */
export const webhookKeys = {
  all: (area: WebhookArea) => ['webhooks', area] as const,
  catalogue: (area: WebhookArea) => ['webhooks', area, 'catalogue'] as const,
  list: (area: WebhookArea, page: number) => ['webhooks', area, 'list', page] as const,
  one: (area: WebhookArea, id: string) => ['webhooks', area, 'one', id] as const,
  logs: (area: WebhookArea, id: string) => ['webhooks', area, 'logs', id] as const,
  logPage: (area: WebhookArea, id: string, tab: WebhookLogTab, page: number) => ['webhooks', area, 'logs', id, tab, page] as const,
  log: (area: WebhookArea, id: string, logId: string) => ['webhooks', area, 'logs', id, 'one', logId] as const,
};

export function useWebhookCatalogue(area: WebhookArea) {
  return useQuery({
    queryKey: webhookKeys.catalogue(area),
    queryFn: ({ signal }) => api.get(endpoints(area).catalogue, webhookEventCatalogueResponseSchema, { signal }),
    staleTime: Infinity,
  });
}

export function useWebhooks(area: WebhookArea, page: number) {
  return useQuery({
    queryKey: webhookKeys.list(area, page),
    queryFn: ({ signal }) => api.get(endpoints(area).list, webhookListResponseSchema, { query: { page, limit: WEBHOOKS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWebhook(area: WebhookArea, id: string) {
  return useQuery({
    queryKey: webhookKeys.one(area, id),
    queryFn: ({ signal }) => api.get(endpoints(area).one(id), webhookAnswer, { signal }).then((answer) => answer.data),
  });
}

export function useWebhookLogs(area: WebhookArea, id: string, tab: WebhookLogTab, page: number) {
  return useQuery({
    queryKey: webhookKeys.logPage(area, id, tab, page),
    queryFn: ({ signal }) => api.get(endpoints(area).logs(id), webhookLogListResponseSchema, { query: { page, limit: WEBHOOK_LOGS_PAGE_SIZE, status: tab }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useWebhookLog(area: WebhookArea, id: string, logId: string) {
  return useQuery({
    queryKey: webhookKeys.log(area, id, logId),
    queryFn: ({ signal }) => api.get(endpoints(area).log(id, logId), dataResponse(webhookLogDetailSchema), { signal }).then((answer) => answer.data),
  });
}

/** Create answers with the signing secret (shown once); edit with the endpoint alone. */
export function useSaveWebhook(area: WebhookArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: WebhookRequest }) => {
      if (id) return { secret: null, data: (await api.put(endpoints(area).one(id), webhookAnswer, body)).data };
      return api.post(endpoints(area).list, webhookSecretResponseSchema, body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(area) }),
  });
}

export function useSetWebhookEnabled(area: WebhookArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => api.post(`${endpoints(area).one(id)}/${enabled ? 'enable' : 'disable'}`, webhookAnswer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(area) }),
  });
}

export function useRotateWebhookSecret(area: WebhookArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, overlapHours }: { id: string; overlapHours: number }) =>
      api.post(`${endpoints(area).one(id)}/rotate-secret`, webhookSecretResponseSchema, { overlap_hours: overlapHours }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(area) }),
  });
}

export function useDeleteWebhook(area: WebhookArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(endpoints(area).one(id), successResponseSchema),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: webhookKeys.one(area, id) });
      return queryClient.invalidateQueries({ queryKey: webhookKeys.all(area) });
    },
  });
}

/** A replay is queued (202): the new attempt shows in the log once sent, so the log is read again. */
export function useReplayWebhookLog(area: WebhookArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, logId }: { id: string; logId: string }) => api.post(`${endpoints(area).log(id, logId)}/replay`, messageResponseSchema),
    onSuccess: (_answer, { id }) => queryClient.invalidateQueries({ queryKey: webhookKeys.logs(area, id) }),
  });
}
