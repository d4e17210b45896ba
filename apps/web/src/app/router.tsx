import { Outlet, createBrowserRouter, matchRoutes, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { FullPageLoader } from '../components/full-page-loader';
import { ForbiddenPage, NotFoundPage, RouteErrorPage } from '../components/status-pages';
import { LoginPage } from '../features/auth/pages/login-page';
import { LoginLayout } from './layouts/login-layout';
import { onDemandScreen } from '../lib/on-demand-screen';
import { publicRoutes } from './public-routes';
import { guestOnly, verifyEmailLanding } from './route-guards';

type Lazy = NonNullable<RouteObject['lazy']>;

/**
 * The screens a guest reaches besides the login screen, the only eager page: each a lazy chunk
 * loaded with i18next and the guest CSS (lib/on-demand-screen). The public pages are in
 * ./public-routes, the signed-in areas in ./app-routes.
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

/** The routes of the login entry; the company and admin areas join them on demand (`discoverAppRoutes`). */
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
        ...publicRoutes,
        { path: '403', element: <ForbiddenPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

/**
 * Adds the company and admin areas (./app-routes, a chunk of its own) under the root route the
 * first time React Router meets a path that, among the login entry's routes, only the not-found
 * route matches (it asks before it settles on a match with parameters or none). Guest paths
 * never load them.
 */
export function discoverAppRoutes(queryClient: QueryClient, entryRoutes: RouteObject[]): PatchRoutesOnNavigationFunction {
  let added = false;
  return async ({ path, patch, signal }) => {
    if (added || matchRoutes(entryRoutes, path)?.at(-1)?.route.path !== '*') return;
    const { appRoutes } = await import('./app-routes');
    // A navigation cancelled meanwhile patches nothing; the next one adds the areas.
    if (added || signal.aborted) return;
    added = true;
    patch('root', appRoutes(queryClient));
  };
}

export function createAppRouter(queryClient: QueryClient) {
  const routes = createRoutes(queryClient);
  return createBrowserRouter(routes, { patchRoutesOnNavigation: discoverAppRoutes(queryClient, routes) });
}
