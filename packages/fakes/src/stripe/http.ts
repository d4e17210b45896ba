import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newId, StripeApiError } from './errors.js';
import { formString, parseForm, parseMultipart, type FormObject, type UploadedPart } from './form.js';
import { expandObject, expandPaths } from './lists.js';
import type { SavedResult } from './snapshot.js';
import type { RequestOrigin } from './state.js';

/** A parsed request body: form fields, and the file parts of a multipart upload. */
export class RequestBody {
  constructor(
    readonly params: FormObject,
    readonly files: ReadonlyMap<string, UploadedPart>,
    readonly digest: string,
  ) {}
}

export type KeyKind = 'secret' | 'publishable';

export type ApiContext = {
  params: FormObject;
  files: ReadonlyMap<string, UploadedPart>;
  path: Readonly<Record<string, string>>;
  /** The `Stripe-Account` header: the connected account the request acts for. */
  connected: string | null;
  keyKind: KeyKind;
  origin: RequestOrigin;
  ip: string;
  userAgent: string | null;
  url: string;
};

export type ApiHandler = (context: ApiContext) => { status?: number; body: object };

export type Authenticator = {
  secretKey: string;
  publishableKey: string;
  /** Throws Stripe's 403 when the key cannot act for the account. */
  checkConnected(accountId: string): void;
  /** A test control can answer the next requests with 429. */
  takeRateLimit(): boolean;
  expandLookup(id: string, connected: string | null): unknown;
};

function digestOf(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Registers the form and multipart body parsers Stripe's clients use. */
export function registerBodyParsers(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    done(null, new RequestBody(parseForm(text), new Map(), digestOf(text)));
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 32 * 1024 * 1024 }, (request, body, done) => {
    const buffer = typeof body === 'string' ? Buffer.from(body) : body;
    const parsed = parseMultipart(buffer, request.headers['content-type'] ?? '');
    if (parsed === null) {
      done(new StripeApiError(400, { type: 'invalid_request_error', message: 'Invalid multipart body.' }));
      return;
    }
    const fileDigests = [...parsed.files.entries()].map(([name, part]) => `${name}:${digestOf(part.data)}`).join(',');
    done(null, new RequestBody(parsed.fields, parsed.files, digestOf(JSON.stringify(parsed.fields) + fileDigests)));
  });
}

/** Unknown routes and bodies the parsers refuse get Stripe's error shape too. */
export function registerFallbacks(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send({
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.url.split('?')[0] ?? ''}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      },
    });
  });
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof StripeApiError) {
      void reply.status(error.status).send({ error: error.body });
      return;
    }
    const status = error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    const message = error instanceof Error ? error.message : String(error);
    void reply.status(status === 413 ? 413 : status >= 500 ? 500 : 400).send({ error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message } });
  });
}

/** How Stripe shows a wrong key: its prefix and last 4, the rest starred. */
export function redactKey(key: string): string {
  const prefix = /^[a-z]+_(?:test|live)_/.exec(key)?.[0] ?? '';
  if (key.length <= prefix.length + 4) return key;
  return `${prefix}${'*'.repeat(key.length - prefix.length - 4)}${key.slice(-4)}`;
}

function presentedKey(request: FastifyRequest, params: FormObject): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  if (header?.startsWith('Basic ')) return Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8').split(':')[0] ?? '';
  // Stripe.js sends the publishable key as a form field, which keeps the browser request "simple" (no preflight).
  return formString(params.key) ?? null;
}

function authenticate(request: FastifyRequest, params: FormObject, auth: Authenticator, allowPublishable: boolean): KeyKind {
  const key = presentedKey(request, params);
  if (key === null || key === '') {
    throw new StripeApiError(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    });
  }
  if (key === auth.secretKey) return 'secret';
  if (key === auth.publishableKey) {
    if (allowPublishable) return 'publishable';
    throw new StripeApiError(401, {
      type: 'invalid_request_error',
      message: 'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
    });
  }
  throw new StripeApiError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${redactKey(key)}` });
}


/** Saved results per API key, account and Idempotency-Key, replayed as Stripe replays them. */
export class IdempotencyStore {
  readonly #saved = new Map<string, SavedResult>();

  snapshot(): [string, SavedResult][] {
    return [...this.#saved];
  }

  restore(saved: readonly [string, SavedResult][]): void {
    for (const [scope, result] of saved) this.#saved.set(scope, result);
  }

  lookup(scope: string, endpoint: string, digest: string): SavedResult | null {
    const saved = this.#saved.get(scope);
    if (saved === undefined) return null;
    const key = scope.split('\n').at(-1) ?? '';
    if (saved.endpoint !== endpoint) {
      throw new StripeApiError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${saved.endpoint}' vs '${endpoint}'). Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    if (saved.digest !== digest) {
      throw new StripeApiError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    return saved;
  }

  save(scope: string, saved: SavedResult): void {
    this.#saved.set(scope, saved);
  }
}

function sendError(reply: FastifyReply, error: unknown): void {
  if (error instanceof StripeApiError) {
    void reply.status(error.status).header('Stripe-Should-Retry', error.status === 429 ? 'true' : 'false').send({ error: error.body });
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  void reply.status(500).send({ error: { type: 'api_error', message: `The fake Stripe failed: ${message}` } });
}

function runHandler(handler: ApiHandler, context: ApiContext, onRefused: (error: StripeApiError) => void): ReturnType<ApiHandler> {
  try {
    return handler(context);
  } catch (error) {
    if (error instanceof StripeApiError) onRefused(error);
    throw error;
  }
}

/** Registers one API route: authentication, the connected account, idempotency, `expand[]` and Stripe's error shape. */
export function apiRoute(app: FastifyInstance, auth: Authenticator, idempotency: IdempotencyStore, method: 'GET' | 'POST' | 'DELETE', url: string, handler: ApiHandler, options: { publishable?: boolean } = {}): void {
  app.route({
    method,
    url,
    handler: async (request, reply) => {
      const requestId = newId('req');
      void reply.header('Request-Id', requestId).header('Access-Control-Allow-Origin', '*');
      const stripeVersion = request.headers['stripe-version'];
      if (typeof stripeVersion === 'string') void reply.header('Stripe-Version', stripeVersion);
      try {
        const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
        const body = request.body instanceof RequestBody ? request.body : new RequestBody(parseForm(query), new Map(), digestOf(query));
        const keyKind = authenticate(request, body.params, auth, options.publishable === true);
        if (auth.takeRateLimit()) {
          throw new StripeApiError(429, { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.' });
        }
        const accountHeader = request.headers['stripe-account'];
        const connected = typeof accountHeader === 'string' && accountHeader !== '' ? accountHeader : null;
        if (connected !== null) auth.checkConnected(connected);
        const idempotencyHeader = request.headers['idempotency-key'];
        const idempotencyKey = typeof idempotencyHeader === 'string' && idempotencyHeader !== '' ? idempotencyHeader : null;
        const endpoint = `${method} ${request.routeOptions.url ?? url}`;
        const scope = idempotencyKey !== null && method !== 'GET' ? [presentedKey(request, body.params), connected ?? '', idempotencyKey].join('\n') : null;
        if (scope !== null) {
          const saved = idempotency.lookup(scope, endpoint, body.digest);
          if (saved !== null) {
            void reply.status(saved.status).header('Idempotent-Replayed', 'true').header('Idempotency-Key', idempotencyKey).send(saved.body);
            return;
          }
        }
        const path = Object.fromEntries(Object.entries(request.params ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
        const context: ApiContext = { params: body.params, files: body.files, path, connected, keyKind, origin: { requestId, idempotencyKey }, ip: request.ip, userAgent: request.headers['user-agent'] ?? null, url: request.url.split('?')[0] ?? url };
        const result = runHandler(handler, context, (error) => {
          // Stripe saves a request's result once it began executing, so a declined card replays its 402; failed validation is not saved.
          if (scope !== null && error.status === 402) idempotency.save(scope, { endpoint, digest: body.digest, status: error.status, body: { error: error.body } });
        });
        const status = result.status ?? 200;
        const expanded = expandObject(structuredClone(result.body), expandPaths(body.params), (id) => auth.expandLookup(id, connected));
        const responseBody = typeof expanded === 'object' && expanded !== null ? expanded : result.body;
        if (scope !== null) idempotency.save(scope, { endpoint, digest: body.digest, status, body: responseBody });
        if (idempotencyKey !== null) void reply.header('Idempotency-Key', idempotencyKey);
        void reply.status(status).send(responseBody);
      } catch (error) {
        sendError(reply, error);
      }
    },
  });
}
