import type { RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { CounterpartyKind } from '@app/contracts';
import { counterpartyKinds } from '../../lib/counterparty-kinds';
import { counterpartyAccessLoader, counterpartyEditLoader, counterpartyListLoader } from './counterparty-routes';

type Lazy = NonNullable<RouteObject['lazy']>;

/** `/customers` or `/vendors` with create, edit and view (the same screens per kind). */
export function counterpartyRoutes(queryClient: QueryClient, kind: CounterpartyKind, pages: { list: Lazy; create: Lazy; edit: Lazy; view: Lazy }): RouteObject[] {
  const base = counterpartyKinds[kind].base.slice(1);
  return [
    { path: base, lazy: pages.list, loader: counterpartyListLoader(queryClient, kind) },
    { path: `${base}/create`, lazy: pages.create, loader: counterpartyAccessLoader(queryClient, kind, 'create') },
    { path: `${base}/:id/edit`, lazy: pages.edit, loader: counterpartyEditLoader(queryClient, kind) },
    { path: `${base}/:id/view`, lazy: pages.view, loader: counterpartyAccessLoader(queryClient, kind, 'view') },
  ];
}
