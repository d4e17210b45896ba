/** What documents, payments, recurring invoices and search use of customers and vendors. */
export { CounterpartySelect } from './components/counterparty-select';
export { counterpartyKeys, counterpartyQueryOptions } from './counterparties-queries';
export { counterpartyLinks } from './counterparty-kinds';
