import http from 'node:http';
import { constantTimeEqual, sha256 } from './crypto';
import type { AppMetrics } from './metrics';

export type MetricsListenOptions = { host: string; port: number; token: string | null; onError: (error: unknown) => void };

/** Whether the Authorization header carries the token; digests compared, so neither length nor content leaks through timing. */
function authorized(header: string | undefined, token: string | null): boolean {
  if (token === null) return true;
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  return constantTimeEqual(sha256(given), sha256(token));
}

/**
 * `/metrics` on a listener of its own (METRICS_PORT, bound to METRICS_HOST, loopback by default),
 * never on the public one: no tenant is resolved, nothing is written to the API log, and the
 * tenants' hosts cannot reach it. With METRICS_TOKEN every scrape must send it as a bearer token.
 */
export function startMetricsServer(metrics: AppMetrics, options: MetricsListenOptions): Promise<http.Server> {
  metrics.collectProcessMetrics();
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    if (!authorized(request.headers.authorization, options.token)) {
      response.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'www-authenticate': 'Bearer' }).end('Unauthorized\n');
      return;
    }
    metrics.render().then(
      (body) => response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' }).end(request.method === 'HEAD' ? undefined : body),
      (error: unknown) => {
        options.onError(error);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected\n');
      },
    );
  });
  // Scrapers are few and close by: a slow or idle one must not hold the listener.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** The port a started listener is bound to (METRICS_PORT=0 picks a free one). */
export function boundPort(server: http.Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The metrics listener is not bound to a TCP port');
  return address.port;
}

/** Stops the listener (idle scrape connections are closed with it). */
export function stopMetricsServer(server: http.Server): Promise<void> {
  return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
}
