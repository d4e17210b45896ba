import type { RouteObject } from 'react-router';
import { onDemandScreen } from '../lib/on-demand-screen';

/**
 * The pages behind a link mailed to someone who need not have an account, as children of the root
 * route: each a lazy chunk loaded with i18next and the guest CSS (lib/on-demand-screen). Both
 * entries route them: the public entry (../public-main), which the server sends for every path
 * under /public/ (./public-path), and the login entry, which a signed-in user reaches them from
 * without a page load (it adds them on demand, see `discoverAppRoutes` in ./router).
 */
export const publicRoutes: RouteObject[] = [
  { path: 'public/invoices/view/:token', lazy: onDemandScreen(() => import('../features/public-documents/public-document-page').then((m) => ({ Component: m.PublicInvoicePage }))) },
  { path: 'public/estimates/view/:token', lazy: onDemandScreen(() => import('../features/public-documents/public-document-page').then((m) => ({ Component: m.PublicEstimatePage }))) },
  { path: 'public/payments/view/:token', lazy: onDemandScreen(() => import('../features/public-documents/public-receipt-page').then((m) => ({ Component: m.PublicReceiptPage }))) },
  { path: 'public/onboarding/:token', lazy: onDemandScreen(() => import('../features/payouts/pages/public-onboarding-page').then((m) => ({ Component: m.PublicOnboardingPage }))) },
  { path: 'public/payment-method-links/view/:token', lazy: onDemandScreen(() => import('../features/saved-methods/pages/public-payment-method-link-page').then((m) => ({ Component: m.PublicPaymentMethodLinkPage }))) },
  { path: 'public/payment-method-links/:token/payment-method', lazy: onDemandScreen(() => import('../features/saved-methods/pages/public-payment-method-link-page').then((m) => ({ Component: m.PublicPaymentMethodFormPage }))) },
];
