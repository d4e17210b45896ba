/** What other features use of online payments: the customer business's Pay and Approve and pay actions. */
export { IncomingPayButtons, IncomingPayMenuItems } from './components/incoming-pay-actions';
