import { Configuration, CountryCode, PlaidApi, Products } from 'plaid';
import { z } from 'zod';
import { BankLinkProviderError, type BankLinkCredentials, type BankLinkProvider, type BankLinkProviderFactory, type LinkedBankAccount } from './bank-link-provider.js';

/**
 * The bank-link port on the official `plaid` SDK (the only file that imports it). Calls go to the
 * Plaid host of the tenant's environment, or to `apiBaseUrl` (env BANK_LINK_API_BASE: the fake
 * Plaid in tests and the demo). Failures become BankLinkProviderError in Plaid's own words; the
 * SDK's error, which carries the request headers and so the secret, is never passed on.
 */

/**
 * Plaid retired its Development environment in 2024 and SDK 47 no longer names a host for it;
 * Plaid moved development keys to limited Production, so a tenant still set to development is sent
 * to the production host.
 */
const PLAID_HOSTS: Record<BankLinkCredentials['environment'], string> = {
  sandbox: 'https://sandbox.plaid.com',
  development: 'https://production.plaid.com',
  production: 'https://production.plaid.com',
};

/** Plaid answers within seconds; a stalled connection must not hold a request open for minutes. */
const REQUEST_TIMEOUT_MS = 30_000;

export function plaidBaseUrl(environment: BankLinkCredentials['environment'], apiBaseUrl: string | undefined): string {
  return apiBaseUrl ?? PLAID_HOSTS[environment];
}

/** Plaid's error envelope (HTTP 400 or 500 with `error_type`, `error_code`, messages). */
const plaidErrorSchema = z.object({
  error_type: z.string(),
  error_code: z.string(),
  error_message: z.string(),
  display_message: z.string().nullable().optional(),
});

/** What a failed SDK call rejected with: axios's error, read only for its status and body. */
const sdkFailureSchema = z.object({
  response: z.object({ status: z.number().int(), data: z.unknown() }).optional(),
});

/** Plaid's display message when it has one (meant for the user), else its developer message. */
export function toBankLinkProviderError(failure: unknown): BankLinkProviderError {
  const response = sdkFailureSchema.safeParse(failure).data?.response;
  const body = plaidErrorSchema.safeParse(response?.data);
  if (response !== undefined && body.success) {
    const message = body.data.display_message || body.data.error_message || body.data.error_code;
    return new BankLinkProviderError(message, { type: body.data.error_type, code: body.data.error_code, httpStatus: response.status });
  }
  return new BankLinkProviderError('The bank-link provider could not be reached. Please try again later.', {
    type: 'API_ERROR',
    code: 'PROVIDER_UNREACHABLE',
    httpStatus: response?.status ?? null,
  });
}

/** Plaid's answer to `/processor/token/create`. */
const processorTokenSchema = z.object({ processor_token: z.string().min(1) });

/**
 * `/processor/token/create` with processor `stripe` (Stripe's preview `us_bank_account[external_token]`):
 * SDK 47's list of processors does not name Stripe yet, so this one call is made as the SDK makes its
 * calls (JSON post, the key headers, the same timeout) and its answer is checked rather than trusted.
 */
async function stripeProcessorToken(basePath: string, credentials: BankLinkCredentials, accessToken: string, accountId: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(new URL('/processor/token/create', basePath), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'PLAID-CLIENT-ID': credentials.clientId, 'PLAID-SECRET': credentials.secret },
      body: JSON.stringify({ access_token: accessToken, account_id: accountId, processor: 'stripe' }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    throw toBankLinkProviderError(null);
  }
  const body: unknown = await response.json().catch(() => null);
  const answer = processorTokenSchema.safeParse(body);
  if (!response.ok || !answer.success) throw toBankLinkProviderError({ response: { status: response.status, data: body } });
  return answer.data.processor_token;
}

async function calling<Result>(call: () => Promise<{ data: Result }>): Promise<Result> {
  try {
    return (await call()).data;
  } catch (failure) {
    throw toBankLinkProviderError(failure);
  }
}

export function createPlaidBankLinkProvider(credentials: BankLinkCredentials, options: { apiBaseUrl?: string | undefined } = {}): BankLinkProvider {
  const basePath = plaidBaseUrl(credentials.environment, options.apiBaseUrl);
  const client = new PlaidApi(
    new Configuration({
      basePath,
      baseOptions: { timeout: REQUEST_TIMEOUT_MS, headers: { 'PLAID-CLIENT-ID': credentials.clientId, 'PLAID-SECRET': credentials.secret } },
    }),
  );

  return {
    async createLinkToken({ clientUserId, clientName, language }) {
      // Payouts go to US bank accounts in usd (spec section 4), which Plaid's Auth product verifies.
      const created = await calling(() =>
        client.linkTokenCreate({ client_name: clientName, language, country_codes: [CountryCode.Us], user: { client_user_id: clientUserId }, products: [Products.Auth] }),
      );
      return { linkToken: created.link_token, expiration: created.expiration };
    },

    async exchangePublicToken(publicToken) {
      const exchanged = await calling(() => client.itemPublicTokenExchange({ public_token: publicToken }));
      return { accessToken: exchanged.access_token, itemId: exchanged.item_id };
    },

    async listAccounts(accessToken) {
      const answer = await calling(() => client.accountsGet({ access_token: accessToken }));
      return answer.accounts.map(
        (account): LinkedBankAccount => ({ id: account.account_id, name: account.name, mask: account.mask, subtype: account.subtype ?? null }),
      );
    },

    async createPaymentProcessorBankToken(accessToken, accountId) {
      const created = await calling(() => client.processorStripeBankAccountTokenCreate({ access_token: accessToken, account_id: accountId }));
      return { bankToken: created.stripe_bank_account_token };
    },

    async createPaymentProcessorToken(accessToken, accountId) {
      return { processorToken: await stripeProcessorToken(basePath, credentials, accessToken, accountId) };
    },

    async removeItem(accessToken) {
      await calling(() => client.itemRemove({ access_token: accessToken }));
    },
  };
}

/** The factory services are given: one adapter per tenant's credentials, all pointed at the same override when set. */
export function plaidBankLinkProviderFactory(options: { apiBaseUrl?: string | undefined } = {}): BankLinkProviderFactory {
  return (credentials) => createPlaidBankLinkProvider(credentials, options);
}
