import type { IssuedBankAccount } from '../bank-token-registry.js';
import { isEntryList, isRecord } from '../state-file.js';
import type { PlaidStoreSnapshot } from './plaid-store.js';

const FORMAT = 'ledgerline-fake-plaid';
const VERSION = 1;

/** The fake Plaid's state file. The API keys given at start are options, not state, and are not kept. */
export type FakePlaidSnapshot = {
  format: typeof FORMAT;
  version: typeof VERSION;
  store: PlaidStoreSnapshot;
  /** The bank tokens of the registry this fake made; null when the registry was given (its maker keeps it). */
  bankTokens: [string, IssuedBankAccount][] | null;
};

export function fakePlaidSnapshot(parts: Omit<FakePlaidSnapshot, 'format' | 'version'>): FakePlaidSnapshot {
  return { format: FORMAT, version: VERSION, ...parts };
}

/** Checks the file's frame (format, version, collections); the objects inside are the fake's own writing. */
export function isFakePlaidSnapshot(value: unknown): value is FakePlaidSnapshot {
  if (!isRecord(value) || value.format !== FORMAT || value.version !== VERSION) return false;
  const { store, bankTokens } = value;
  if (!isRecord(store) || !isEntryList(store.linkSessions) || !isEntryList(store.publicTokens) || !isEntryList(store.items)) return false;
  return bankTokens === null || isEntryList(bankTokens);
}
