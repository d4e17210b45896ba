import { vi } from 'vitest';

export type RecordedRequest = { method: string; path: string; search: URLSearchParams; headers: Headers; body: unknown };
type Handler = (request: RecordedRequest) => Response | undefined;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces global fetch: each call is recorded and answered by the first handler that returns a
 * Response (unhandled calls get a 404), so tests exercise the real API client.
 */
export function mockFetch(...handlers: Handler[]) {
  const requests: RecordedRequest[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const rawBody = init?.body;
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof rawBody === 'string' ? JSON.parse(rawBody) : rawBody,
    };
    requests.push(request);
    for (const handler of handlers) {
      const response = handler(request);
      if (response) return response;
    }
    return jsonResponse(404, { message: 'Not Found' });
  });
  return { requests, spy };
}

export function route(method: string, path: string, respond: (request: RecordedRequest) => Response): Handler {
  return (request) => (request.method === method && request.path === path ? respond(request) : undefined);
}
