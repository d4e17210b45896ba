import type { z } from 'zod';
import { transportMessages } from '@app/contracts';
import { ApiError, type FieldErrors } from './api-error';
import { storage } from './storage';

const API_BASE = '/api/v1';
/** Tenant management (`/api/central/...`) and the sales tax lookup (`/api/m/...`) live outside the versioned API. */
const API_ROOTS = { v1: API_BASE, central: '/api/central', m: '/api/m' } as const;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LOGOUT_PATHS = new Set(['/logout', '/auth/logout']);
/** Over TLS the server names it with the `__Host-` prefix (apps/api/src/platform/cookies.ts); that one wins. */
const XSRF_COOKIES = ['__Host-XSRF-TOKEN', 'XSRF-TOKEN'] as const;
const SESSION_END_DEBOUNCE_MS = 1000;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** A 401 rejects instead of ending the session: used to find out whether a session exists. */
  probeSession?: boolean;
  /** Which API the path belongs to; the versioned one unless said otherwise. */
  root?: keyof typeof API_ROOTS;
  /** Extra request headers, e.g. an `Idempotency-Key` for writes that move money. */
  headers?: Record<string, string>;
}

export interface ApiClientHooks {
  /** The transport logged the user out (401, or a 419 other than a CSRF mismatch). */
  onSessionEnded: (message: string) => void;
  /** A 419 'CSRF token mismatch.': reload the page and go to the login screen. */
  onCsrfMismatch: () => void;
  /** The transport switched to the user's first business after a business-header 403. */
  onBusinessSwitched: (businessId: string) => void;
}

const defaultHooks: ApiClientHooks = {
  onSessionEnded: () => window.location.assign('/login'),
  onCsrfMismatch: () => window.location.assign('/login'),
  onBusinessSwitched: () => undefined,
};

let hooks: ApiClientHooks = defaultHooks;
let switchUnderWay = false;
let csrfRequest: Promise<void> | null = null;
let lastSessionEnd = Number.NEGATIVE_INFINITY;

export function configureApiClient(next: Partial<ApiClientHooks>): void {
  hooks = { ...hooks, ...next };
}

/** Test support: forget hooks and in-flight state. */
export function resetApiClient(): void {
  hooks = defaultHooks;
  switchUnderWay = false;
  csrfRequest = null;
  lastSessionEnd = Number.NEGATIVE_INFINITY;
}

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) return decodeURIComponent(cookie.slice(prefix.length));
  }
  return null;
}

function readXsrfCookie(): string | null {
  for (const name of XSRF_COOKIES) {
    const value = readCookie(name);
    if (value) return value;
  }
  return null;
}

function baseHeaders(): Headers {
  const headers = new Headers({ 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' });
  const token = storage.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const business = storage.getSelectedBusiness();
  if (business) headers.set('business', business);
  return headers;
}

async function ensureCsrfCookie(): Promise<void> {
  if (readXsrfCookie()) return;
  csrfRequest ??= fetch(`${API_BASE}/csrf-cookie`, { credentials: 'include', headers: baseHeaders() })
    .then(() => undefined)
    .finally(() => {
      csrfRequest = null;
    });
  await csrfRequest;
}

function buildUrl(path: string, query?: Record<string, QueryValue>, root: keyof typeof API_ROOTS = 'v1'): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const qs = params.toString();
  return `${API_ROOTS[root]}${path}${qs ? `?${qs}` : ''}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readMessage(body: unknown, fallback: string): string {
  return isRecord(body) && typeof body.message === 'string' ? body.message : fallback;
}

function readFieldErrors(body: unknown): FieldErrors | undefined {
  if (!isRecord(body) || !isRecord(body.errors)) return undefined;
  const result: FieldErrors = {};
  for (const [field, value] of Object.entries(body.errors)) {
    if (Array.isArray(value)) result[field] = value.filter((m): m is string => typeof m === 'string');
    else if (typeof value === 'string') result[field] = [value];
  }
  return result;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function endSession(message: string): void {
  storage.clearSession();
  const now = Date.now();
  if (now - lastSessionEnd < SESSION_END_DEBOUNCE_MS) return;
  lastSessionEnd = now;
  hooks.onSessionEnded(message);
}

function firstCompanyId(body: unknown): string | null {
  const list = Array.isArray(body) ? body : isRecord(body) && Array.isArray(body.data) ? body.data : [];
  const first: unknown = list[0];
  return isRecord(first) && typeof first.id === 'string' ? first.id : null;
}

async function switchToFirstBusiness(): Promise<string | null> {
  switchUnderWay = true;
  try {
    storage.setSelectedBusiness(null);
    const response = await send('GET', '/business/user/companies', undefined, {
      query: { page: 0, limit: 10 },
      probeSession: true,
    });
    const id = firstCompanyId(await readBody(response));
    if (id) storage.setSelectedBusiness(id);
    return id;
  } catch {
    return null;
  } finally {
    switchUnderWay = false;
  }
}

/**
 * An answer's contract: the zod schema itself, or a loader of it for the modules of the login entry,
 * which keep zod and the contracts' schemas out of that entry (the schema loads while the request runs).
 */
export type AnswerSchema<Schema extends z.ZodType> = Schema | (() => Promise<Schema>);

/** A JSON body (a contract's request type) or a multipart form. */
export type RequestBody = object;

/** Shown where an answer does not match the contract its route declares (a client and server out of step). */
export const UNEXPECTED_ANSWER = 'The server sent an answer this page cannot read.';

/** Sends the request and applies the transport rules; resolves with a successful response whose body is unread. */
async function send(method: Method, path: string, body: RequestBody | undefined, options: RequestOptions = {}, retried = false): Promise<Response> {
  const unsafe = UNSAFE_METHODS.has(method);
  const headers = baseHeaders();
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    if (unsafe) await ensureCsrfCookie();
    const xsrf = readXsrfCookie();
    if (unsafe && xsrf) headers.set('X-XSRF-TOKEN', xsrf);
    response = await fetch(buildUrl(path, options.query, options.root), {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'Network Error');
  }

  if (response.ok) return response;
  const data = await readBody(response);
  const status = response.status;
  const message = readMessage(data, response.statusText);

  if (status === 401) {
    if (LOGOUT_PATHS.has(path) || options.probeSession) throw new ApiError(401, message);
    endSession(transportMessages.unauthorized);
    throw new ApiError(401, message, undefined, true);
  }

  if (status === 403 && message === transportMessages.businessHeaderMissing) {
    if (retried) {
      endSession(transportMessages.unauthorized);
      throw new ApiError(403, message, undefined, true);
    }
    if (switchUnderWay) throw new ApiError(403, message);
    const businessId = await switchToFirstBusiness();
    if (!businessId) {
      endSession(transportMessages.unauthorized);
      throw new ApiError(403, message, undefined, true);
    }
    hooks.onBusinessSwitched(businessId);
    return send(method, path, body, options, true);
  }

  if (status === 419) {
    if (message === transportMessages.csrfMismatch) hooks.onCsrfMismatch();
    else endSession(transportMessages.unauthorized);
    throw new ApiError(419, message, undefined, true);
  }

  if (status === 500 || status === 503) throw new ApiError(status, message, undefined, true);

  throw new ApiError(status, message, readFieldErrors(data), false, isRecord(data) && typeof data.required_plan === 'string' ? data.required_plan : undefined);
}

async function loadSchema<Schema extends z.ZodType>(source: AnswerSchema<Schema>): Promise<Schema> {
  if (typeof source !== 'function') return source;
  try {
    return await source();
  } catch {
    throw new ApiError(0, 'Network Error');
  }
}

/** A JSON answer, checked against the schema its route declares. */
async function requestJson<Schema extends z.ZodType>(
  method: Method,
  path: string,
  answer: AnswerSchema<Schema>,
  body: RequestBody | undefined,
  options: RequestOptions | undefined,
): Promise<z.output<Schema>> {
  const [schema, response] = await Promise.all([loadSchema(answer), send(method, path, body, options)]);
  const parsed = schema.safeParse(await readBody(response));
  if (!parsed.success) throw new ApiError(response.status, UNEXPECTED_ANSWER);
  return parsed.data;
}

/** A bodiless answer (204): anything else means the client and the server disagree on the route. */
async function requestNoContent(method: Method, path: string, body: RequestBody | undefined, options: RequestOptions | undefined): Promise<void> {
  const response = await send(method, path, body, options);
  if ((await readBody(response)) !== undefined) throw new ApiError(response.status, UNEXPECTED_ANSWER);
}

export const api = {
  get: <Schema extends z.ZodType>(path: string, answer: AnswerSchema<Schema>, options?: RequestOptions) => requestJson('GET', path, answer, undefined, options),
  post: <Schema extends z.ZodType>(path: string, answer: AnswerSchema<Schema>, body?: RequestBody, options?: RequestOptions) =>
    requestJson('POST', path, answer, body, options),
  put: <Schema extends z.ZodType>(path: string, answer: AnswerSchema<Schema>, body?: RequestBody, options?: RequestOptions) =>
    requestJson('PUT', path, answer, body, options),
  patch: <Schema extends z.ZodType>(path: string, answer: AnswerSchema<Schema>, body?: RequestBody, options?: RequestOptions) =>
    requestJson('PATCH', path, answer, body, options),
  delete: <Schema extends z.ZodType>(path: string, answer: AnswerSchema<Schema>, options?: RequestOptions, body?: RequestBody) =>
    requestJson('DELETE', path, answer, body, options),
  /** Calls whose route answers 204 No Content. */
  postNoContent: (path: string, body?: RequestBody, options?: RequestOptions) => requestNoContent('POST', path, body, options),
  deleteNoContent: (path: string, options?: RequestOptions, body?: RequestBody) => requestNoContent('DELETE', path, body, options),
  /** A file download with the same credentials, business header and error handling as every call. */
  getBlob: async (path: string, options?: RequestOptions): Promise<Blob> => (await send('GET', path, undefined, options)).blob(),
  /** A file made from what is posted (a preview). */
  postBlob: async (path: string, body: RequestBody, options?: RequestOptions): Promise<Blob> => (await send('POST', path, body, options)).blob(),
};
