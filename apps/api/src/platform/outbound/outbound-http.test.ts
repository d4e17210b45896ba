import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { FORBIDDEN_ADDRESSES, fixedResolver } from '../../../test/dns';
import { loadEnv } from '../../env';
import { AddressPolicy, type HostResolver, systemResolver } from './address-policy';
import { type OutboundResult, OutboundHttpClient } from './outbound-http';

/** A listener on 127.0.0.1 that counts the connections it accepts, whatever it answers. */
type Listener = { port: number; url: string; connections: () => number; close: () => Promise<void> };

const listeners: Listener[] = [];

async function listen(handler: http.RequestListener = (_request, response) => response.end('hello')): Promise<Listener> {
  const server = http.createServer(handler);
  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The listener has no port');
  const { port } = address;
  const listener: Listener = {
    port,
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  listeners.push(listener);
  return listener;
}

afterEach(async () => {
  await Promise.all(listeners.splice(0).map((listener) => listener.close()));
});

/** The production policy (no allow-list) with names from `table`. */
const strict = (table: Record<string, readonly string[]> = {}) => new OutboundHttpClient(new AddressPolicy(), fixedResolver(table));
/** The test receiver's address allow-listed, as OUTBOUND_HTTP_ALLOWLIST=127.0.0.1 does. */
const allowingLoopback = (table: Record<string, readonly string[]> = {}) => new OutboundHttpClient(AddressPolicy.fromSetting('127.0.0.1'), fixedResolver(table));

function failureKind(result: OutboundResult): string {
  return result.ok ? `answered ${result.status}` : result.kind;
}

describe('outbound HTTP: refused addresses', () => {
  it('refuses loopback, private, metadata and IPv6 loopback endpoints, however spelled, before any connection', async () => {
    const listener = await listen();
    const port = listener.port;
    const client = strict({ 'loopback.example.test': ['127.0.0.1'], 'metadata.example.test': ['169.254.169.254'], 'mixed.example.test': ['93.184.216.34', '127.0.0.1'], 'v6.example.test': ['::1'] });
    const targets = [
      `http://127.0.0.1:${port}/hook`,
      `http://10.0.0.1:${port}/hook`,
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${port}/hook`,
      `http://loopback.example.test:${port}/hook`,
      `http://metadata.example.test/latest/meta-data/`,
      `http://mixed.example.test:${port}/hook`,
      `http://v6.example.test:${port}/hook`,
      `https://loopback.example.test:${port}/hook`,
      `http://2130706433:${port}/hook`,
      `http://0x7f.1:${port}/hook`,
      `http://0177.0.0.1:${port}/hook`,
      `http://[::ffff:127.0.0.1]:${port}/hook`,
      `http://[::ffff:a9fe:a9fe]/latest/meta-data/`,
      `http://unknown.example.test:${port}/hook`,
    ];
    for (const url of targets) {
      const result = await client.send({ url, method: 'POST', body: '{}' });
      expect(failureKind(result), url).toBe('refused_address');
      expect(await client.check(url), url).toMatchObject({ ok: false, kind: 'refused_address' });
    }
    expect(listener.connections()).toBe(0);
  });

  it('refuses every forbidden class, typed in the URL or resolved from a name', async () => {
    const listener = await listen();
    for (const address of Object.values(FORBIDDEN_ADDRESSES).flat()) {
      const bare = address.replace(/^\[|\]$/g, '');
      const typed = bare.includes(':') ? `[${bare}]` : bare;
      // A zone id (fe80::1%eth0) cannot be written in a URL at all.
      const expected = bare.includes('%') ? 'invalid_url' : 'refused_address';
      expect(failureKind(await strict().send({ url: `http://${typed}:${listener.port}/hook` })), typed).toBe(expected);
      expect(failureKind(await strict({ 'hook.example.test': [bare] }).send({ url: `http://hook.example.test:${listener.port}/hook` })), `hook.example.test → ${bare}`).toBe('refused_address');
    }
    expect(listener.connections()).toBe(0);
  });

  it('refuses the real localhost through the system resolver', async () => {
    const listener = await listen();
    const client = new OutboundHttpClient(new AddressPolicy(), systemResolver);
    expect(failureKind(await client.send({ url: `http://localhost:${listener.port}/` }))).toBe('refused_address');
    expect(listener.connections()).toBe(0);
  });

  it('checks the answer DNS gives at connect time: a name that was public when checked and points at loopback later is refused', async () => {
    const listener = await listen();
    const answers = [['93.184.216.34'], ['127.0.0.1']];
    let lookups = 0;
    const rebinding: HostResolver = async () => {
      const answer = answers[Math.min(lookups, answers.length - 1)] ?? [];
      lookups += 1;
      return answer.map((address) => ({ address }));
    };
    const client = new OutboundHttpClient(new AddressPolicy(), rebinding);
    const url = `http://rebind.example.test:${listener.port}/hook`;
    expect(await client.check(url)).toBeNull();
    expect(failureKind(await client.send({ url }))).toBe('refused_address');
    expect(lookups).toBe(2);
    expect(listener.connections()).toBe(0);
  });

  it('returns a redirect as the answer and never follows it', async () => {
    const target = await listen();
    const redirecting = await listen((_request, response) => response.writeHead(302, { location: `${target.url}/internal` }).end());
    const result = await allowingLoopback().send({ url: `${redirecting.url}/hook` });
    expect(result).toMatchObject({ ok: true, status: 302, headers: { location: `${target.url}/internal` } });
    expect(redirecting.connections()).toBe(1);
    expect(target.connections()).toBe(0);
  });

  it('takes only http and https URLs without credentials', async () => {
    const listener = await listen();
    const client = allowingLoopback();
    for (const url of [`file:///etc/passwd`, `ftp://127.0.0.1:${listener.port}/`, `gopher://127.0.0.1:${listener.port}/_GET`, 'not a url', `http://user:secret@127.0.0.1:${listener.port}/`]) {
      const result = await client.send({ url });
      expect(failureKind(result), url).toBe('invalid_url');
      expect(result.ok ? '' : result.message, url).not.toContain('secret');
    }
    expect(listener.connections()).toBe(0);
  });
});

describe('outbound HTTP: answers and failures', () => {
  it('sends the method, headers and body and gives the answer, to an allow-listed address or name', async () => {
    const seen: { method: string | undefined; host: string | undefined; signature: string | undefined; body: string }[] = [];
    const listener = await listen((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      request.on('end', () => {
        const signature = request.headers['webhook-signature'];
        seen.push({ method: request.method, host: request.headers.host, signature: typeof signature === 'string' ? signature : undefined, body });
        response.writeHead(201, { 'content-type': 'application/json', 'x-trace': ['a', 'b'] }).end('{"received":true}');
      });
    });
    const byAddress = await allowingLoopback().send({ url: `${listener.url}/hook`, method: 'POST', headers: { 'content-type': 'application/json', 'webhook-signature': 'v1,abc' }, body: '{"type":"invoice.created"}' });
    expect(byAddress).toMatchObject({ ok: true, status: 201, bodyText: '{"received":true}', truncated: false, headers: { 'content-type': 'application/json', 'x-trace': 'a, b' } });
    expect(byAddress.ok && byAddress.durationMs).toBeGreaterThan(0);
    const byName = new OutboundHttpClient(AddressPolicy.fromSetting('receiver.test'), fixedResolver({ 'receiver.test': ['127.0.0.1'] }));
    expect(await byName.send({ url: `http://Receiver.test:${listener.port}/hook`, method: 'PUT', body: 'x' })).toMatchObject({ ok: true, status: 201 });
    expect(seen).toEqual([
      { method: 'POST', host: `127.0.0.1:${listener.port}`, signature: 'v1,abc', body: '{"type":"invoice.created"}' },
      { method: 'PUT', host: `receiver.test:${listener.port}`, signature: undefined, body: 'x' },
    ]);
  });

  it('reads no more of the body than the limit', async () => {
    const listener = await listen((request, response) => response.end(request.url === '/exact' ? 'a'.repeat(1000) : 'b'.repeat(200_000)));
    const client = allowingLoopback();
    const long = await client.send({ url: `${listener.url}/long`, maxResponseBytes: 1000 });
    expect(long).toMatchObject({ ok: true, status: 200, truncated: true, bodyText: 'b'.repeat(1000) });
    expect(await client.send({ url: `${listener.url}/exact`, maxResponseBytes: 1000 })).toMatchObject({ ok: true, truncated: false, bodyText: 'a'.repeat(1000) });
  });

  it('times out on a silent server and on one that stops halfway through its answer', async () => {
    const silent = await listen(() => undefined);
    const halfway = await listen((_request, response) => {
      response.writeHead(200, { 'content-length': '100' });
      response.write('partial');
    });
    const client = allowingLoopback();
    for (const listener of [silent, halfway]) {
      const result = await client.send({ url: `${listener.url}/hook`, timeoutMs: 200 });
      expect(failureKind(result)).toBe('timeout');
      expect(result.durationMs).toBeGreaterThanOrEqual(150);
      expect(result.durationMs).toBeLessThan(5000);
    }
  });

  it('reports a refused connection as connection_failed', async () => {
    expect(failureKind(await allowingLoopback().send({ url: 'http://127.0.0.1:9/hook', timeoutMs: 5000 }))).toBe('connection_failed');
  });
});

describe('OUTBOUND_HTTP_ALLOWLIST', () => {
  it('is read with the environment and refuses a malformed range', () => {
    expect(loadEnv({ OUTBOUND_HTTP_ALLOWLIST: '127.0.0.1, receiver.test, 10.0.0.0/8' }).OUTBOUND_HTTP_ALLOWLIST).toBe('127.0.0.1, receiver.test, 10.0.0.0/8');
    expect(() => loadEnv({ OUTBOUND_HTTP_ALLOWLIST: '10.0.0.0/99' })).toThrow(/OUTBOUND_HTTP_ALLOWLIST/);
    expect(() => loadEnv({ MAIL_HOST_ALLOWLIST: '10.0.0.0/99' })).toThrow(/MAIL_HOST_ALLOWLIST/);
  });
});
