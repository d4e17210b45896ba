/** Paths of the screens that exist so far; menus hide links to screens not built yet. */
export const companyPaths = {
  dashboard: '/dashboard',
  users: '/users',
  accountSettings: '/settings/account-settings',
} as const;

export const adminPaths = {
  overview: '/admin',
  outbox: '/admin/outbox',
  accountSettings: '/admin/account-settings',
} as const;

export const implementedPaths: ReadonlySet<string> = new Set<string>([...Object.values(companyPaths), ...Object.values(adminPaths)]);
