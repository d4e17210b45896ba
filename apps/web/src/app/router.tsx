import { Outlet, createBrowserRouter, matchRoutes, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { FullPageLoader } from '../components/full-page-loader';
import { ForbiddenPage, NotFoundPage, RouteErrorPage } from '../components/status-pages';
import { LoginPage } from '../features/auth/pages/login-page';
import { LoginLayout } from './layouts/login-layout';
import { onDemandScreen } from '../lib/on-demand-screen';
import { PUBLIC_PATH_PREFIX } from './public-path';
import { guestOnly, verifyEmailLanding } from './route-guards';

type Lazy = NonNullable<RouteObject['lazy']>;

/**
 * The screens a guest reaches besides the login screen, the only eager page: each a lazy chunk
 * loaded with i18next and the guest CSS (lib/on-demand-screen). The public pages (./public-routes)
 * and the signed-in areas (./app-routes) join on demand (`discoverAppRoutes`).
 */
const pages = {
  signUp: onDemandScreen(() => import('../features/auth/pages/sign-up-page').then((m) => ({ Component: m.SignUpPage }))),
  forgotPassword: onDemandScreen(() => import('../features/auth/pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage }))),
  resetPassword: onDemandScreen(() => import('../features/auth/pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage }))),
  acceptInvitation: onDemandScreen(() => import('../features/auth/pages/accept-invitation-page').then((m) => ({ Component: m.AcceptInvitationPage }))),
  verifyEmail: onDemandScreen(() => import('../features/auth/pages/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage }))),
  verifyUser: onDemandScreen(() => import('../features/auth/pages/verify-user-page').then((m) => ({ Component: m.VerifyUserPage }))),
  confirmEmail: onDemandScreen(() => import('../features/account/pages/confirm-email-page').then((m) => ({ Component: m.ConfirmEmailPage }))),
  businessOnboarding: onDemandScreen(() => import('../features/counterparties/pages/business-onboarding-page').then((m) => ({ Component: m.BusinessOnboardingPage }))),
} satisfies Record<string, Lazy>;

/** The routes of the login entry; the public pages and the company and admin areas join them on demand (`discoverAppRoutes`). */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      element: <Outlet />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <FullPageLoader />,
      children: [
        {
          path: '/',
          element: <LoginLayout />,
          loader: guestOnly(queryClient),
          children: [
            { index: true, element: <LoginPage /> },
            { path: 'login', element: <LoginPage /> },
            { path: 'sign-up', lazy: pages.signUp },
            { path: 'forgot-password', lazy: pages.forgotPassword },
            { path: 'reset-password/:token', lazy: pages.resetPassword },
            { path: 'accept-user-invitation/:token', lazy: pages.acceptInvitation },
            { path: 'onboarding-business-invitation/:token', lazy: pages.businessOnboarding },
          ],
        },
        { path: 'verify-email', loader: verifyEmailLanding(queryClient), lazy: pages.verifyEmail },
        { path: 'verify-user', lazy: pages.verifyUser },
        { path: 'confirm-email/:token', lazy: pages.confirmEmail },
        { path: '403', element: <ForbiddenPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

/**
 * Adds routes under the root route the first time React Router meets a path that, among the login
 * entry's routes, only the not-found route matches (it asks before it settles on a match with
 * parameters or none): the public pages (./public-routes) for a path under /public/, which the
 * login entry only meets when a signed-in page links there (the server sends the public entry
 * for a page load), else the company and admin areas (./app-routes). Each is a chunk of its own,
 * added once; guest paths load neither.
 */
export function discoverAppRoutes(queryClient: QueryClient, entryRoutes: RouteObject[]): PatchRoutesOnNavigationFunction {
  const added = new Set<'public' | 'app'>();
  return async ({ path, patch, signal }) => {
    const area = path.startsWith(PUBLIC_PATH_PREFIX) ? 'public' : 'app';
    if (added.has(area) || matchRoutes(entryRoutes, path)?.at(-1)?.route.path !== '*') return;
    const routes = area === 'public' ? (await import('./public-routes')).publicRoutes : (await import('./app-routes')).appRoutes(queryClient);
    // A navigation cancelled meanwhile patches nothing; the next one adds the routes.
    if (added.has(area) || signal.aborted) return;
    added.add(area);
    patch('root', routes);
  };
}

export function createAppRouter(queryClient: QueryClient) {
  const routes = createRoutes(queryClient);
  return createBrowserRouter(routes, { patchRoutesOnNavigation: discoverAppRoutes(queryClient, routes) });
}
