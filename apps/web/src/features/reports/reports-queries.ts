import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReportFormat, type ReportKind, reportResponseSchema } from '@app/contracts';
import { api } from '../../lib/api-client';
import type { ReportSelection } from './report-selection';

const query = (selection: ReportSelection) => ({
  range: selection.range,
  basis: selection.basis,
  ...(selection.range === 'custom' ? { from: selection.from, to: selection.to } : {}),
});

export function useReport(selection: ReportSelection, enabled: boolean) {
  return useQuery({
    queryKey: ['reports', selection],
    queryFn: ({ signal }) => api.get(`/business/reports/${selection.report}`, reportResponseSchema, { query: query(selection), signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The report as a file, fetched through the API client so the business header goes along. */
export function fetchReportFile(selection: ReportSelection, format: ReportFormat): Promise<Blob> {
  return api.getBlob(`/business/reports/${selection.report}/download`, { query: { ...query(selection), format } });
}

export const reportFileName = (report: ReportKind, from: string, to: string, format: ReportFormat) => `${report}-${from}-${to}.${format}`;
