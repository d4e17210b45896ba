import { ALL_ABILITIES } from './ability-check';

export { ALL_ABILITIES, type AbilityCheck, abilitiesInCheck, canGrant, holds, satisfies } from './ability-check';

/**
 * The ability catalogue (spec section 6). Roles hold ability names; '*' grants all.
 * Each ability belongs to the scope(s) in which a role may hold it: business roles are held
 * through a business membership, platform roles by the tenant's internal team.
 */
export type AbilityScope = 'business' | 'platform';

type AbilityDefinition = { name: string; model: string; scopes: readonly AbilityScope[] };

const B: readonly AbilityScope[] = ['business'];
const P: readonly AbilityScope[] = ['platform'];
const BP: readonly AbilityScope[] = ['business', 'platform'];

function crud(model: string, scopes: readonly AbilityScope[], viewName = `view-${model}`): AbilityDefinition[] {
  return [
    { name: `create-${model}`, model, scopes },
    { name: `delete-${model}`, model, scopes },
    { name: `edit-${model}`, model, scopes },
    { name: viewName, model, scopes },
  ];
}

export const abilityDefinitions: readonly AbilityDefinition[] = [
  { name: 'dashboard', model: 'dashboard', scopes: B },
  { name: 'view-business-stats', model: 'dashboard', scopes: B },
  ...crud('customer', BP),
  ...crud('vendor', BP),
  ...crud('user', B),
  ...crud('item', B),
  ...crud('tax-type', B),
  ...crud('note', B),
  ...crud('payment-method', B, 'view-payment-methods'),
  ...crud('recurring-invoice', B),
  ...crud('export-template', BP),
  ...crud('pdf-template', P),
  ...crud('payment-reminder', B),
  ...crud('webhook', BP),
  ...crud('business', P),
  ...crud('platform-user', P),
  { name: 'create-estimate', model: 'estimate', scopes: B },
  { name: 'delete-estimate', model: 'estimate', scopes: B },
  { name: 'edit-estimate', model: 'estimate', scopes: B },
  { name: 'send-estimate', model: 'estimate', scopes: B },
  { name: 'view-estimate', model: 'estimate', scopes: B },
  { name: 'approve-reject-estimate', model: 'estimate', scopes: B },
  { name: 'create-invoice', model: 'invoice', scopes: B },
  { name: 'delete-invoice', model: 'invoice', scopes: B },
  { name: 'edit-invoice', model: 'invoice', scopes: B },
  { name: 'send-invoice', model: 'invoice', scopes: B },
  { name: 'view-invoice', model: 'invoice', scopes: B },
  { name: 'approve-invoice', model: 'invoice', scopes: BP },
  { name: 'pay-invoice', model: 'invoice', scopes: B },
  { name: 'send-payment', model: 'payment', scopes: B },
  { name: 'view-payment', model: 'payment', scopes: B },
  { name: 'view-report', model: 'report', scopes: B },
  { name: 'manage-business-settings', model: 'settings', scopes: B },
  { name: 'manage-notifications', model: 'settings', scopes: B },
  { name: 'edit-business-information', model: 'settings', scopes: B },
  { name: 'manage-integration', model: 'integration', scopes: B },
  { name: 'import-data', model: 'data', scopes: B },
  { name: 'export-data', model: 'data', scopes: BP },
  { name: 'view-audit-log', model: 'audit-log', scopes: BP },
  { name: 'view-role', model: 'role', scopes: BP },
  { name: 'manage-role', model: 'role', scopes: BP },
  { name: 'view-balance-sheet', model: 'financing', scopes: BP },
  { name: 'view-access-log', model: 'log', scopes: P },
  { name: 'view-api-log', model: 'log', scopes: P },
  { name: 'view-event', model: 'log', scopes: P },
  { name: 'manage-api-client', model: 'api-client', scopes: P },
  { name: 'view-platform-setting', model: 'platform-setting', scopes: P },
  { name: 'edit-platform-setting', model: 'platform-setting', scopes: P },
  { name: 'view-email-template', model: 'email-template', scopes: P },
  { name: 'edit-email-template', model: 'email-template', scopes: P },
  { name: 'manage-tenant', model: 'tenant', scopes: P },
];


export const abilityNames: readonly string[] = abilityDefinitions.map((a) => a.name);
const abilityNameSet = new Set(abilityNames);

export function isAbilityName(name: string): boolean {
  return name === ALL_ABILITIES || abilityNameSet.has(name);
}

export function abilitiesForScope(scope: AbilityScope): readonly AbilityDefinition[] {
  return abilityDefinitions.filter((a) => a.scopes.includes(scope));
}

/**
 * The roles seeded for every new business and for every tenant's internal team.
 * Documented in docs/roles.md; changing a list here changes what new tenants/businesses get.
 */
export const seededBusinessRoles = {
  owner: { description: 'Owns the business: every ability.', abilities: [ALL_ABILITIES] },
  admin: {
    description: 'Runs the business day to day: everything except roles and business information.',
    abilities: abilitiesForScope('business')
      .map((a) => a.name)
      .filter((n) => !['manage-role', 'edit-business-information'].includes(n)),
  },
  accountant: {
    description: 'Books invoices, estimates and payments; reads reports.',
    abilities: [
      'dashboard', 'view-business-stats',
      'view-customer', 'create-customer', 'edit-customer',
      'view-vendor', 'create-vendor', 'edit-vendor',
      'view-item', 'create-item', 'edit-item',
      'view-tax-type', 'view-note', 'create-note', 'edit-note', 'view-payment-methods',
      'view-invoice', 'create-invoice', 'edit-invoice', 'send-invoice', 'approve-invoice',
      'view-estimate', 'create-estimate', 'edit-estimate', 'send-estimate', 'approve-reject-estimate',
      'view-recurring-invoice', 'create-recurring-invoice', 'edit-recurring-invoice',
      'view-payment', 'send-payment', 'view-payment-reminder', 'view-report', 'export-data',
      'view-balance-sheet',
    ],
  },
  viewer: {
    description: 'Reads everything, changes nothing.',
    abilities: [
      'dashboard', 'view-business-stats', 'view-customer', 'view-vendor', 'view-item', 'view-tax-type',
      'view-note', 'view-payment-methods', 'view-invoice', 'view-estimate', 'view-recurring-invoice',
      'view-payment', 'view-payment-reminder', 'view-report', 'view-user', 'view-balance-sheet',
    ],
  },
} as const satisfies Record<string, { description: string; abilities: readonly string[] }>;

export const seededPlatformRoles = {
  'super admin': { description: 'Runs the tenant: every ability.', abilities: [ALL_ABILITIES] },
  support: {
    description: 'Helps businesses: reads businesses, users, logs and templates; changes nothing.',
    abilities: [
      'view-business', 'view-platform-user', 'view-customer', 'view-vendor', 'view-access-log',
      'view-api-log', 'view-event', 'view-webhook', 'view-email-template', 'view-pdf-template',
      'view-role', 'view-audit-log', 'view-platform-setting',
    ],
  },
} as const satisfies Record<string, { description: string; abilities: readonly string[] }>;
