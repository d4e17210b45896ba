/** What other features use of financing: the invoice view's "Get paid now" (outgoing) and "Pay later" (incoming) actions. */
export { GetPaidNowButton } from './components/get-paid-now-button';
export { PayLaterButton } from './components/pay-later-button';
