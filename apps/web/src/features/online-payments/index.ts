/** What other features use of online payments: the one pay form, the customer business's pay actions, the pay pages' paths. */
export { PayForm, type PayFormProps } from './components/pay-form';
export { IncomingPayButtons, IncomingPayMenuItems } from './components/incoming-pay-actions';
export { customerPayPaths, customerPaymentPath } from './paths';
