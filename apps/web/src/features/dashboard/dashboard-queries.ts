import { useQuery } from '@tanstack/react-query';
import { dashboardChartsSchema, dashboardStatsSchema } from '@app/contracts';
import { api } from '../../lib/api-client';
import { dashboardKeys } from '../../lib/queries/dashboard-keys';

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
