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

  issue(account: IssuedBankAccount): string {
    const token = `btok_${randomBytes(12).toString('hex')}`;
    this.#accounts.set(token, { ...account });
    return token;
  }

  take(token: string): IssuedBankAccount | null {
    const account = this.#accounts.get(token);
    if (account === undefined) return null;
    this.#accounts.delete(token);
    return account;
  }
}
