import { Component, type ReactNode, Suspense, lazy, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { NotFoundPage, PageFailedPage } from '../components/status-pages';
import { onDemandScreen } from '../lib/on-demand-screen';
import { PUBLIC_PATH_PREFIX } from './public-path';
import { publicPages } from './public-routes';

type LoadPage = (href: string) => void;

/**
 * The public entry routes declaratively (<Routes>, inside the <BrowserRouter> of ../public-main):
 * its pages need no loaders, and React Router's data router is ~17 kB gzip of the public pay page
 * (issue 17). Each page is a lazy chunk loaded with i18next and the guest CSS (lib/on-demand-screen).
 */
const pages = publicPages.map(({ path, load }) => ({ path, Page: lazy(onDemandScreen(() => load().then((Page) => ({ default: Page })))) }));

/**
 * A path this entry does not route (the sign-in page, the app's pay page a member of the customer
 * business is sent to): the server sends it the login entry, so the browser loads it as a new page,
 * the loader showing until it unloads this one. An unknown path under /public/ is this entry's own
 * not-found page (loading it again would come back here).
 */
function ElsewhereOrNotFound({ loadPage }: { loadPage: LoadPage }) {
  const { pathname, search, hash } = useLocation();
  const elsewhere = !pathname.startsWith(PUBLIC_PATH_PREFIX);
  useEffect(() => {
    if (elsewhere) loadPage(new URL(`${pathname}${search}${hash}`, window.location.origin).href);
  }, [elsewhere, pathname, search, hash, loadPage]);
  return elsewhere ? <FullPageLoader /> : <NotFoundPage />;
}

/** A page that failed to render or load (its chunk unreachable): the error page, as the login entry's root route shows it. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PageFailedPage /> : this.props.children;
  }
}

/** The routes of the public entry: the public pages, and a way out to the app (`loadPage`, a full page load). */
export function PublicRoutes({ loadPage = (href) => window.location.assign(href) }: { loadPage?: LoadPage }) {
  const { pathname } = useLocation();
  return (
    // Keyed by path, so that an error on one page does not stay on the next.
    <PageErrorBoundary key={pathname}>
      <Suspense fallback={<FullPageLoader />}>
        <Routes>
          {pages.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<ElsewhereOrNotFound loadPage={loadPage} />} />
        </Routes>
      </Suspense>
    </PageErrorBoundary>
  );
}
