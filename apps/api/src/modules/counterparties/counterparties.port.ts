// What other modules may do with counterparty records inside their own transaction: payments
// give a customer business the vendor record its mirrored payments made name.
export { ensureLinkedRecord } from './linked-records';
