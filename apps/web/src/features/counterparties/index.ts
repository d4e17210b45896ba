// The counterparties feature's public entry: what documents, payments and search reuse of it.
export { CounterpartySelect } from './components/counterparty-select';
export { counterpartyKeys, counterpartyQueryOptions } from './counterparties-queries';
export { counterpartyLinks } from './counterparty-kinds';
