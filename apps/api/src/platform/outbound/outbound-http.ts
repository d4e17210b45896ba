import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { type AddressPolicy, type HostResolver, literalAddress, systemResolver } from './address-policy';

/**
 * The one client for every request the product sends where a tenant chose the URL (webhook
 * endpoints, their lender, later integrations), so none of them reaches the server's own network
 * (ARCHITECTURE.md section 11):
 * - the host is resolved in the socket's `lookup`, every address is checked against the
 *   AddressPolicy and only checked addresses reach `connect`: a DNS answer that changes after an
 *   earlier `check` (rebinding) is caught at connect time, and no second lookup happens after the
 *   check. An address typed in the URL (which Node connects to without a lookup) is checked first;
 * - http and https only, no credentials in the URL, redirects are answers (never followed);
 * - one deadline covers resolving, connecting, sending and reading; the body read stops at
 *   `maxResponseBytes`;
 * - expected failures are values (`ok: false` with a kind), never thrown, so a delivery log can
 *   store them. Their messages name no more than the URL's host.
 * No keep-alive pool: each request opens its own connection, checked afresh.
 */

export type OutboundMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type OutboundRequest = {
  url: string;
  method?: OutboundMethod;
  headers?: Readonly<Record<string, string>>;
  body?: string | Uint8Array;
  /** Resolving, connecting, sending and reading the answer together (10 s when omitted). */
  timeoutMs?: number;
  /** The most of the answer's body that is read (64 KiB when omitted); the rest is not received. */
  maxResponseBytes?: number;
};

export type OutboundResponse = {
  ok: true;
  status: number;
  /** Lower-case names; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
  /** The body's first `maxResponseBytes` bytes, read as UTF-8. */
  bodyText: string;
  /** The body was longer than `maxResponseBytes`. */
  truncated: boolean;
  durationMs: number;
};

export type OutboundFailureKind = 'invalid_url' | 'refused_address' | 'timeout' | 'connection_failed';

export type OutboundFailure = { ok: false; kind: OutboundFailureKind; message: string; durationMs: number };

export type OutboundResult = OutboundResponse | OutboundFailure;

/** What services and jobs see as `app.outboundHttp`. */
export interface OutboundHttp {
  send(request: OutboundRequest): Promise<OutboundResult>;
  /** The URL's form and host without connecting (a form's check on save); `send` checks again. */
  check(url: string): Promise<OutboundFailure | null>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024;

/** Thrown by the lookup, so the request's error tells a refusal from a network failure. */
class AddressRefused extends Error {}

type ParsedUrl = { url: URL } | { failure: { kind: OutboundFailureKind; message: string } };

function parseUrl(text: string): ParsedUrl {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { failure: { kind: 'invalid_url', message: 'The URL is not a valid URL.' } };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { failure: { kind: 'invalid_url', message: 'Only http and https URLs can be called.' } };
  if (url.username !== '' || url.password !== '') return { failure: { kind: 'invalid_url', message: 'The URL must not carry a user name or password.' } };
  return { url };
}

function refused(host: string): { kind: OutboundFailureKind; message: string } {
  return { kind: 'refused_address', message: `${host} does not resolve to allowed public addresses only.` };
}

function headersOf(response: http.IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

export class OutboundHttpClient implements OutboundHttp {
  constructor(
    private readonly policy: AddressPolicy,
    private readonly resolve: HostResolver = systemResolver,
  ) {}

  async check(text: string): Promise<OutboundFailure | null> {
    const started = performance.now();
    const parsed = parseUrl(text);
    const failure = 'failure' in parsed ? parsed.failure : (await this.policy.checkedAddresses(parsed.url.hostname, this.resolve)) ? null : refused(parsed.url.hostname);
    return failure ? { ok: false, ...failure, durationMs: performance.now() - started } : null;
  }

  /** Resolves at connect time and answers Node only addresses that passed the policy. */
  private readonly lookup: LookupFunction = (hostname, options, callback) => {
    this.policy.checkedAddresses(hostname, this.resolve).then(
      (addresses) => {
        if (!addresses) return callback(new AddressRefused(hostname), '', 0);
        const wanted = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const answers = addresses
          .map((address) => ({ address: address.toString(), family: address.kind() === 'ipv4' ? 4 : 6 }))
          .filter(({ family }) => !wanted || wanted === family);
        const [first] = answers;
        if (!first) return callback(new AddressRefused(hostname), '', 0);
        // With `all` (Node's happy eyeballs) the callback takes the list; without it, one address.
        if (options.all) return callback(null, answers);
        return callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), '', 0),
    );
  };

  async send(request: OutboundRequest): Promise<OutboundResult> {
    const started = performance.now();
    const fail = (failure: { kind: OutboundFailureKind; message: string }): OutboundFailure => ({ ok: false, ...failure, durationMs: performance.now() - started });
    const parsed = parseUrl(request.url);
    if ('failure' in parsed) return fail(parsed.failure);
    const { url } = parsed;
    const literal = literalAddress(url.hostname);
    if (literal && !this.policy.allowsAddress(literal)) return fail(refused(url.hostname));

    const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const maxBytes = request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const headers: Record<string, string> = { ...request.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
    const transport = url.protocol === 'https:' ? https : http;

    return new Promise<OutboundResult>((resolve) => {
      let settled = false;
      const signal = AbortSignal.timeout(timeoutMs);
      const settle = (result: OutboundResult) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onTimeout);
        outgoing.destroy();
        resolve(result);
      };
      const onTimeout = () => settle(fail({ kind: 'timeout', message: `${url.hostname} did not answer within ${timeoutMs} ms.` }));

      const outgoing = transport.request(url, { method: request.method ?? 'GET', headers, agent: false, lookup: this.lookup }, (response) => {
        const chunks: Buffer[] = [];
        let received = 0;
        let truncated = false;
        const finish = () =>
          settle({ ok: true, status: response.statusCode ?? 0, headers: headersOf(response), bodyText: Buffer.concat(chunks).toString('utf8'), truncated, durationMs: performance.now() - started });
        response.on('data', (chunk: Buffer) => {
          const room = maxBytes - received;
          received += chunk.length;
          chunks.push(chunk.subarray(0, Math.max(room, 0)));
          if (received > maxBytes) {
            truncated = true;
            finish();
          }
        });
        response.on('end', finish);
        const broke = () => settle(fail({ kind: 'connection_failed', message: `The connection to ${url.hostname} broke while reading the answer.` }));
        response.on('error', broke);
        // A close before `end` is a cut answer, whether or not Node reported an error first.
        response.on('close', broke);
      });
      outgoing.on('error', (error) => {
        settle(fail(error instanceof AddressRefused ? refused(url.hostname) : { kind: 'connection_failed', message: `${url.hostname} could not be reached.` }));
      });
      signal.addEventListener('abort', onTimeout, { once: true });
      outgoing.end(body);
    });
  }
}
