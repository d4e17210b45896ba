import type { BusinessResource, DocumentDirection } from '@app/contracts';
import { companyPaths } from './paths';

/** Invoices and estimates share their list, view and public screens; this is what differs. */
export type DocumentKind = 'invoice' | 'estimate';

export const documentKinds = {
  invoice: {
    base: companyPaths.invoices,
    numberField: 'invoice_number',
    abilities: {
      view: 'view-invoice',
      create: 'create-invoice',
      edit: 'edit-invoice',
      delete: 'delete-invoice',
      send: 'send-invoice',
      approve: 'approve-invoice',
    },
  },
  estimate: {
    base: companyPaths.estimates,
    numberField: 'estimate_number',
    abilities: {
      view: 'view-estimate',
      create: 'create-estimate',
      edit: 'edit-estimate',
      delete: 'delete-estimate',
      send: 'send-estimate',
      approve: 'approve-reject-estimate',
    },
  },
} as const;

export const documentLinks = {
  list: (kind: DocumentKind, direction: DocumentDirection) => `${documentKinds[kind].base}/${direction}`,
  create: (kind: DocumentKind) => `${documentKinds[kind].base}/create`,
  view: (kind: DocumentKind, id: string) => `${documentKinds[kind].base}/${encodeURIComponent(id)}/view`,
  edit: (kind: DocumentKind, id: string) => `${documentKinds[kind].base}/${encodeURIComponent(id)}/edit`,
};

/**
 * Which lists a business sees (spec section 2): a business that only sells (vendor) issues
 * documents, one that only buys (customer) receives them, one that does both switches between them.
 */
export function directionsFor(business: Pick<BusinessResource, 'is_customer' | 'is_vendor'> | null): readonly DocumentDirection[] {
  if (!business) return ['outgoing'];
  if (business.is_vendor && !business.is_customer) return ['outgoing'];
  if (business.is_customer && !business.is_vendor) return ['incoming'];
  return ['outgoing', 'incoming'];
}

export function readDirection(value: string | undefined): DocumentDirection | null {
  return value === 'outgoing' || value === 'incoming' ? value : null;
}

const LAST_LIST_KEY = (kind: DocumentKind) => `ledgerline.${kind}s.last_list`;

/**
 * The list last opened (direction and status tab), for the bare path (spec: estimates reopen the
 * last used tab). The list checks the tab against its own (an unknown one shows all).
 */
export function lastList(kind: DocumentKind): { direction: DocumentDirection; tab: string } | null {
  try {
    const [direction, tab] = (window.localStorage.getItem(LAST_LIST_KEY(kind)) ?? '').split(':');
    const known = readDirection(direction);
    return known && tab ? { direction: known, tab } : null;
  } catch {
    return null;
  }
}

export function rememberList(kind: DocumentKind, direction: DocumentDirection, tab: string): void {
  try {
    window.localStorage.setItem(LAST_LIST_KEY(kind), `${direction}:${tab}`);
  } catch {
    // Storage can be unavailable (private mode); the list then simply is not remembered.
  }
}
