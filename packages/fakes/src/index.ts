/**
 * Faithful fakes of the outside services (payment provider, bank link), for tests and the demo:
 * they speak the real wire protocol so the official SDKs run against them unchanged.
 */
export { startFakePlaid, type FakePlaid, type StartFakePlaidOptions } from './plaid/fake-plaid.js';
export { fakePlaidLinkScript, PLAID_LINK_SCRIPT_URL } from './plaid/link-script.js';
export type { FakePlaidErrorName, FakePlaidErrorSpec } from './plaid/plaid-errors.js';
export { BankTokenRegistry, type IssuedBankAccount } from './bank-token-registry.js';
