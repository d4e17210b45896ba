import { type DocumentDirection, estimateIncomingTabs, estimateOutgoingTabs, invoiceIncomingTabs, invoiceOutgoingTabs } from '@app/contracts';
import type { DocumentKind } from '../../lib/document-kinds';

const TABS = {
  invoice: { outgoing: invoiceOutgoingTabs, incoming: invoiceIncomingTabs },
  estimate: { outgoing: estimateOutgoingTabs, incoming: estimateIncomingTabs },
} as const satisfies Record<DocumentKind, Record<DocumentDirection, readonly string[]>>;

/** The status tabs of a list (spec section 2). */
export function tabsFor(kind: DocumentKind, direction: DocumentDirection): readonly string[] {
  return TABS[kind][direction];
}

export function readTab(kind: DocumentKind, direction: DocumentDirection, value: string | null): string {
  const tabs = tabsFor(kind, direction);
  return value && tabs.includes(value) ? value : 'all';
}
