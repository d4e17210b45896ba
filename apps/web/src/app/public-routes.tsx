import type { RouteObject } from 'react-router';
import { onDemandScreen } from '../lib/on-demand-screen';

type Lazy = NonNullable<RouteObject['lazy']>;

/**
 * The pages behind a link mailed to someone who need not have an account: each a lazy chunk loaded
 * with i18next and the guest CSS (lib/on-demand-screen). Both entries route them: the public
 * entry (../public-main), which the server sends for every path under /public/, and the login
 * entry, which a signed-in user reaches them from without a page load.
 */
const pages = {
  publicInvoice: onDemandScreen(() => import('../features/public-documents/public-document-page').then((m) => ({ Component: m.PublicInvoicePage }))),
  publicEstimate: onDemandScreen(() => import('../features/public-documents/public-document-page').then((m) => ({ Component: m.PublicEstimatePage }))),
  publicOnboarding: onDemandScreen(() => import('../features/payouts/pages/public-onboarding-page').then((m) => ({ Component: m.PublicOnboardingPage }))),
  publicMethodLink: onDemandScreen(() => import('../features/saved-methods/pages/public-payment-method-link-page').then((m) => ({ Component: m.PublicPaymentMethodLinkPage }))),
  publicMethodForm: onDemandScreen(() => import('../features/saved-methods/pages/public-payment-method-link-page').then((m) => ({ Component: m.PublicPaymentMethodFormPage }))),
  publicReceipt: onDemandScreen(() => import('../features/public-documents/public-receipt-page').then((m) => ({ Component: m.PublicReceiptPage }))),
} satisfies Record<string, Lazy>;

/** The prefix of every public page's path; the server sends the public entry's shell for it. */
export const PUBLIC_PATH_PREFIX = '/public/';

/** The public pages, as children of the root route (their paths relative to it). */
export const publicRoutes: RouteObject[] = [
  { path: 'public/invoices/view/:token', lazy: pages.publicInvoice },
  { path: 'public/estimates/view/:token', lazy: pages.publicEstimate },
  { path: 'public/payments/view/:token', lazy: pages.publicReceipt },
  { path: 'public/onboarding/:token', lazy: pages.publicOnboarding },
  { path: 'public/payment-method-links/view/:token', lazy: pages.publicMethodLink },
  { path: 'public/payment-method-links/:token/payment-method', lazy: pages.publicMethodForm },
];
