import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ExportRunRequest,
  type ExportRunResource,
  type ExportTemplateRequest,
  type ExportType,
  exportRunListResponseSchema,
  exportRunResponseSchema,
  exportTemplateListResponseSchema,
  exportTemplateResponseSchema,
  successResponseSchema,
} from '@app/contracts';
import { api } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

export const EXPORT_RUNS_PAGE_SIZE = 10;
/** How often a running export is asked for its progress. */
const POLL_MS = 1000;

const templatesPath = '/business/export-templates';
const runsPath = '/business/exports';

export const exportKeys = {
  templates: ['export-templates'] as const,
  templatesOf: (type: ExportType | null) => ['export-templates', type ?? 'all'] as const,
  runs: ['exports'] as const,
  runPage: (page: number) => ['exports', 'list', page] as const,
  run: (id: string) => ['exports', 'one', id] as const,
};

export function useExportTemplates(type: ExportType | null, enabled = true) {
  return useQuery({
    queryKey: exportKeys.templatesOf(type),
    queryFn: ({ signal }) => api.get(templatesPath, exportTemplateListResponseSchema, { query: { export_type: type ?? undefined }, signal }).then((answer) => answer.data),
    enabled,
  });
}

export function useSaveExportTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: ExportTemplateRequest }) =>
      id ? api.put(`${templatesPath}/${encodeURIComponent(id)}`, exportTemplateResponseSchema, body) : api.post(templatesPath, exportTemplateResponseSchema, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.templates }),
  });
}

export function useDeleteExportTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`${templatesPath}/${encodeURIComponent(id)}`, successResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.templates }),
  });
}

export function useMakeDefaultTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`${templatesPath}/${encodeURIComponent(id)}/default`, exportTemplateResponseSchema, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.templates }),
  });
}

export function useExportRuns(page: number) {
  return useQuery({
    queryKey: exportKeys.runPage(page),
    queryFn: ({ signal }) => api.get(runsPath, exportRunListResponseSchema, { query: { page, limit: EXPORT_RUNS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    // A run still being written is asked again until it finishes.
    refetchInterval: (query) => (query.state.data?.data.some((run) => !isFinished(run)) ? POLL_MS : false),
  });
}

export function isFinished(run: ExportRunResource): boolean {
  return run.status === 'completed' || run.status === 'failed';
}

/** One run, polled while its job writes the file. */
export function useExportRun(id: string | null) {
  return useQuery({
    queryKey: exportKeys.run(id ?? ''),
    queryFn: ({ signal }) => api.get(`${runsPath}/${encodeURIComponent(id ?? '')}`, exportRunResponseSchema, { signal }).then((answer) => answer.data),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : POLL_MS),
  });
}

export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExportRunRequest) => api.post(runsPath, exportRunResponseSchema, body).then((answer) => answer.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.runs }),
  });
}

export async function downloadExport(run: ExportRunResource): Promise<void> {
  saveFile(await api.getBlob(`${runsPath}/${encodeURIComponent(run.id)}/download`), run.file_name);
}
