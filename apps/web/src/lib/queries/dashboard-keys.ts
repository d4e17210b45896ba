/**
 * Shared because recording a payment changes the dashboard's figures. `year` is the calendar year
 * the financial year starts in; null asks the server for the current one.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: (year: number | null) => ['dashboard', 'stats', year] as const,
  charts: (year: number | null) => ['dashboard', 'charts', year] as const,
};
