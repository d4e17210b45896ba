import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { onDemandScreen } from '../lib/on-demand-screen';

/** A page behind a mailed link: its path under the root, and its component, loaded on demand. */
export type PublicPage = { path: string; load: () => Promise<ComponentType> };

/**
 * The pages behind a link mailed to someone who need not have an account. Both entries route them:
 * the public entry (./public-router), which the server sends for every path under /public/
 * (./public-path), and the login entry, which a signed-in user reaches them from without a page
 * load (it adds `publicRoutes` on demand, see `discoverAppRoutes` in ./router).
 */
export const publicPages: PublicPage[] = [
  { path: 'public/invoices/view/:token', load: () => import('../features/public-documents/public-document-page').then((m) => m.PublicInvoicePage) },
  { path: 'public/estimates/view/:token', load: () => import('../features/public-documents/public-document-page').then((m) => m.PublicEstimatePage) },
  { path: 'public/payments/view/:token', load: () => import('../features/public-documents/public-receipt-page').then((m) => m.PublicReceiptPage) },
  { path: 'public/onboarding/:token', load: () => import('../features/payouts/pages/public-onboarding-page').then((m) => m.PublicOnboardingPage) },
  { path: 'public/payment-method-links/view/:token', load: () => import('../features/saved-methods/pages/public-payment-method-link-page').then((m) => m.PublicPaymentMethodLinkPage) },
  { path: 'public/payment-method-links/:token/payment-method', load: () => import('../features/saved-methods/pages/public-payment-method-link-page').then((m) => m.PublicPaymentMethodFormPage) },
];

/** The public pages as children of the login entry's root route: each a lazy chunk loaded with i18next and the guest CSS (lib/on-demand-screen). */
export const publicRoutes: RouteObject[] = publicPages.map(({ path, load }) => ({ path, lazy: onDemandScreen(() => load().then((Component) => ({ Component }))) }));
