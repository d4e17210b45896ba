import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { accountView } from './accounts.js';
import { missingParam, newId, nowSeconds, resourceMissing } from './errors.js';
import { createFile } from './files.js';
import { formString, formStrings } from './form.js';
import { apiRoute, type ApiHandler, type Authenticator, type IdempotencyStore } from './http.js';
import { pageOf } from './lists.js';
import type { FakeStripeState } from './state.js';
import { createToken } from './tokens.js';

function pathParam(path: Readonly<Record<string, string>>, name: string): string {
  const value = path[name];
  if (value === undefined) throw missingParam(name);
  return value;
}

/** The Stripe API routes the onboarding uses (Connect accounts, persons, files, tokens, external accounts, events, webhook endpoints). */
export function registerApiRoutes(app: FastifyInstance, state: FakeStripeState, auth: Authenticator, idempotency: IdempotencyStore, baseUrl: () => string): void {
  const route = (method: 'GET' | 'POST' | 'DELETE', url: string, handler: ApiHandler, options?: { publishable?: boolean }) =>
    apiRoute(app, auth, idempotency, method, url, handler, options);

  route('GET', '/v1/account', ({ connected }) => ({ body: connected === null ? state.platform : accountView(state.account(connected)) }));

  route('POST', '/v1/accounts', ({ params, origin }) => ({ body: accountView(state.createAccount(params, origin)) }));
  route('GET', '/v1/accounts', ({ params, url }) => {
    const accounts = [...state.accounts.values()].reverse().map(accountView);
    return { body: pageOf(accounts, params, url) };
  });
  route('GET', '/v1/accounts/:account', ({ path }) => ({ body: accountView(state.account(pathParam(path, 'account'))) }));
  route('POST', '/v1/accounts/:account', ({ path, params, origin }) => {
    const stored = state.account(pathParam(path, 'account'));
    state.updateAccount(stored, params, origin);
    return { body: accountView(stored) };
  });
  route('DELETE', '/v1/accounts/:account', ({ path }) => {
    const stored = state.account(pathParam(path, 'account'));
    state.deleteAccount(stored);
    const deleted: Stripe.DeletedAccount = { id: stored.account.id, object: 'account', deleted: true };
    return { body: deleted };
  });

  route('POST', '/v1/accounts/:account/external_accounts', ({ path, params, origin, connected }) => {
    const stored = state.account(pathParam(path, 'account'));
    const value = params.external_account;
    if (value === undefined) throw missingParam('external_account');
    const makeDefault = formString(params.default_for_currency) === 'true';
    return { body: state.mutate(stored, origin, () => state.attachBankAccount(stored, value, makeDefault, 'external_account', origin, connected)) };
  });
  route('GET', '/v1/accounts/:account/external_accounts', ({ path, params, url }) => {
    const stored = state.account(pathParam(path, 'account'));
    return { body: pageOf(stored.bankAccounts, params, url) };
  });
  route('GET', '/v1/accounts/:account/external_accounts/:id', ({ path }) => {
    const stored = state.account(pathParam(path, 'account'));
    const id = pathParam(path, 'id');
    const bank = stored.bankAccounts.find((item) => item.id === id);
    if (bank === undefined) throw resourceMissing('external account', id);
    return { body: bank };
  });
  route('DELETE', '/v1/accounts/:account/external_accounts/:id', ({ path, origin }) => {
    const stored = state.account(pathParam(path, 'account'));
    const bank = state.deleteBankAccount(stored, pathParam(path, 'id'), origin);
    const deleted: Stripe.DeletedBankAccount = { id: bank.id, object: 'bank_account', currency: bank.currency, deleted: true };
    return { body: deleted };
  });

  route('POST', '/v1/accounts/:account/persons', ({ path, params, origin }) => {
    const stored = state.account(pathParam(path, 'account'));
    return { body: state.createPerson(stored, params, origin).person };
  });
  route('GET', '/v1/accounts/:account/persons', ({ path, params, url }) => {
    const stored = state.account(pathParam(path, 'account'));
    return { body: pageOf(stored.persons.map((record) => record.person), params, url) };
  });
  const personOf = (path: Readonly<Record<string, string>>) => {
    const stored = state.account(pathParam(path, 'account'));
    const id = pathParam(path, 'person');
    const record = stored.persons.find((item) => item.person.id === id) ?? (stored.individual?.person.id === id ? stored.individual : undefined);
    if (record === undefined) throw resourceMissing('person', id, 'person');
    return { stored, record };
  };
  route('GET', '/v1/accounts/:account/persons/:person', ({ path }) => ({ body: personOf(path).record.person }));
  route('DELETE', '/v1/accounts/:account/persons/:person', ({ path, origin }) => {
    const { stored, record } = personOf(path);
    state.deletePerson(stored, record, origin);
    const deleted: Stripe.DeletedPerson = { id: record.person.id, object: 'person', deleted: true };
    return { body: deleted };
  });
  route('POST', '/v1/accounts/:account/persons/:person', ({ path, params, origin }) => {
    const { stored, record } = personOf(path);
    state.updatePerson(stored, record, params, origin);
    return { body: record.person };
  });

  route('POST', '/v1/files', ({ params, files, connected }) => {
    const stored = createFile(params, files, connected, baseUrl());
    state.files.set(stored.file.id, stored);
    return { body: stored.file };
  });
  route('GET', '/v1/files/:file', ({ path, connected }) => {
    const id = pathParam(path, 'file');
    const stored = state.files.get(id);
    if (stored === undefined || stored.account !== connected) throw resourceMissing('file', id, 'file');
    return { body: stored.file };
  });
  route('GET', '/v1/files', ({ params, url, connected }) => {
    const files = [...state.files.values()].filter((stored) => stored.account === connected).reverse().map((stored) => stored.file);
    return { body: pageOf(files, params, url) };
  });

  route('POST', '/v1/tokens', ({ params, ip, connected }) => {
    const stored = createToken(params, ip, connected);
    state.tokens.set(stored.token.id, stored);
    return { body: stored.token };
  }, { publishable: true });
  route('GET', '/v1/tokens/:token', ({ path, connected }) => {
    const id = pathParam(path, 'token');
    const stored = state.tokens.get(id);
    if (stored === undefined || stored.account !== connected) throw resourceMissing('token', id, 'token');
    return { body: stored.token };
  });

  route('GET', '/v1/events', ({ params, url, connected }) => {
    const type = formString(params.type);
    const events = state.events.filter((event) => (event.account ?? null) === connected && (type === undefined || event.type === type));
    return { body: pageOf(events, params, url) };
  });
  route('GET', '/v1/events/:event', ({ path, connected }) => ({ body: state.event(pathParam(path, 'event'), connected) }));

  route('POST', '/v1/webhook_endpoints', ({ params }) => {
    const url = formString(params.url);
    if (url === undefined) throw missingParam('url');
    const enabledEvents = formStrings(params.enabled_events);
    if (enabledEvents.length === 0) throw missingParam('enabled_events');
    const secret = `whsec_${newId('x').slice(2)}`;
    const endpoint: Stripe.WebhookEndpoint = {
      id: newId('we'),
      object: 'webhook_endpoint',
      api_version: formString(params.api_version) ?? null,
      application: null,
      created: nowSeconds(),
      description: formString(params.description) ?? null,
      enabled_events: enabledEvents,
      livemode: false,
      metadata: {},
      secret,
      status: 'enabled',
      url,
    };
    state.endpoints.push({ id: endpoint.id, url, secret, enabledEvents, connect: formString(params.connect) === 'true', endpoint });
    return { body: endpoint };
  });
  route('GET', '/v1/webhook_endpoints', ({ params, url }) => {
    // Stripe shows an endpoint's secret only in the answer that created it.
    const endpoints = [...state.endpoints].reverse().map(({ endpoint }): Stripe.WebhookEndpoint => ({ ...endpoint, secret: undefined }));
    return { body: pageOf(endpoints, params, url) };
  });
  route('DELETE', '/v1/webhook_endpoints/:endpoint', ({ path }) => {
    const id = pathParam(path, 'endpoint');
    const index = state.endpoints.findIndex((item) => item.id === id);
    if (index === -1) throw resourceMissing('webhook endpoint', id, 'webhook_endpoint');
    state.endpoints.splice(index, 1);
    const deleted: Stripe.DeletedWebhookEndpoint = { id, object: 'webhook_endpoint', deleted: true };
    return { body: deleted };
  });
}
