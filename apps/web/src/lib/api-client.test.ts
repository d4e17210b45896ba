import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { dataResponse, messageResponseSchema, messages } from '@app/contracts';
import { jsonResponse, mockFetch, route } from '../test/fetch-mock';
import { UNEXPECTED_ANSWER, api, configureApiClient, resetApiClient } from './api-client';
import { ApiError, firstFieldErrors } from './api-error';
import { storage } from './storage';

const hooks = {
  onSessionEnded: vi.fn(),
  onCsrfMismatch: vi.fn(),
  onBusinessSwitched: vi.fn(),
};

beforeEach(() => {
  resetApiClient();
  configureApiClient(hooks);
});

afterEach(() => {
  vi.restoreAllMocks();
  Object.values(hooks).forEach((hook) => hook.mockReset());
});

const meSchema = dataResponse(z.object({ id: z.string() }));
const invoicesSchema = dataResponse(z.array(z.object({ id: z.string() })));

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (err: unknown) => err,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('request headers', () => {
  it('sends credentials, JSON headers, the bearer token and the selected business under /api/v1', async () => {
    storage.setToken('tok-1');
    storage.setSelectedBusiness('biz-1');
    const { requests, spy } = mockFetch(route('GET', '/api/v1/me', () => jsonResponse(200, { data: { id: 'u' } })));

    await expect(api.get('/me', meSchema, { query: { page: 0, limit: 10, empty: undefined } })).resolves.toEqual({ data: { id: 'u' } });

    const [request] = requests;
    expect(request?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(request?.headers.get('Accept')).toBe('application/json');
    expect(request?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(request?.headers.get('business')).toBe('biz-1');
    expect(request?.headers.get('X-XSRF-TOKEN')).toBeNull();
    expect(request?.search.toString()).toBe('page=0&limit=10');
    expect(spy.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it('fetches the CSRF cookie before the first unsafe request and echoes it decoded', async () => {
    const { requests } = mockFetch(
      route('GET', '/api/v1/csrf-cookie', () => {
        document.cookie = 'XSRF-TOKEN=abc%3D%3D; path=/';
        return new Response(null, { status: 204 });
      }),
      route('POST', '/api/v1/logout', () => new Response(null, { status: 204 })),
    );

    await api.postNoContent('/logout');
    await api.postNoContent('/logout');

    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v1/csrf-cookie', 'POST /api/v1/logout', 'POST /api/v1/logout']);
    expect(requests[1]?.headers.get('X-XSRF-TOKEN')).toBe('abc==');
    expect(requests[1]?.headers.get('Content-Type')).toBeNull();
  });

  it('echoes the __Host- prefixed XSRF cookie the server sets over TLS, before a plain one', async () => {
    // jsdom serves this page over http, where a browser refuses to store a __Host- cookie, so the jar is stubbed.
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('XSRF-TOKEN=planted; __Host-XSRF-TOKEN=tls%3D%3D');
    const { requests } = mockFetch(route('POST', '/api/v1/logout', () => new Response(null, { status: 204 })));

    await api.postNoContent('/logout');

    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/v1/logout']);
    expect(requests[0]?.headers.get('X-XSRF-TOKEN')).toBe('tls==');
  });
});

describe('401', () => {
  it('logs the user out with Unauthorized and rejects silently', async () => {
    storage.setToken('tok-1');
    storage.setSelectedBusiness('biz-1');
    mockFetch(route('GET', '/api/v1/me', () => jsonResponse(401, { message: 'Unauthenticated.' })));

    const error = await rejection(api.get('/me', meSchema));

    expect(error.status).toBe(401);
    expect(error.silent).toBe(true);
    expect(hooks.onSessionEnded).toHaveBeenCalledWith(messages.unauthorized);
    expect(storage.getToken()).toBeNull();
    expect(storage.getSelectedBusiness()).toBeNull();
  });

  it('only rejects for the logout call itself', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch(route('POST', '/api/v1/logout', () => jsonResponse(401, { message: 'Unauthenticated.' })));

    const error = await rejection(api.postNoContent('/logout'));

    expect(error.status).toBe(401);
    expect(error.silent).toBe(false);
    expect(hooks.onSessionEnded).not.toHaveBeenCalled();
  });
});

describe('403 business header', () => {
  const forbidden = () => jsonResponse(403, { message: messages.businessHeaderMissing });

  it('switches to the first business (page 0, limit 10) and retries once', async () => {
    storage.setSelectedBusiness('gone');
    const { requests } = mockFetch(
      route('GET', '/api/v1/business/user/companies', () => jsonResponse(200, { data: [{ id: 'biz-2' }, { id: 'biz-3' }] })),
      route('GET', '/api/v1/invoices', (r) => (r.headers.get('business') === 'biz-2' ? jsonResponse(200, { data: [] }) : forbidden())),
    );

    await expect(api.get('/invoices', invoicesSchema)).resolves.toEqual({ data: [] });

    const lookup = requests.find((r) => r.path === '/api/v1/business/user/companies');
    expect(lookup?.search.get('page')).toBe('0');
    expect(lookup?.search.get('limit')).toBe('10');
    expect(lookup?.headers.get('business')).toBeNull();
    expect(storage.getSelectedBusiness()).toBe('biz-2');
    expect(hooks.onBusinessSwitched).toHaveBeenCalledWith('biz-2');
    expect(requests.filter((r) => r.path === '/api/v1/invoices')).toHaveLength(2);
  });

  it('logs out with Unauthorized when no business can be selected', async () => {
    mockFetch(
      route('GET', '/api/v1/business/user/companies', () => jsonResponse(200, { data: [] })),
      route('GET', '/api/v1/invoices', forbidden),
    );

    const error = await rejection(api.get('/invoices', invoicesSchema));

    expect(error.silent).toBe(true);
    expect(hooks.onSessionEnded).toHaveBeenCalledWith(messages.unauthorized);
  });

  it('logs out when the retried request is refused again', async () => {
    mockFetch(
      route('GET', '/api/v1/business/user/companies', () => jsonResponse(200, { data: [{ id: 'biz-2' }] })),
      route('GET', '/api/v1/invoices', forbidden),
    );

    await rejection(api.get('/invoices', invoicesSchema));

    expect(hooks.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('rejects other 403s to the caller', async () => {
    mockFetch(route('GET', '/api/v1/users', () => jsonResponse(403, { message: messages.forbidden })));

    const error = await rejection(api.get('/users', messageResponseSchema));

    expect(error).toMatchObject({ status: 403, message: messages.forbidden, silent: false });
    expect(hooks.onSessionEnded).not.toHaveBeenCalled();
  });
});

describe('419', () => {
  it('reloads to the login page on a CSRF token mismatch', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch(route('PUT', '/api/v1/me', () => jsonResponse(419, { message: messages.csrfMismatch })));

    const error = await rejection(api.put('/me', meSchema, { name: 'x' }));

    expect(error.silent).toBe(true);
    expect(hooks.onCsrfMismatch).toHaveBeenCalledTimes(1);
    expect(hooks.onSessionEnded).not.toHaveBeenCalled();
  });

  it('logs out on any other 419', async () => {
    mockFetch(route('GET', '/api/v1/me', () => jsonResponse(419, { message: 'Page Expired' })));

    await rejection(api.get('/me', meSchema));

    expect(hooks.onSessionEnded).toHaveBeenCalledWith(messages.unauthorized);
    expect(hooks.onCsrfMismatch).not.toHaveBeenCalled();
  });
});

describe('other statuses', () => {
  it.each([500, 503])('swallows %i: a silent error that is never displayed', async (status) => {
    mockFetch(route('GET', '/api/v1/me', () => jsonResponse(status, { message: messages.serverError })));

    const error = await rejection(api.get('/me', meSchema));

    expect(error).toMatchObject({ status, silent: true });
    expect(hooks.onSessionEnded).not.toHaveBeenCalled();
  });

  it('rejects a 422 with its field errors', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch(
      route('POST', '/api/v1/users', () =>
        jsonResponse(422, { message: 'The given data was invalid.', errors: { email: ['The email has already been taken.', 'second'], role: ['Bad role'] } }),
      ),
    );

    const error = await rejection(api.post('/users', meSchema, { email: 'a@b.co', role: 'x' }));

    expect(error).toMatchObject({ status: 422, silent: false });
    expect(firstFieldErrors(error)).toEqual({ email: 'The email has already been taken.', role: 'Bad role' });
  });

  it('turns a network failure into a status-0 error', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await rejection(api.get('/me', meSchema));

    expect(error.status).toBe(0);
  });
});

describe('file downloads', () => {
  it('reads a PDF as a Blob with the business header, and a refusal as an ApiError', async () => {
    storage.setSelectedBusiness('biz-1');
    const { requests } = mockFetch(
      route('GET', '/api/v1/invoices/i1/pdf', () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } })),
      route('GET', '/api/v1/invoices/i2/pdf', () => jsonResponse(404, { message: messages.notFound })),
    );

    const blob = await api.getBlob('/invoices/i1/pdf');

    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(requests[0]?.headers.get('business')).toBe('biz-1');
    expect(await rejection(api.getBlob('/invoices/i2/pdf'))).toMatchObject({ status: 404, message: messages.notFound });
  });
});

describe('answers checked against their contract', () => {
  it('resolves with what the schema makes of the answer (undeclared fields dropped)', async () => {
    mockFetch(route('GET', '/api/v1/me', () => jsonResponse(200, { data: { id: 'u', extra: true } })));

    await expect(api.get('/me', meSchema)).resolves.toEqual({ data: { id: 'u' } });
  });

  it('rejects an answer that does not match the schema, with the status it came with', async () => {
    mockFetch(route('GET', '/api/v1/me', () => jsonResponse(200, { data: { id: 7 } })));

    const error = await rejection(api.get('/me', meSchema));

    expect(error).toMatchObject({ status: 200, message: UNEXPECTED_ANSWER, silent: false });
  });

  it('loads a lazy schema while the request runs', async () => {
    mockFetch(route('GET', '/api/v1/me', () => jsonResponse(200, { data: { id: 'u' } })));

    await expect(api.get('/me', () => Promise.resolve(meSchema))).resolves.toEqual({ data: { id: 'u' } });
  });

  it('turns a schema that fails to load into a status-0 error', async () => {
    mockFetch(route('GET', '/api/v1/me', () => jsonResponse(200, { data: { id: 'u' } })));

    const error = await rejection(api.get('/me', () => Promise.reject(new Error('chunk failed'))));

    expect(error.status).toBe(0);
  });

  it('rejects a body where the route answers 204', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    mockFetch(route('DELETE', '/api/v1/me/tokens/t1', () => jsonResponse(200, { success: true })));

    const error = await rejection(api.deleteNoContent('/me/tokens/t1'));

    expect(error).toMatchObject({ status: 200, message: UNEXPECTED_ANSWER });
  });
});
