import type { CounterpartyKind, CounterpartyTab } from '@app/contracts';

/** Per kind: where its screens live and which abilities guard them (customers and vendors share the screens). */
export const counterpartyKinds = {
  customer: {
    base: '/customers',
    abilities: { view: 'view-customer', create: 'create-customer', edit: 'edit-customer', delete: 'delete-customer' },
  },
  vendor: {
    base: '/vendors',
    abilities: { view: 'view-vendor', create: 'create-vendor', edit: 'edit-vendor', delete: 'delete-vendor' },
  },
} as const satisfies Record<CounterpartyKind, { base: string; abilities: Record<'view' | 'create' | 'edit' | 'delete', string> }>;

export const counterpartyLinks = {
  list: (kind: CounterpartyKind, tab?: CounterpartyTab) => (tab ? `${counterpartyKinds[kind].base}?tab=${tab}` : counterpartyKinds[kind].base),
  create: (kind: CounterpartyKind) => `${counterpartyKinds[kind].base}/create`,
  view: (kind: CounterpartyKind, id: string) => `${counterpartyKinds[kind].base}/${encodeURIComponent(id)}/view`,
  edit: (kind: CounterpartyKind, id: string) => `${counterpartyKinds[kind].base}/${encodeURIComponent(id)}/edit`,
};

const TAB_STORAGE_KEY = (kind: CounterpartyKind) => `ledgerline.${kind}s.tab`;

/** The list tab last used (spec: the bare path opens it), else active. */
export function lastTab(kind: CounterpartyKind): CounterpartyTab {
  try {
    return window.localStorage.getItem(TAB_STORAGE_KEY(kind)) === 'archive' ? 'archive' : 'active';
  } catch {
    return 'active';
  }
}

export function rememberTab(kind: CounterpartyKind, tab: CounterpartyTab): void {
  try {
    window.localStorage.setItem(TAB_STORAGE_KEY(kind), tab);
  } catch {
    // Storage can be unavailable (private mode); the tab then simply is not remembered.
  }
}
