import { type LoaderFunction, redirect } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { DocumentDirection } from '@app/contracts';
import { requireAccess } from '../../app/route-guards';
import { type DocumentKind, directionsFor, documentKinds, documentLinks, lastList } from '../../lib/document-kinds';
import { loadSession } from '../../lib/session';

const viewAccess = (kind: DocumentKind) => ({ ability: documentKinds[kind].abilities.view, scope: 'business' as const });

async function allowedDirections(queryClient: QueryClient): Promise<readonly DocumentDirection[]> {
  const session = await loadSession(queryClient);
  return directionsFor(session?.current_business ?? null);
}

/**
 * The bare path: estimates reopen the list last used; otherwise the business's first list
 * (outgoing, or incoming for a business that only buys).
 */
export function bareListLoader(queryClient: QueryClient, kind: DocumentKind): LoaderFunction {
  return async (args) => {
    await requireAccess(queryClient, viewAccess(kind))(args);
    const directions = await allowedDirections(queryClient);
    const last = kind === 'estimate' ? lastList(kind) : null;
    if (last && directions.includes(last.direction)) throw redirect(`${documentLinks.list(kind, last.direction)}?tab_status=${last.tab}`);
    throw redirect(documentLinks.list(kind, directions[0] ?? 'outgoing'));
  };
}

/** A list the business does not have (incoming for a business that only sells) sends it to the one it has. */
export function directionLoader(queryClient: QueryClient, kind: DocumentKind, direction: DocumentDirection): LoaderFunction {
  return async (args) => {
    await requireAccess(queryClient, viewAccess(kind))(args);
    const directions = await allowedDirections(queryClient);
    const [first] = directions;
    if (!directions.includes(direction) && first) throw redirect(documentLinks.list(kind, first));
    return null;
  };
}

export function viewLoader(queryClient: QueryClient, kind: DocumentKind): LoaderFunction {
  return requireAccess(queryClient, viewAccess(kind));
}
