import { Outlet, createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { NotFoundPage, RouteErrorPage } from '../components/status-pages';
import { PUBLIC_PATH_PREFIX } from './public-path';
import { publicRoutes } from './public-routes';

type LoadPage = (href: string) => void;

/**
 * A path this entry does not route (the sign-in page, the app's pay page a member of the customer
 * business is sent to): the server sends it the login entry, so the browser loads it as a new page.
 * The navigation never settles here; the page unloads first. An unknown path under /public/ is
 * this entry's own not-found page (loading it again would come back here).
 */
function leaveForServer(loadPage: LoadPage) {
  return ({ request }: LoaderFunctionArgs): Promise<never> | null => {
    const url = new URL(request.url);
    if (url.pathname.startsWith(PUBLIC_PATH_PREFIX)) return null;
    loadPage(url.href);
    return new Promise<never>(() => undefined);
  };
}

/** The routes of the public entry (../public-main): the public pages, and a way out to the app (`loadPage`, a full page load). */
export function createPublicRoutes(loadPage: LoadPage = (href) => window.location.assign(href)): RouteObject[] {
  return [
    {
      id: 'root',
      element: <Outlet />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <FullPageLoader />,
      children: [...publicRoutes, { path: '*', loader: leaveForServer(loadPage), element: <NotFoundPage /> }],
    },
  ];
}

export function createPublicRouter() {
  return createBrowserRouter(createPublicRoutes());
}
