/** What other features use of estimate deposits: the panel on an estimate's view. */
export { EstimateDepositPanel } from './estimate-deposit-panel';
