import type { DocumentDirection } from '@app/contracts';
import type { QueryValue } from '../api-client';
import type { DocumentKind } from '../document-kinds';

export type DocumentListParams = Record<string, QueryValue>;

/** Query keys: everything of a kind lives under `['invoices']` or `['estimates']`, so one invalidation refreshes it all. */
export const documentKeys = {
  all: (kind: DocumentKind) => [`${kind}s`] as const,
  list: (kind: DocumentKind, params: DocumentListParams) => [`${kind}s`, 'list', params] as const,
  stats: (direction: DocumentDirection) => ['invoices', 'stats', direction] as const,
  one: (kind: DocumentKind, id: string) => [`${kind}s`, 'one', id] as const,
  emailPreview: (kind: DocumentKind, id: string) => [`${kind}s`, 'email-preview', id] as const,
};

export const invoiceKeys = {
  all: documentKeys.all('invoice'),
  list: (params: DocumentListParams) => documentKeys.list('invoice', params),
  one: (id: string) => documentKeys.one('invoice', id),
};
