import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, createHarness } from '../../test/harness';

async function tokenOf(h: Harness, email: string, host: string): Promise<string> {
  const response = await h.client(host).post('/api/v1/auth/login', { email, password: ADMIN_PASSWORD, device_name: 'docs-test' });
  expect(response.status).toBe(200);
  return String(response.body.token);
}

describe('/api/docs by default', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('is refused to anonymous callers, page and description alike', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/swagger-ui.css']) {
      const answer = await h.client().get(url);
      expect(answer.status, url).toBe(401);
      expect(answer.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('is served to a signed-in user of the tenant, by session or bearer token, with its own policy', async () => {
    const browser = h.client();
    await browser.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const page = await browser.get('/api/docs/');
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
    expect(String(page.headers['content-security-policy'])).toContain("style-src 'self' 'unsafe-inline'");
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self';");
    expect(page.headers['x-frame-options']).toBe('DENY');
    const description = await browser.get('/api/docs/json');
    expect(description.status).toBe(200);
    expect(description.body).toMatchObject({ openapi: expect.any(String), info: { title: 'Ledgerline API' } });

    const api = h.client();
    api.bearer = await tokenOf(h, ADMIN_EMAIL, 'localhost');
    expect((await api.get('/api/docs/json')).status).toBe(200);
  });

  it('is refused to a user of another tenant', async () => {
    const foreign = h.client();
    foreign.bearer = await tokenOf(h, OTHER_ADMIN_EMAIL, OTHER_HOST);
    expect((await foreign.get('/api/docs/json')).status).toBe(401);
  });
});

describe('/api/docs with API_DOCS_PUBLIC=1', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ env: { API_DOCS_PUBLIC: '1' } });
  });
  afterAll(async () => {
    await h.close();
  });

  it('is served to anyone', async () => {
    expect((await h.client().get('/api/docs/')).status).toBe(200);
    expect((await h.client().get('/api/docs/json')).status).toBe(200);
  });
});
