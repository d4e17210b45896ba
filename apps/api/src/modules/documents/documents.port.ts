/**
 * What other modules may run of the documents repository inside their own transaction:
 * document delivery checks the customer a mail goes to.
 */
export { findCustomer } from './documents.repository';
