/** What documents, payments and recurring invoices use of customers and vendors. */
export { CounterpartySelect } from './components/counterparty-select';
export { counterpartyKeys, counterpartyQueryOptions } from './counterparties-queries';
