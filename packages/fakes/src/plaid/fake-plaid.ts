import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ItemUpdateTypeEnum, PlaidErrorType, ProcessorTokenCreateRequestProcessorEnum, Products } from 'plaid';
import type {
  AccountBase,
  AccountsGetResponse,
  AuthGetResponse,
  Item,
  ItemPublicTokenExchangeResponse,
  ItemRemoveResponse,
  LinkTokenCreateResponse,
  NumbersACH,
  ProcessorStripeBankAccountTokenCreateResponse,
  ProcessorTokenCreateResponse,
  SandboxItemResetLoginResponse,
  SandboxPublicTokenCreateResponse,
} from 'plaid';
import { BankTokenRegistry } from '../bank-token-registry.js';
import { fakePlaidLinkScript, PLAID_LINK_SCRIPT_PATH } from './link-script.js';
import { FakePlaidError, type FakePlaidErrorName, type FakePlaidErrorSpec } from './plaid-errors.js';
import { newRequestId, PlaidStore, type StoredAccount, type StoredItem } from './plaid-store.js';
import { fakePlaidSnapshot, isFakePlaidSnapshot, type FakePlaidSnapshot } from './plaid-snapshot.js';
import { StateFile } from '../state-file.js';
import { SANDBOX_ACCOUNT_TYPE, SANDBOX_INSTITUTION, STRIPE_TEST_ROUTING_NUMBER } from './sandbox-institution.js';

export type StartFakePlaidOptions = {
  /** Shared with the fake Stripe, which accepts the `btok_…` tokens issued here. */
  registry?: BankTokenRegistry;
  port?: number;
  /** The API keys the fake accepts; random for each start unless given. */
  credentials?: { clientId: string; secret: string };
  /** Milliseconds since the epoch; token lifetimes are measured on it. */
  now?: () => number;
  /**
   * A JSON file that holds the whole state (items, link, public and access tokens, and the bank tokens of the registry
   * this fake made): loaded at start when present (a corrupt file throws), written ~100 ms after changes and on close.
   */
  stateFile?: string;
};

export type FakePlaid = {
  /** The base path for the SDK's Configuration (`http://127.0.0.1:<port>`). */
  url: string;
  credentials: { clientId: string; secret: string };
  registry: BankTokenRegistry;
  /** Plaid Link's script for a browser, speaking to this fake (see link-script.ts). */
  linkScript: string;
  /** The next `/item/public_token/exchange` answers this error (Plaid's API error unless told). */
  failNextExchange(error?: FakePlaidErrorName | FakePlaidErrorSpec): void;
  /** The item's bank asks for a new sign-in: data calls answer ITEM_LOGIN_REQUIRED until cleared. */
  requireLogin(itemId: string, required?: boolean): void;
  close(): Promise<void>;
};

type JsonBody = Record<string, unknown>;

function bodyOf(request: FastifyRequest): JsonBody {
  const body: unknown = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? Object.fromEntries(Object.entries(body)) : {};
}

function requiredString(body: JsonBody, field: string): string {
  const value = body[field];
  if (value === undefined || value === null || value === '') throw FakePlaidError.missingFields([field]);
  if (typeof value !== 'string') throw FakePlaidError.invalidField(`${field} must be a string`);
  return value;
}

function stringList(body: JsonBody, field: string): string[] | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((entry): entry is string => typeof entry === 'string')) {
    throw FakePlaidError.invalidField(`${field} must be a list of strings`);
  }
  return value;
}

function products(body: JsonBody, field: string): Products[] {
  const names = stringList(body, field) ?? [];
  return names.map((name) => {
    const product = Object.values(Products).find((candidate) => candidate === name);
    if (product === undefined) throw FakePlaidError.invalidField(`${field} contains an unknown product: ${name}`);
    return product;
  });
}

function accountIdsOption(body: JsonBody): string[] | undefined {
  const options = body.options;
  if (options === undefined || options === null) return undefined;
  if (typeof options !== 'object' || Array.isArray(options)) throw FakePlaidError.invalidField('options must be an object');
  return stringList(Object.fromEntries(Object.entries(options)), 'account_ids');
}

/** Dollars on the wire, as Plaid sends balances; the store keeps cents. */
const dollars = (cents: number): number => cents / 100;

function accountView(account: StoredAccount): AccountBase {
  return {
    account_id: account.accountId,
    balances: {
      available: dollars(account.availableCents),
      current: dollars(account.currentCents),
      limit: null,
      iso_currency_code: 'USD',
      unofficial_currency_code: null,
    },
    mask: account.mask,
    name: account.name,
    official_name: account.officialName,
    type: SANDBOX_ACCOUNT_TYPE,
    subtype: account.subtype,
  };
}

function itemView(item: StoredItem): Item {
  return {
    item_id: item.itemId,
    institution_id: SANDBOX_INSTITUTION.institutionId,
    institution_name: SANDBOX_INSTITUTION.name,
    webhook: null,
    error: null,
    available_products: [Products.Balance, Products.Identity, Products.Transactions].filter((product) => !item.products.includes(product)),
    billed_products: item.products,
    products: item.products,
    consented_products: item.products,
    consent_expiration_time: null,
    update_type: ItemUpdateTypeEnum.Background,
  };
}

function achNumbers(account: StoredAccount): NumbersACH {
  return {
    account_id: account.accountId,
    account: account.accountNumber,
    routing: STRIPE_TEST_ROUTING_NUMBER,
    wire_routing: account.wireRouting,
    can_transfer_in: true,
    can_transfer_out: true,
  };
}

/**
 * A fake Plaid API the official `plaid` SDK talks to unchanged (`basePath` = its url): JSON posts,
 * credentials in the body or the PLAID-CLIENT-ID / PLAID-SECRET headers, a `request_id` on every
 * answer and Plaid's error envelope. Beside the API it serves what the fake Link script needs
 * (`/__fake/link/*`, CORS open) and test controls (`/__fake/control/*`).
 */
export async function startFakePlaid(options: StartFakePlaidOptions = {}): Promise<FakePlaid> {
  const registry = options.registry ?? new BankTokenRegistry();
  const credentials = options.credentials ?? { clientId: randomBytes(12).toString('hex'), secret: randomBytes(15).toString('hex') };
  const store = new PlaidStore(registry, options.now ?? Date.now);
  const stateFile = options.stateFile === undefined ? null : persist(options.stateFile, store, options.registry === undefined ? registry : null);
  const app: FastifyInstance = Fastify({ logger: false });
  // Plaid's API and Link's calls are all posts, and any may change something.
  app.addHook('onResponse', async (request) => {
    if (request.method === 'POST') stateFile?.changed();
  });
  let url = '';

  const authenticate = (request: FastifyRequest, body: JsonBody): void => {
    const clientId = body.client_id ?? request.headers['plaid-client-id'];
    const secret = body.secret ?? request.headers['plaid-secret'];
    const missing = [...(clientId === undefined ? ['client_id'] : []), ...(secret === undefined ? ['secret'] : [])];
    if (missing.length > 0) throw FakePlaidError.missingFields(missing);
    if (clientId !== credentials.clientId || secret !== credentials.secret) throw new FakePlaidError('INVALID_API_KEYS');
  };

  /** One Plaid API endpoint: authenticated, answered with the handler's body and a request id. */
  const endpoint = <Response extends { request_id: string }>(path: string, handle: (body: JsonBody) => Omit<Response, 'request_id'>): void => {
    app.post(path, (request, reply) => {
      const body = bodyOf(request);
      authenticate(request, body);
      const answer: Omit<Response, 'request_id'> = handle(body);
      return reply.send({ ...answer, request_id: newRequestId() });
    });
  };

  app.setErrorHandler((error: unknown, _request: FastifyRequest, reply: FastifyReply) => {
    const failure = error instanceof FakePlaidError ? error : unexpectedFailure(error);
    return reply.status(failure.httpStatus).send({ ...failure.body, request_id: newRequestId() });
  });

  // The fake Link script runs on the app's origin and calls this server: its routes are open to any origin.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/__fake/link/') || request.url === PLAID_LINK_SCRIPT_PATH) {
      void reply.header('access-control-allow-origin', '*');
      void reply.header('access-control-allow-headers', 'content-type');
      void reply.header('access-control-allow-methods', 'GET, POST');
    }
  });
  app.options('/__fake/link/*', (_request, reply) => reply.status(204).send());

  endpoint<LinkTokenCreateResponse>('/link/token/create', (body) => {
    for (const field of ['client_name', 'language']) requiredString(body, field);
    if (stringList(body, 'country_codes') === undefined) throw FakePlaidError.missingFields(['country_codes']);
    const user = body.user;
    if (typeof user !== 'object' || user === null || !('client_user_id' in user) || typeof user.client_user_id !== 'string' || user.client_user_id === '') {
      throw FakePlaidError.missingFields(['user.client_user_id']);
    }
    const created = store.createLinkToken(products(body, 'products'));
    return { link_token: created.linkToken, expiration: created.expiration };
  });

  endpoint<SandboxPublicTokenCreateResponse>('/sandbox/public_token/create', (body) => {
    const institutionId = requiredString(body, 'institution_id');
    const initialProducts = products(body, 'initial_products');
    if (initialProducts.length === 0) throw FakePlaidError.missingFields(['initial_products']);
    return { public_token: store.createSandboxPublicToken(institutionId, initialProducts) };
  });

  endpoint<ItemPublicTokenExchangeResponse>('/item/public_token/exchange', (body) => {
    const exchanged = store.exchangePublicToken(requiredString(body, 'public_token'));
    return { access_token: exchanged.accessToken, item_id: exchanged.itemId };
  });

  endpoint<AccountsGetResponse>('/accounts/get', (body) => {
    const item = store.item(requiredString(body, 'access_token'), 'data');
    return { accounts: store.accounts(item, accountIdsOption(body)).map(accountView), item: itemView(item) };
  });

  endpoint<AuthGetResponse>('/auth/get', (body) => {
    const item = store.item(requiredString(body, 'access_token'), 'data');
    const accounts = store.accounts(item, accountIdsOption(body));
    return {
      accounts: accounts.map(accountView),
      numbers: { ach: accounts.map(achNumbers), eft: [], international: [], bacs: [] },
      item: itemView(item),
    };
  });

  endpoint<ProcessorStripeBankAccountTokenCreateResponse>('/processor/stripe/bank_account_token/create', (body) => {
    const item = store.item(requiredString(body, 'access_token'), 'data');
    return { stripe_bank_account_token: store.stripeBankAccountToken(item, requiredString(body, 'account_id')) };
  });

  endpoint<ProcessorTokenCreateResponse>('/processor/token/create', (body) => {
    const item = store.item(requiredString(body, 'access_token'), 'data');
    const accountId = requiredString(body, 'account_id');
    return { processor_token: store.processorToken(item, accountId, processorOf(requiredString(body, 'processor'))) };
  });

  // Plaid's own sandbox control: the item needs a new sign-in, as the test control does.
  endpoint<SandboxItemResetLoginResponse>('/sandbox/item/reset_login', (body) => {
    const item = store.item(requiredString(body, 'access_token'), 'management');
    store.requireLogin(item.itemId, true);
    return { reset_login: true };
  });

  endpoint<ItemRemoveResponse>('/item/remove', (body) => {
    store.removeItem(store.item(requiredString(body, 'access_token'), 'management'));
    return {};
  });

  app.post('/__fake/link/open', (request, reply) => {
    const opened = store.openLink(requiredString(bodyOf(request), 'link_token'));
    return reply.send({
      link_session_id: opened.linkSessionId,
      institution: { name: SANDBOX_INSTITUTION.name, institution_id: SANDBOX_INSTITUTION.institutionId },
      accounts: opened.accounts,
      request_id: newRequestId(),
    });
  });

  app.post('/__fake/link/complete', (request, reply) => {
    const body = bodyOf(request);
    const success = store.completeLink(requiredString(body, 'link_token'), requiredString(body, 'link_session_id'), requiredString(body, 'account_id'));
    return reply.send({ public_token: success.publicToken, metadata: success.metadata, request_id: newRequestId() });
  });

  app.get(PLAID_LINK_SCRIPT_PATH, (_request, reply) => reply.type('text/javascript; charset=utf-8').send(fakePlaidLinkScript(url)));

  app.post('/__fake/control/next-exchange-failure', (request, reply) => {
    const body = bodyOf(request);
    const code = typeof body.error_code === 'string' ? body.error_code : undefined;
    store.failNextExchange(controlError(code));
    return reply.status(204).send();
  });

  app.post('/__fake/control/items/:itemId/login-required', (request, reply) => {
    const params: unknown = request.params;
    const itemId = typeof params === 'object' && params !== null && 'itemId' in params && typeof params.itemId === 'string' ? params.itemId : '';
    store.requireLogin(itemId, bodyOf(request).required !== false);
    return reply.status(204).send();
  });

  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The fake Plaid is not listening on a TCP port');
  url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    credentials,
    registry,
    linkScript: fakePlaidLinkScript(url),
    failNextExchange: (error) => store.failNextExchange(new FakePlaidError(error ?? 'INTERNAL_SERVER_ERROR')),
    requireLogin: (itemId, required = true) => {
      store.requireLogin(itemId, required);
      stateFile?.changed();
    },
    close: async () => {
      await app.close();
      stateFile?.close();
    },
  };
}

/** Takes over the saved state, if any, and keeps the file up to date from then on. */
function persist(path: string, store: PlaidStore, registry: BankTokenRegistry | null): StateFile<FakePlaidSnapshot> {
  const saved = StateFile.read(path, 'fake Plaid', isFakePlaidSnapshot);
  if (saved !== null) {
    store.restore(saved.store);
    if (registry !== null && saved.bankTokens !== null) registry.restore(saved.bankTokens);
  }
  const file = new StateFile(path, 'fake Plaid', () => fakePlaidSnapshot({ store: store.snapshot(), bankTokens: registry?.snapshot() ?? null }));
  // The fake Stripe takes the tokens issued here: each take is saved too.
  registry?.onChange(() => file.changed());
  return file;
}

/**
 * The processors `/processor/token/create` takes: the SDK's list, and `stripe`, which Plaid offers for Stripe's
 * preview `us_bank_account[external_token]` before the SDK names it.
 */
function processorOf(name: string): string {
  if (name === 'stripe' || Object.values(ProcessorTokenCreateRequestProcessorEnum).some((known) => known === name)) return name;
  throw FakePlaidError.invalidField(`processor must be one of the supported processors, got ${name}`);
}

/** Fastify's own refusals (an unreadable body) in Plaid's words; anything else is Plaid's API error. */
function unexpectedFailure(error: unknown): FakePlaidError {
  const status = typeof error === 'object' && error !== null && 'statusCode' in error ? error.statusCode : undefined;
  return status === 400 || status === 415
    ? new FakePlaidError({ type: PlaidErrorType.InvalidRequest, code: 'INVALID_BODY', message: 'body could not be parsed as JSON' })
    : new FakePlaidError('INTERNAL_SERVER_ERROR');
}

const CONTROLLABLE_EXCHANGE_FAILURES = ['INTERNAL_SERVER_ERROR', 'EXPIRED_PUBLIC_TOKEN', 'ITEM_LOGIN_REQUIRED', 'INVALID_API_KEYS'] as const satisfies readonly FakePlaidErrorName[];

function controlError(code: string | undefined): FakePlaidError {
  const name = CONTROLLABLE_EXCHANGE_FAILURES.find((candidate) => candidate === code);
  return new FakePlaidError(name ?? 'INTERNAL_SERVER_ERROR');
}
