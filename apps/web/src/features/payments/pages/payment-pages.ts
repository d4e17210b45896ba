/** The payment screens, one lazy chunk for the router (fewer preload lists in the login entry). */
export { PaymentsPage } from './payments-page';
export { PaymentViewPage } from './payment-view-page';
