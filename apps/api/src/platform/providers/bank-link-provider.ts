/**
 * The bank-link provider port (ARCHITECTURE section 13): the browser opens the provider's Link with
 * a link token, the server exchanges the public token it answers with, and a processor token hands
 * the chosen account to the payment provider: as a payout bank account (`btok_…`, single use), or as
 * the account a payer's debit is drawn on (a processor token the payment provider turns into a
 * verified bank payment method). One adapter (plaid-bank-link-provider.ts) on the official SDK;
 * nothing else imports it.
 */

/** A tenant's bank-link settings (spec section 3, Tenant: client id, secret, environment). */
export type BankLinkCredentials = {
  clientId: string;
  secret: string;
  environment: 'sandbox' | 'development' | 'production';
};

/** A failure in the provider's words (spec section 8: bank token errors show the provider message). */
export class BankLinkProviderError extends Error {
  constructor(
    message: string,
    readonly details: { type: string; code: string; httpStatus: number | null },
  ) {
    super(message);
    this.name = 'BankLinkProviderError';
  }
}

export type LinkedBankAccount = { id: string; name: string; mask: string | null; subtype: string | null };

export type BankLinkProvider = {
  /** A short-lived token the browser opens Link with, for one user of one business. */
  createLinkToken(input: { clientUserId: string; clientName: string; language: string }): Promise<{ linkToken: string; expiration: string }>;
  /** Exchanges Link's public token for the item's access token (kept sealed, never returned). */
  exchangePublicToken(publicToken: string): Promise<{ accessToken: string; itemId: string }>;
  listAccounts(accessToken: string): Promise<LinkedBankAccount[]>;
  /** A payment-provider bank account token for one account of the item. */
  createPaymentProcessorBankToken(accessToken: string, accountId: string): Promise<{ bankToken: string }>;
  /** A processor token for one account of the item, for the payment provider's bank debits (PaymentIntents). */
  createPaymentProcessorToken(accessToken: string, accountId: string): Promise<{ processorToken: string }>;
  removeItem(accessToken: string): Promise<void>;
};

export type BankLinkProviderFactory = (credentials: BankLinkCredentials) => BankLinkProvider;
