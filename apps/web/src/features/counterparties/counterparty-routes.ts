import { type LoaderFunction, redirect } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { CounterpartyKind } from '@app/contracts';
import { loadSession } from '../../lib/session';
import { requireAccess } from '../../app/route-guards';
import { counterpartyKinds, counterpartyLinks, lastTab } from '../../lib/counterparty-kinds';
import { counterpartyQueryOptions } from './counterparties-queries';

const access = (kind: CounterpartyKind, action: 'view' | 'create' | 'edit') => ({ ability: counterpartyKinds[kind].abilities[action], scope: 'business' as const });

/** The list: the bare path opens the tab last used, else active. */
export function counterpartyListLoader(queryClient: QueryClient, kind: CounterpartyKind): LoaderFunction {
  return async (args) => {
    await requireAccess(queryClient, access(kind, 'view'))(args);
    if (!new URL(args.request.url).searchParams.has('tab')) throw redirect(counterpartyLinks.list(kind, lastTab(kind)));
    return null;
  };
}

export function counterpartyAccessLoader(queryClient: QueryClient, kind: CounterpartyKind, action: 'view' | 'create'): LoaderFunction {
  return requireAccess(queryClient, access(kind, action));
}

/**
 * Spec: the edit page goes to /403 when the record was created by another business or an admin
 * onboarded it; the server refuses those edits too.
 */
export function counterpartyEditLoader(queryClient: QueryClient, kind: CounterpartyKind): LoaderFunction {
  return async (args) => {
    await requireAccess(queryClient, access(kind, 'edit'))(args);
    const id = args.params.id ?? '';
    const [session, record] = await Promise.all([loadSession(queryClient), queryClient.fetchQuery(counterpartyQueryOptions(kind, id)).catch(() => null)]);
    if (!record) return null;
    if (record.creator_business_id !== session?.current_business?.id || record.admin_onboarded) throw redirect('/403');
    return null;
  };
}
