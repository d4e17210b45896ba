import { useQuery } from '@tanstack/react-query';
import { dashboardChartsSchema, dashboardStatsSchema } from '@app/contracts';
import { api } from '../../lib/api-client';

/** `year` is the calendar year the financial year starts in; null asks the server for the current one. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: (year: number | null) => ['dashboard', 'stats', year] as const,
  charts: (year: number | null) => ['dashboard', 'charts', year] as const,
};

export function useDashboardStats(year: number | null) {
  return useQuery({
    queryKey: dashboardKeys.stats(year),
    queryFn: ({ signal }) => api.get('/business/stats', dashboardStatsSchema, { query: { type: 'all', year: year ?? undefined }, signal }),
  });
}

export function useDashboardCharts(year: number | null) {
  return useQuery({
    queryKey: dashboardKeys.charts(year),
    queryFn: ({ signal }) => api.get('/business/charts/data', dashboardChartsSchema, { query: { year: year ?? undefined }, signal }),
  });
}
