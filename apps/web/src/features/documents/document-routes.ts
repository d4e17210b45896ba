import type { LoaderFunction, RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { DocumentKind } from '../../lib/document-kinds';
import { companyPaths } from '../../lib/paths';

type PageModule = () => Promise<Pick<RouteObject, 'Component'>>;
type RouteLoaders = typeof import('./document-route-loaders');

/**
 * The router builds these routes eagerly, so the loaders (session, the stored list, redirects)
 * come in their own chunk, fetched alongside the page rather than in the login entry.
 */
const routeLoaders = () => import('./document-route-loaders');

function lazyRoute(page: PageModule | null, loader: (loaders: RouteLoaders) => LoaderFunction): NonNullable<RouteObject['lazy']> {
  const loadLoader = () => routeLoaders().then(loader);
  return page ? { loader: loadLoader, Component: () => page().then((module) => module.Component) } : { loader: loadLoader };
}

/** The same bases as `documentKinds`, which stays out of the login entry with the loaders. */
const listBase: Record<DocumentKind, string> = { invoice: companyPaths.invoices, estimate: companyPaths.estimates };

/** `/invoices` or `/estimates`: the bare path, the outgoing and incoming lists and the view (create and edit live with the form). */
export function documentRoutes(queryClient: QueryClient, kind: DocumentKind, pages: { outgoing: PageModule; incoming: PageModule; view: PageModule }): RouteObject[] {
  const base = listBase[kind].slice(1);
  return [
    { path: base, lazy: lazyRoute(null, (m) => m.bareListLoader(queryClient, kind)) },
    { path: `${base}/outgoing`, lazy: lazyRoute(pages.outgoing, (m) => m.directionLoader(queryClient, kind, 'outgoing')) },
    { path: `${base}/incoming`, lazy: lazyRoute(pages.incoming, (m) => m.directionLoader(queryClient, kind, 'incoming')) },
    { path: `${base}/:id/view`, lazy: lazyRoute(pages.view, (m) => m.viewLoader(queryClient, kind)) },
  ];
}
