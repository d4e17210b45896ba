// What other modules may do with counterparty records inside their own transaction: payments
// give a customer business the vendor record its mirrored payments made name; notification mails
// name the customer or vendor an event is about.
export { ensureLinkedRecord } from './linked-records';
export { counterpartyNameInTx } from './counterparty-names';
