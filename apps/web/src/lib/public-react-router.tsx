import { Children, type AnchorHTMLAttributes, type MouseEvent, type ReactElement, type ReactNode, createContext, isValidElement, useContext, useEffect, useMemo, useState } from 'react';

/**
 * What `react-router` is in the public entry's build (../../vite.public.config.ts): the part of it
 * the pages behind a mailed link use, about 1 kB instead of 13 kB gzip of the public pay page
 * (issue 17). Those pages route declaratively (app/public-router) on a handful of paths with
 * `:params`, read `useParams` and `useLocation`, and link with `<Link>`; they have no loaders,
 * actions or nested routes. Matching follows React Router's rules for such paths: segments compare
 * without regard to case, a trailing slash is allowed, params are decoded, and `*` matches what no
 * other route does. public-react-router.test.tsx holds it to React Router's matches and params.
 */
type Location = { pathname: string; search: string; hash: string };
type Router = { location: Location; navigate: (to: string) => void };

const here = (): Location => ({ pathname: window.location.pathname, search: window.location.search, hash: window.location.hash });

const RouterContext = createContext<Router>({ location: { pathname: '/', search: '', hash: '' }, navigate: (to) => window.location.assign(to) });
const ParamsContext = createContext<Readonly<Record<string, string>>>({});

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [location, setLocation] = useState(here);
  useEffect(() => {
    const moved = () => setLocation(here());
    window.addEventListener('popstate', moved);
    return () => window.removeEventListener('popstate', moved);
  }, []);
  const router = useMemo<Router>(
    () => ({
      location,
      navigate: (to) => {
        window.history.pushState(null, '', to);
        setLocation(here());
        window.scrollTo(0, 0);
      },
    }),
    [location],
  );
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

export function useLocation(): Location {
  return useContext(RouterContext).location;
}

export function useParams(): Readonly<Record<string, string | undefined>> {
  return useContext(ParamsContext);
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The params of `pathname` on `pattern` (a path relative to the root, segments or `:name`), or null when it does not match. */
export function matchPublicPath(pattern: string, pathname: string): Record<string, string> | null {
  const segments = (path: string) => path.replace(/^\//, '').replace(/\/$/, '').split('/');
  const wanted = segments(pattern);
  const given = segments(pathname);
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = given[index] ?? '';
    if (segment.startsWith(':')) params[segment.slice(1)] = decoded(value);
    else if (segment.toLowerCase() !== decoded(value).toLowerCase()) return null;
  }
  return params;
}

type RouteProps = { path: string; element: ReactNode };

/** Declares a route for <Routes>, which renders its element; never rendered itself. */
export function Route(_props: RouteProps): null {
  return null;
}

export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const routes = Children.toArray(children).filter((child): child is ReactElement<RouteProps> => isValidElement<RouteProps>(child) && child.type === Route);
  for (const { props } of routes) {
    const params = props.path === '*' ? null : matchPublicPath(props.path, pathname);
    if (params) return <ParamsContext.Provider value={params}>{props.element}</ParamsContext.Provider>;
  }
  const rest = routes.find(({ props }) => props.path === '*');
  return rest ? <ParamsContext.Provider value={{ '*': pathname.replace(/^\//, '') }}>{rest.props.element}</ParamsContext.Provider> : null;
}

/** A link that moves within the page as React Router's does: a plain click navigates; a click with a modifier, or to another window, is the browser's. */
export function Link({ to, onClick, target, ...rest }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }) {
  const { navigate } = useContext(RouterContext);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey || (target && target !== '_self')) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} target={target} onClick={follow} {...rest} />;
}

/** The public pages have no data routes, so no route error: React Router's answers when there is none. */
export function useRouteError(): unknown {
  return undefined;
}

export function isRouteErrorResponse(_error: unknown): false {
  return false;
}
