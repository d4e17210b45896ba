/** What other features use of financing: the invoice view's "Get paid now" action. */
export { GetPaidNowButton } from './components/get-paid-now-button';
