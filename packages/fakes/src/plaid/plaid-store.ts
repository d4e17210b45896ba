import { randomBytes, randomUUID } from 'node:crypto';
import { Products } from 'plaid';
import type { BankTokenRegistry } from '../bank-token-registry.js';
import { FakePlaidError } from './plaid-errors.js';
import { SANDBOX_ACCOUNTS, SANDBOX_INSTITUTION, STRIPE_TEST_ROUTING_NUMBER, type SandboxAccountTemplate } from './sandbox-institution.js';

/** Plaid's lifetimes: a link token lives 4 hours, a public token 30 minutes and is exchanged once. */
const LINK_TOKEN_LIFETIME_MS = 4 * 60 * 60 * 1000;
const PUBLIC_TOKEN_LIFETIME_MS = 30 * 60 * 1000;

export type StoredAccount = SandboxAccountTemplate & { accountId: string };

export type StoredItem = {
  itemId: string;
  accessToken: string | null;
  accounts: StoredAccount[];
  products: Products[];
  loginRequired: boolean;
};

type LinkSession = { expiresAt: number; products: Products[]; itemId: string | null; linkSessionId: string | null };
type PublicTokenGrant = { itemId: string; expiresAt: number };

/** What the state file keeps: link tokens, public tokens and items (with their access tokens), as map entries. */
export type PlaidStoreSnapshot = {
  linkSessions: [string, LinkSession][];
  publicTokens: [string, PublicTokenGrant][];
  items: [string, StoredItem][];
};

/** What Link's onSuccess receives: the account the user chose, the bank, the session. */
export type LinkSuccess = {
  publicToken: string;
  metadata: {
    accounts: { id: string; name: string; mask: string | null; type: string; subtype: string | null }[];
    institution: { name: string; institution_id: string };
    link_session_id: string;
  };
};

/** Plaid's identifiers are 37 letters and digits (item and account ids) or 15 (request ids). */
function plaidId(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
}

export const newRequestId = (): string => plaidId(15);

/**
 * The fake's memory: link sessions, public tokens, items and their accounts. Every operation
 * answers as Plaid's API does, throwing Plaid's error when Plaid would refuse.
 */
export class PlaidStore {
  readonly #linkSessions = new Map<string, LinkSession>();
  readonly #publicTokens = new Map<string, PublicTokenGrant>();
  readonly #items = new Map<string, StoredItem>();
  #nextExchangeFailure: FakePlaidError | null = null;

  constructor(
    private readonly registry: BankTokenRegistry,
    private readonly now: () => number,
  ) {}

  /** The caller serialises it at once. */
  snapshot(): PlaidStoreSnapshot {
    return { linkSessions: [...this.#linkSessions], publicTokens: [...this.#publicTokens], items: [...this.#items] };
  }

  restore(saved: PlaidStoreSnapshot): void {
    for (const [token, session] of saved.linkSessions) this.#linkSessions.set(token, session);
    for (const [token, grant] of saved.publicTokens) this.#publicTokens.set(token, grant);
    for (const [itemId, item] of saved.items) this.#items.set(itemId, item);
  }

  createLinkToken(products: Products[]): { linkToken: string; expiration: string } {
    const linkToken = `link-sandbox-${randomUUID()}`;
    const expiresAt = this.now() + LINK_TOKEN_LIFETIME_MS;
    this.#linkSessions.set(linkToken, { expiresAt, products, itemId: null, linkSessionId: null });
    return { linkToken, expiration: new Date(expiresAt).toISOString() };
  }

  /** Skips Link, as Plaid's sandbox endpoint does: an item at the sandbox bank and its public token. */
  createSandboxPublicToken(institutionId: string, products: Products[]): string {
    if (institutionId !== SANDBOX_INSTITUTION.institutionId) throw new FakePlaidError('INVALID_INSTITUTION');
    return this.#grantPublicToken(this.#createItem(products).itemId);
  }

  /** Link opened with a link token: the sandbox user signs in and their accounts are listed. */
  openLink(linkToken: string): { linkSessionId: string; accounts: LinkSuccess['metadata']['accounts'] } {
    const session = this.#liveLinkSession(linkToken);
    const item = this.#createItem(session.products.length > 0 ? session.products : [Products.Auth]);
    session.itemId = item.itemId;
    session.linkSessionId = randomUUID();
    return { linkSessionId: session.linkSessionId, accounts: item.accounts.map(linkAccountView) };
  }

  /** The user chose an account and continued: the public token Link hands to onSuccess. */
  completeLink(linkToken: string, linkSessionId: string, accountId: string): LinkSuccess {
    const session = this.#liveLinkSession(linkToken);
    if (session.itemId === null || session.linkSessionId !== linkSessionId) throw new FakePlaidError('INVALID_LINK_TOKEN');
    const item = this.#items.get(session.itemId);
    const account = item?.accounts.find((candidate) => candidate.accountId === accountId);
    if (item === undefined || account === undefined) throw new FakePlaidError('INVALID_ACCOUNT_ID');
    // A link token opens Link for one session: a second completion needs a new token.
    this.#linkSessions.delete(linkToken);
    return {
      publicToken: this.#grantPublicToken(item.itemId),
      metadata: {
        accounts: [linkAccountView(account)],
        institution: { name: SANDBOX_INSTITUTION.name, institution_id: SANDBOX_INSTITUTION.institutionId },
        link_session_id: linkSessionId,
      },
    };
  }

  exchangePublicToken(publicToken: string): { accessToken: string; itemId: string } {
    if (this.#nextExchangeFailure !== null) {
      const failure = this.#nextExchangeFailure;
      this.#nextExchangeFailure = null;
      throw failure;
    }
    if (!/^public-sandbox-[0-9a-f-]{36}$/.test(publicToken)) throw new FakePlaidError('MALFORMED_PUBLIC_TOKEN');
    const grant = this.#publicTokens.get(publicToken);
    this.#publicTokens.delete(publicToken);
    const item = grant === undefined ? undefined : this.#items.get(grant.itemId);
    if (grant === undefined || grant.expiresAt <= this.now() || item === undefined) throw new FakePlaidError('EXPIRED_PUBLIC_TOKEN');
    item.accessToken = `access-sandbox-${randomUUID()}`;
    return { accessToken: item.accessToken, itemId: item.itemId };
  }

  /** The item an access token opens; data calls also need the item to be in a good state. */
  item(accessToken: string, purpose: 'data' | 'management'): StoredItem {
    if (!/^access-sandbox-[0-9a-f-]{36}$/.test(accessToken)) throw new FakePlaidError('MALFORMED_ACCESS_TOKEN');
    const item = [...this.#items.values()].find((candidate) => candidate.accessToken === accessToken);
    if (item === undefined) throw new FakePlaidError('UNKNOWN_ACCESS_TOKEN');
    if (purpose === 'data' && item.loginRequired) throw new FakePlaidError('ITEM_LOGIN_REQUIRED');
    return item;
  }

  /** Only the accounts asked for, or all; an id the item does not have is refused. */
  accounts(item: StoredItem, accountIds: readonly string[] | undefined): StoredAccount[] {
    if (accountIds === undefined) return item.accounts;
    return accountIds.map((accountId) => this.#account(item, accountId));
  }

  /** Plaid's Stripe integration: the chosen account as a single-use Stripe bank account token. */
  stripeBankAccountToken(item: StoredItem, accountId: string): string {
    const account = this.#account(item, accountId);
    return this.registry.issue({
      routingNumber: STRIPE_TEST_ROUTING_NUMBER,
      accountNumberLast4: account.accountNumber.slice(-4),
      bankName: SANDBOX_INSTITUTION.name,
      accountHolderName: null,
      accountHolderType: 'individual',
      country: 'US',
      currency: 'usd',
    });
  }

  /**
   * `/processor/token/create`: the chosen account for a payment processor. Only Stripe's tokens are registered, so
   * the fake Stripe can turn them into a bank PaymentMethod (`us_bank_account[external_token]`); the account number
   * goes along for the fake Stripe's test accounts to decide how the debit settles.
   */
  processorToken(item: StoredItem, accountId: string, processor: string): string {
    const account = this.#account(item, accountId);
    if (processor !== 'stripe') return `processor-sandbox-${randomUUID()}`;
    return this.registry.issueProcessorToken({
      routingNumber: STRIPE_TEST_ROUTING_NUMBER,
      accountNumberLast4: account.accountNumber.slice(-4),
      bankName: SANDBOX_INSTITUTION.name,
      accountHolderName: null,
      accountHolderType: 'individual',
      country: 'US',
      currency: 'usd',
      accountNumber: account.accountNumber,
    });
  }

  removeItem(item: StoredItem): void {
    this.#items.delete(item.itemId);
  }

  /** Test control: the next exchange answers this error (Plaid's API error unless told). */
  failNextExchange(error: FakePlaidError): void {
    this.#nextExchangeFailure = error;
  }

  /** Test control: the item's bank asks the user to sign in again (ITEM_LOGIN_REQUIRED). */
  requireLogin(itemId: string, required: boolean): void {
    const item = this.#items.get(itemId);
    if (item === undefined) throw new FakePlaidError('ITEM_NOT_FOUND');
    item.loginRequired = required;
  }

  #account(item: StoredItem, accountId: string): StoredAccount {
    const account = item.accounts.find((candidate) => candidate.accountId === accountId);
    if (account === undefined) throw new FakePlaidError('INVALID_ACCOUNT_ID');
    return account;
  }

  #liveLinkSession(linkToken: string): LinkSession {
    const session = this.#linkSessions.get(linkToken);
    if (session === undefined || session.expiresAt <= this.now()) throw new FakePlaidError('INVALID_LINK_TOKEN');
    return session;
  }

  #createItem(products: Products[]): StoredItem {
    const item: StoredItem = {
      itemId: plaidId(37),
      accessToken: null,
      accounts: SANDBOX_ACCOUNTS.map((template) => ({ ...template, accountId: plaidId(37) })),
      products,
      loginRequired: false,
    };
    this.#items.set(item.itemId, item);
    return item;
  }

  #grantPublicToken(itemId: string): string {
    const publicToken = `public-sandbox-${randomUUID()}`;
    this.#publicTokens.set(publicToken, { itemId, expiresAt: this.now() + PUBLIC_TOKEN_LIFETIME_MS });
    return publicToken;
  }
}

function linkAccountView(account: StoredAccount): LinkSuccess['metadata']['accounts'][number] {
  return { id: account.accountId, name: account.name, mask: account.mask, type: 'depository', subtype: account.subtype };
}
