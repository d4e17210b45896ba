import type Stripe from 'stripe';
import type { BankTokenRegistry } from '../bank-token-registry.js';
import { accountView, applyAccountParams, completeVerification, failVerifiedIdentity, hasPendingVerification, newStoredAccount } from './accounts.js';
import { invalidRequest, newId, nowSeconds, resourceMissing } from './errors.js';
import { formObject, formString, type FormObject } from './form.js';
import { applyPersonParams, type ParamResolver } from './persons.js';
import { newPerson, newPersonRecord, type PersonRecord, type StoredAccount, type StoredFile, type StoredToken } from './records.js';
import { refreshRequirements } from './requirements.js';
import { bankAccountFromIssued, bankAccountFromParams } from './tokens.js';
import type { AccountStateSnapshot, StoredEndpoint } from './snapshot.js';
import type { WebhookDispatcher, WebhookTarget } from './webhooks.js';

/** The API version the installed SDK pins; events are rendered in it. */
export const API_VERSION = '2026-10-28.endive';

/** Who asked: the request id and idempotency key go into the events the request causes, as Stripe records them. */
export type RequestOrigin = { requestId: string | null; idempotencyKey: string | null };

function isKeyOf<T extends object>(object: T, key: string): key is Extract<keyof T, string> {
  return key in object;
}

function copyField<T, K extends keyof T>(from: T, into: Partial<T>, key: K): void {
  into[key] = from[key];
}

/** The top-level fields whose value changed, with their old values: Stripe's `previous_attributes`. */
export function previousAttributes<T extends object>(before: T, after: T): Partial<T> {
  const previous: Partial<T> = {};
  for (const key of Object.keys(before)) {
    if (isKeyOf(before, key) && JSON.stringify(before[key]) !== JSON.stringify(after[key])) copyField(before, previous, key);
  }
  return previous;
}

/** Everything the fake Stripe holds, and the state changes that record events. */
export class FakeStripeState {
  readonly accounts = new Map<string, StoredAccount>();
  readonly files = new Map<string, StoredFile>();
  readonly tokens = new Map<string, StoredToken>();
  readonly events: Stripe.Event[] = [];
  readonly endpoints: StoredEndpoint[] = [];
  readonly #failingBanks = new Set<string>();
  readonly #timers = new Set<NodeJS.Timeout>();
  #onEvent: () => void = () => {};

  constructor(
    readonly platform: Stripe.Account,
    readonly registry: BankTokenRegistry,
    readonly dispatcher: WebhookDispatcher,
    readonly extraTargets: readonly WebhookTarget[],
    readonly verificationDelayMs: number | null,
  ) {}

  /** What the state file keeps; the caller serialises it at once. */
  snapshot(): AccountStateSnapshot {
    return {
      platform: this.platform,
      accounts: [...this.accounts],
      files: [...this.files],
      tokens: [...this.tokens],
      events: this.events,
      endpoints: this.endpoints,
      failingBanks: [...this.#failingBanks],
    };
  }

  /** Takes over a saved state (the platform account is given to the constructor) and re-arms the pending checks. */
  restore(saved: AccountStateSnapshot): void {
    for (const [id, account] of saved.accounts) this.accounts.set(id, account);
    for (const [id, file] of saved.files) this.files.set(id, file);
    for (const [id, token] of saved.tokens) this.tokens.set(id, token);
    this.events.push(...saved.events);
    this.endpoints.push(...saved.endpoints);
    for (const id of saved.failingBanks) this.#failingBanks.add(id);
    for (const stored of this.accounts.values()) {
      if (hasPendingVerification(stored) || this.#hasFailingBank(stored)) this.#scheduleVerification(stored.account.id);
    }
  }

  /** Called after every recorded event, including those of timers and test controls that no request caused. */
  onEvent(listener: () => void): void {
    this.#onEvent = listener;
  }

  account(id: string): StoredAccount {
    const stored = this.accounts.get(id);
    if (stored === undefined) throw resourceMissing('account', id, 'account');
    return stored;
  }

  resolver(account: string | null): ParamResolver {
    return {
      takeIdNumberToken: (token, param) => {
        const payload = this.#takeToken(token, param, account).payload;
        if (payload.kind !== 'pii') throw invalidRequest(`Invalid token id: ${token}`, { param });
        return payload.idNumber;
      },
      identityFile: (id, param, purposes) => {
        const stored = this.files.get(id);
        if (stored === undefined) throw invalidRequest(`No such file upload: '${id}'`, { code: 'resource_missing', param });
        if (!purposes.includes(stored.file.purpose)) {
          throw invalidRequest(`Invalid file: must have a purpose of ${purposes.join(' or ')}, not ${stored.file.purpose}`, { param });
        }
        return id;
      },
    };
  }

  #takeToken(id: string, param: string, account: string | null): StoredToken {
    const stored = this.tokens.get(id);
    if (stored === undefined || stored.account !== account) throw invalidRequest(`No such token: '${id}'`, { code: 'resource_missing', param });
    if (stored.token.used) throw invalidRequest(`You cannot use a Stripe token more than once: ${id}.`, { code: 'token_already_used', param });
    stored.token.used = true;
    return stored;
  }

  /** Keeps an event and sends it to the endpoints that want it. */
  recordEvent(event: Stripe.Event): void {
    this.#record(event);
  }

  #record(event: Stripe.Event): void {
    this.events.unshift(event);
    this.#onEvent();
    this.dispatcher.dispatch(event, [...this.extraTargets, ...this.endpoints]);
  }

  /** The common fields of an event; platform events (account null) carry no `account`, as Stripe sends them. */
  eventBase(account: string | null, origin: RequestOrigin | null) {
    return this.#eventBase(account, origin);
  }

  #eventBase(account: string | null, origin: RequestOrigin | null) {
    return {
      id: newId('evt'),
      object: 'event' as const,
      ...(account === null ? {} : { account }),
      api_version: API_VERSION,
      created: nowSeconds(),
      livemode: false,
      pending_webhooks: [...this.extraTargets, ...this.endpoints].length,
      request: origin === null ? { id: null, idempotency_key: null } : { id: origin.requestId, idempotency_key: origin.idempotencyKey },
    };
  }

  /** Records `account.updated` when the account's API view changed. */
  #accountChanged(stored: StoredAccount, before: Stripe.Account, origin: RequestOrigin | null): void {
    const after = accountView(stored);
    const previous = previousAttributes(before, after);
    if (Object.keys(previous).length === 0) return;
    this.#record({ ...this.#eventBase(stored.account.id, origin), type: 'account.updated', data: { object: after, previous_attributes: previous } });
  }

  /** Runs a change and records what it did; starts the verification timer when a check is pending. */
  mutate<T>(stored: StoredAccount, origin: RequestOrigin | null, change: () => T): T {
    const before = accountView(stored);
    const result = change();
    refreshRequirements(stored);
    this.#accountChanged(stored, before, origin);
    if (hasPendingVerification(stored) || this.#hasFailingBank(stored)) this.#scheduleVerification(stored.account.id);
    return result;
  }

  createAccount(params: FormObject, origin: RequestOrigin): StoredAccount {
    const stored = newStoredAccount(params);
    this.accounts.set(stored.account.id, stored);
    const token = formString(params.account_token);
    const tokenParams = token === undefined ? {} : this.#accountTokenParams(token);
    applyAccountParams(stored, { ...tokenParams, ...params }, this.resolver(null));
    const bank = params.external_account;
    if (bank !== undefined) this.attachBankAccount(stored, bank, true, 'external_account', origin, null);
    refreshRequirements(stored);
    if (hasPendingVerification(stored) || this.#hasFailingBank(stored)) this.#scheduleVerification(stored.account.id);
    return stored;
  }

  /** An account token's fields; `tos_shown_and_accepted` records acceptance when and where the token was made, as Stripe does. */
  #accountTokenParams(token: string): FormObject {
    const stored = this.#takeToken(token, 'account_token', null);
    const payload = stored.payload;
    if (payload.kind !== 'account') throw invalidRequest(`Invalid account token: ${token}`, { param: 'account_token' });
    if (formString(payload.params.tos_shown_and_accepted) !== 'true') return payload.params;
    const tosAcceptance: FormObject = { date: String(stored.token.created), ip: stored.token.client_ip ?? '' };
    return { ...payload.params, tos_acceptance: tosAcceptance };
  }

  updateAccount(stored: StoredAccount, params: FormObject, origin: RequestOrigin): void {
    const token = formString(params.account_token);
    const tokenParams = token === undefined ? {} : this.#accountTokenParams(token);
    this.mutate(stored, origin, () => {
      applyAccountParams(stored, { ...tokenParams, ...params }, this.resolver(null));
      const bank = params.external_account;
      if (bank !== undefined) this.attachBankAccount(stored, bank, true, 'external_account', origin, null);
    });
  }

  /**
   * Attaches a bank account from a `btok_` token (Stripe's or the fake Plaid's) or inline `bank_account` fields.
   * A new default replaces the old default for its currency, as Stripe does on Custom accounts.
   */
  attachBankAccount(stored: StoredAccount, value: FormObject[string], makeDefault: boolean, param: string, origin: RequestOrigin | null, connected: string | null): Stripe.BankAccount {
    const inline = formObject(value);
    const tokenId = formString(value);
    let made: { bankAccount: Stripe.BankAccount; fails: boolean };
    if (inline !== undefined) made = bankAccountFromParams(inline, param);
    else if (tokenId === undefined) throw invalidRequest(`Invalid ${param}`, { param });
    else {
      const issued = tokenId.startsWith('btok_') && !this.tokens.has(tokenId) ? this.registry.take(tokenId) : null;
      if (issued !== null) made = bankAccountFromIssued(issued);
      else {
        const payload = this.#takeToken(tokenId, param, connected).payload;
        if (payload.kind !== 'bank_account') throw invalidRequest(`Invalid token id: ${tokenId}`, { param });
        made = { bankAccount: { ...payload.bankAccount, id: newId('ba') }, fails: payload.fails };
      }
    }
    const bankAccount: Stripe.BankAccount = { ...made.bankAccount, account: stored.account.id };
    const first = stored.bankAccounts.length === 0;
    if (makeDefault || first) {
      const replaced = stored.bankAccounts.filter((bank) => bank.default_for_currency === true && bank.currency === bankAccount.currency);
      stored.bankAccounts = stored.bankAccounts.filter((bank) => !replaced.includes(bank));
      for (const old of replaced) this.#record({ ...this.#eventBase(stored.account.id, origin), type: 'account.external_account.deleted', data: { object: old } });
    }
    bankAccount.default_for_currency = makeDefault || first || stored.bankAccounts.length === 0;
    stored.bankAccounts.unshift(bankAccount);
    if (made.fails) this.#failingBanks.add(bankAccount.id);
    this.#record({ ...this.#eventBase(stored.account.id, origin), type: 'account.external_account.created', data: { object: structuredClone(bankAccount) } });
    return bankAccount;
  }

  deleteBankAccount(stored: StoredAccount, id: string, origin: RequestOrigin): Stripe.BankAccount {
    const bank = stored.bankAccounts.find((item) => item.id === id);
    if (bank === undefined) throw resourceMissing('external account', id);
    if (bank.default_for_currency === true && stored.bankAccounts.length > 1) {
      throw invalidRequest('You cannot delete the default external account for your default currency. Please make another external account the default using the `default_for_currency` param, and then delete this one.');
    }
    this.mutate(stored, origin, () => {
      stored.bankAccounts = stored.bankAccounts.filter((item) => item !== bank);
      this.#record({ ...this.#eventBase(stored.account.id, origin), type: 'account.external_account.deleted', data: { object: bank } });
    });
    return bank;
  }

  createPerson(stored: StoredAccount, params: FormObject, origin: RequestOrigin): PersonRecord {
    const record = newPersonRecord(newPerson(newId('person'), stored.account.id, nowSeconds()));
    this.mutate(stored, origin, () => {
      const token = formString(params.person_token);
      const tokenParams = token === undefined ? {} : this.#personTokenParams(token);
      applyPersonParams(record, { ...tokenParams, ...params }, '', this.resolver(null));
      stored.persons.unshift(record);
    });
    this.#record({ ...this.#eventBase(stored.account.id, origin), type: 'person.created', data: { object: structuredClone(record.person) } });
    return record;
  }

  updatePerson(stored: StoredAccount, record: PersonRecord, params: FormObject, origin: RequestOrigin): void {
    const before = structuredClone(record.person);
    this.mutate(stored, origin, () => applyPersonParams(record, params, '', this.resolver(null)));
    const previous = previousAttributes(before, record.person);
    if (Object.keys(previous).length > 0) {
      this.#record({ ...this.#eventBase(stored.account.id, origin), type: 'person.updated', data: { object: structuredClone(record.person), previous_attributes: previous } });
    }
  }

  deletePerson(stored: StoredAccount, record: PersonRecord, origin: RequestOrigin): void {
    if (record === stored.individual) throw invalidRequest('You cannot delete the individual of an individual account.');
    this.mutate(stored, origin, () => {
      stored.persons = stored.persons.filter((item) => item !== record);
    });
    this.#record({ ...this.#eventBase(stored.account.id, origin), type: 'person.deleted', data: { object: structuredClone(record.person) } });
  }

  #personTokenParams(token: string): FormObject {
    const payload = this.#takeToken(token, 'person_token', null).payload;
    if (payload.kind !== 'person') throw invalidRequest(`Invalid person token: ${token}`, { param: 'person_token' });
    return payload.params;
  }

  #hasFailingBank(stored: StoredAccount): boolean {
    return stored.bankAccounts.some((bank) => this.#failingBanks.has(bank.id));
  }

  #scheduleVerification(accountId: string): void {
    if (this.verificationDelayMs === null) return;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      if (this.accounts.has(accountId)) this.completeVerification(accountId);
    }, this.verificationDelayMs);
    this.#timers.add(timer);
  }

  /** Finishes pending checks now; failing test bank accounts turn `errored`, as a returned payout leaves them. */
  completeVerification(accountId: string): void {
    const stored = this.account(accountId);
    this.mutate(stored, null, () => {
      completeVerification(stored);
      for (const bank of stored.bankAccounts) {
        if (!this.#failingBanks.delete(bank.id)) continue;
        const previousStatus = bank.status;
        bank.status = 'errored';
        this.#record({ ...this.#eventBase(accountId, null), type: 'account.external_account.updated', data: { object: structuredClone(bank), previous_attributes: { status: previousStatus } } });
      }
    });
  }

  /** The next check fails; an account with nothing pending fails its verified identity now. */
  forceVerificationFailure(accountId: string, failure: NonNullable<StoredAccount['forcedFailure']>): void {
    const stored = this.account(accountId);
    if (hasPendingVerification(stored)) {
      stored.forcedFailure = failure;
      return;
    }
    this.mutate(stored, null, () => failVerifiedIdentity(stored, failure));
  }

  deleteAccount(stored: StoredAccount): void {
    this.accounts.delete(stored.account.id);
  }

  event(id: string, account: string | null): Stripe.Event {
    const event = this.events.find((item) => item.id === id && (item.account ?? null) === account);
    if (event === undefined) throw resourceMissing('event', id);
    return event;
  }

  /** Sends a recorded event again, as a duplicate delivery. */
  redeliver(id: string): void {
    const event = this.events.find((item) => item.id === id);
    if (event === undefined) throw resourceMissing('event', id);
    this.dispatcher.dispatch(event, [...this.extraTargets, ...this.endpoints]);
  }

  close(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}
