import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, createHarness } from '../../../test/harness';

/** app.outboundHttp as the app builds it: loopback is refused unless OUTBOUND_HTTP_ALLOWLIST opens it. */
describe('app.outboundHttp', () => {
  const server = http.createServer((_request, response) => response.end('ok'));
  let connections = 0;
  let url = '';
  const harnesses: Harness[] = [];

  beforeAll(async () => {
    server.on('connection', () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('The receiver has no port');
    url = `http://127.0.0.1:${address.port}/hook`;
  });

  afterAll(async () => {
    await Promise.all(harnesses.map((harness) => harness.close()));
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('refuses the test receiver on loopback by default, and reaches it only when the allow-list names it', async () => {
    const strict = await createHarness();
    harnesses.push(strict);
    expect(await strict.app.outboundHttp.send({ url, method: 'POST', body: '{}' })).toMatchObject({ ok: false, kind: 'refused_address' });
    expect(await strict.app.outboundHttp.send({ url: url.replace('127.0.0.1', 'localhost') })).toMatchObject({ ok: false, kind: 'refused_address' });
    expect(connections).toBe(0);

    const allowing = await createHarness({ env: { OUTBOUND_HTTP_ALLOWLIST: '127.0.0.1' } });
    harnesses.push(allowing);
    expect(await allowing.app.outboundHttp.send({ url, method: 'POST', body: '{}' })).toMatchObject({ ok: true, status: 200, bodyText: 'ok' });
    expect(await allowing.app.outboundHttp.send({ url: url.replace('127.0.0.1', '[::1]') })).toMatchObject({ ok: false, kind: 'refused_address' });
    expect(connections).toBe(1);
  });
});
