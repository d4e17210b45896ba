import { type RecurringInvoiceTab, recurringInvoiceTabs } from '@app/contracts';
import { companyPaths } from '../../lib/paths';

const BASE = companyPaths.recurringInvoices;

export const recurringLinks = {
  list: (tab?: RecurringInvoiceTab) => (tab ? `${BASE}?tab_status=${tab}` : BASE),
  create: () => `${BASE}/create`,
  view: (id: string) => `${BASE}/${encodeURIComponent(id)}/view`,
  edit: (id: string) => `${BASE}/${encodeURIComponent(id)}/edit`,
};

export function readRecurringTab(value: string | null): RecurringInvoiceTab | null {
  return recurringInvoiceTabs.find((tab) => tab === value) ?? null;
}

const LAST_TAB_KEY = 'ledgerline.recurring-invoices.tab';

/** The tab last used (spec: the bare path reopens it), else all. */
export function lastRecurringTab(): RecurringInvoiceTab {
  try {
    return readRecurringTab(window.localStorage.getItem(LAST_TAB_KEY)) ?? 'all';
  } catch {
    return 'all';
  }
}

export function rememberRecurringTab(tab: RecurringInvoiceTab): void {
  try {
    window.localStorage.setItem(LAST_TAB_KEY, tab);
  } catch {
    // Storage can be unavailable (private mode); the tab then simply is not remembered.
  }
}
