import { keepPreviousData, type QueryClient, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ImportEntity,
  type ImportJobResource,
  type ImportMappingRequest,
  importJobResponseSchema,
  importListResponseSchema,
  importMappingPresetListResponseSchema,
  importMappingPresetResponseSchema,
  type importMappingPresetRequestSchema,
  importPreviewResponseSchema,
  successResponseSchema,
} from '@app/contracts';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { itemsApi } from '../../lib/queries/catalog-queries';
import { dashboardKeys } from '../../lib/queries/dashboard-keys';
import { invoiceKeys } from '../../lib/queries/document-keys';
import { counterpartyKeys } from '../counterparties';

export const IMPORTS_PAGE_SIZE = 15;
/** How often a queued or running import is read again for its progress. */
export const IMPORT_POLL_MS = 1000;

const BASE = '/business/imports';
const PRESETS = '/business/import-mappings';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export type ImportPresetRequest = z.input<typeof importMappingPresetRequestSchema>;

export const importKeys = {
  all: ['imports'] as const,
  lists: ['imports', 'list'] as const,
  list: (page: number) => ['imports', 'list', page] as const,
  job: (id: string) => ['imports', 'job', id] as const,
  preview: (id: string) => ['imports', 'preview', id] as const,
  presets: ['imports', 'presets'] as const,
};

/** The lists an import adds to (or an undo takes from): they are read again once it ends. Payments change their invoices' amounts due too. */
const ENTITY_KEYS: Record<ImportEntity, readonly QueryKey[]> = {
  customers: [counterpartyKeys.all('customer')],
  vendors: [counterpartyKeys.all('vendor')],
  items: [itemsApi.key],
  invoices: [invoiceKeys.all, counterpartyKeys.all('customer')],
  // The payments feature keeps its keys to itself; its lists all live under this root.
  payments: [['payments'], invoiceKeys.all, counterpartyKeys.all('customer')],
};

/** A job still moving: its progress is polled until it completes or fails. */
export function isImportRunning(job: Pick<ImportJobResource, 'status'>): boolean {
  return job.status === 'queued' || job.status === 'running';
}

function refreshEntity(queryClient: QueryClient, entity: ImportEntity): Promise<void> {
  return Promise.all([
    ...ENTITY_KEYS[entity].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    queryClient.invalidateQueries({ queryKey: importKeys.lists }),
  ]).then(() => undefined);
}

export function useImports(page: number) {
  return useQuery({
    queryKey: importKeys.list(page),
    queryFn: ({ signal }) => api.get(BASE, importListResponseSchema, { query: { page, limit: IMPORTS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One import job; read every second while it is queued or running, and the entity's lists refreshed when it ends. */
export function useImportJob(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importKeys.job(id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const previous = queryClient.getQueryData<ImportJobResource>(importKeys.job(id ?? ''));
      const job = (await api.get(one(id ?? ''), importJobResponseSchema, { signal })).data;
      if (previous && isImportRunning(previous) && !isImportRunning(job)) await refreshEntity(queryClient, job.entity);
      return job;
    },
    refetchInterval: (query) => (query.state.data && isImportRunning(query.state.data) ? IMPORT_POLL_MS : false),
  });
}

/** The first rows as they will be stored, for the mapping last saved; read fresh each time the step opens. */
export function useImportPreview(id: string) {
  return useQuery({
    queryKey: importKeys.preview(id),
    queryFn: ({ signal }) => api.get(`${one(id)}/preview`, importPreviewResponseSchema, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

function useSetJob() {
  const queryClient = useQueryClient();
  return (job: ImportJobResource) => {
    queryClient.setQueryData(importKeys.job(job.id), job);
    return queryClient.invalidateQueries({ queryKey: importKeys.lists });
  };
}

export function useUploadImport() {
  const setJob = useSetJob();
  return useMutation({
    mutationFn: ({ entity, file }: { entity: ImportEntity; file: File }) => {
      const form = new FormData();
      form.append('entity', entity);
      form.append('file', file);
      return api.post(BASE, importJobResponseSchema, form).then((answer) => answer.data);
    },
    onSuccess: setJob,
  });
}

export function useSaveImportMapping(id: string) {
  const setJob = useSetJob();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportMappingRequest) => api.put(`${one(id)}/mapping`, importJobResponseSchema, body).then((answer) => answer.data),
    onSuccess: (job) => {
      queryClient.removeQueries({ queryKey: importKeys.preview(id) });
      return setJob(job);
    },
  });
}

export function useRunImport(id: string) {
  const setJob = useSetJob();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`${one(id)}/run`, importJobResponseSchema).then((answer) => answer.data),
    onSuccess: async (job) => {
      await setJob(job);
      // A small file may be done before the answer: no poll will see it end.
      if (!isImportRunning(job)) await refreshEntity(queryClient, job.entity);
    },
  });
}

export function useUndoImport(id: string) {
  const setJob = useSetJob();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`${one(id)}/undo`, importJobResponseSchema).then((answer) => answer.data),
    onSuccess: async (job) => {
      await setJob(job);
      await refreshEntity(queryClient, job.entity);
    },
  });
}

export function fetchImportErrorReport(id: string): Promise<Blob> {
  return api.getBlob(`${one(id)}/error-report`);
}

export function useImportPresets() {
  return useQuery({
    queryKey: importKeys.presets,
    queryFn: ({ signal }) => api.get(PRESETS, importMappingPresetListResponseSchema, { signal }).then((answer) => answer.data),
  });
}

export function useSaveImportPreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportPresetRequest) => api.post(PRESETS, importMappingPresetResponseSchema, body).then((answer) => answer.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.presets }),
  });
}

export function useDeleteImportPreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`${PRESETS}/${encodeURIComponent(id)}`, successResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.presets }),
  });
}
