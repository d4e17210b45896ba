import { randomBytes, randomUUID } from 'node:crypto';

/** A bank account the fake Plaid verified and handed over as a processor token; the fake Stripe attaches it. */
export type IssuedBankAccount = {
  routingNumber: string;
  accountNumberLast4: string;
  bankName: string;
  accountHolderName: string | null;
  accountHolderType: 'individual' | 'company';
  country: 'US';
  currency: 'usd';
  /**
   * The whole account number, kept only for processor tokens: the fake Stripe's test accounts decide by it whether a
   * debit settles or is returned, as Stripe's do. Never shown by either fake.
   */
  accountNumber?: string;
};

const PROCESSOR_TOKEN = /^processor-sandbox-[0-9a-f-]{36}$/;

/**
 * The hand-off between the fake Plaid and the fake Stripe. Plaid's Stripe bank account tokens (`btok_…`) go wherever
 * a bank token goes and are single use, as Stripe's are. Processor tokens (`processor-sandbox-…`, from
 * `/processor/token/create` with processor `stripe`) become a verified bank PaymentMethod through
 * `us_bank_account[external_token]`; Plaid keeps them valid while the item lives, so reading one does not use it up.
 */
export class BankTokenRegistry {
  readonly #accounts = new Map<string, IssuedBankAccount>();
  readonly #listeners = new Set<() => void>();

  issue(account: IssuedBankAccount): string {
    const token = `btok_${randomBytes(12).toString('hex')}`;
    this.#accounts.set(token, { ...account });
    this.#changed();
    return token;
  }

  issueProcessorToken(account: IssuedBankAccount): string {
    const token = `processor-sandbox-${randomUUID()}`;
    this.#accounts.set(token, { ...account });
    this.#changed();
    return token;
  }

  /** The account behind a processor token; null for an unknown token or a bank token. */
  processorAccount(token: string): IssuedBankAccount | null {
    if (!PROCESSOR_TOKEN.test(token)) return null;
    const account = this.#accounts.get(token);
    return account === undefined ? null : { ...account };
  }

  take(token: string): IssuedBankAccount | null {
    const account = this.#accounts.get(token);
    if (account === undefined) return null;
    this.#accounts.delete(token);
    this.#changed();
    return account;
  }

  /** Called after each issue and take, so the fake that keeps this registry in its state file saves it. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The tokens issued and not yet taken. */
  snapshot(): [string, IssuedBankAccount][] {
    return [...this.#accounts].map(([token, account]) => [token, { ...account }]);
  }

  restore(tokens: readonly [string, IssuedBankAccount][]): void {
    this.#accounts.clear();
    for (const [token, account] of tokens) this.#accounts.set(token, { ...account });
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }
}
