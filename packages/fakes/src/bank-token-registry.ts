import { randomBytes } from 'node:crypto';

/** A bank account the fake Plaid verified and handed over as a processor token; the fake Stripe attaches it. */
export type IssuedBankAccount = {
  routingNumber: string;
  accountNumberLast4: string;
  bankName: string;
  accountHolderName: string | null;
  accountHolderType: 'individual' | 'company';
  country: 'US';
  currency: 'usd';
};

/**
 * The hand-off between the fake Plaid (which issues `btok_…` tokens, as Plaid's processor-token endpoint does) and
 * the fake Stripe (which accepts them wherever a bank token goes). Tokens are single use, as Stripe's are.
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
