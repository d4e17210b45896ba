import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { ownerWithBusiness } from '../../../test/team';
import { signUpAndSignIn } from '../../../test/sign-up';
import { newId } from '../../platform/crypto';
import { download, postForm } from '../attachments/test-files';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const STRONG = 'Str0ng!Passw0rd';
const RANDOM_NAME = /^[0-9a-f]{32}\.png$/;

let h: Harness;
let owner: TestClient;
let foreign: TestClient;

async function bearerGet(url: string, token: string, host = 'localhost') {
  const response = await h.server.inject({ method: 'GET', url, headers: { host, authorization: `Bearer ${token}` } });
  return { status: response.statusCode, headers: response.headers };
}

async function tokenOf(email: string, host: string): Promise<string> {
  const response = await h.client(host).post('/api/v1/auth/login', { email, password: ADMIN_PASSWORD, device_name: 'files-test' });
  expect(response.status).toBe(200);
  return String(response.body.token);
}

async function uploadAvatar(client: TestClient): Promise<string> {
  const response = await postForm(h, client, '/api/v1/me/upload-avatar', [{ field: 'avatar', fileName: 'me.png', content: PNG, type: 'image/png' }]);
  expect(response.status).toBe(200);
  return (response.body.data as { avatar: string }).avatar;
}

async function uploadLogo(client: TestClient): Promise<string> {
  const response = await postForm(h, client, '/api/v1/business/upload-logo', [{ field: 'business_logo', fileName: 'logo.png', content: PNG, type: 'image/png' }]);
  expect(response.status).toBe(200);
  return (response.body.data as { logo: string }).logo;
}

beforeAll(async () => {
  h = await createHarness();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Picture Works');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Pictures', OTHER_HOST);
});
afterAll(async () => {
  await h.close();
});

describe('avatars', () => {
  it('are stored under a random 128-bit name', async () => {
    const first = await uploadAvatar(owner);
    const second = await uploadAvatar(owner);
    expect(first).toMatch(new RegExp(`^/files/${h.landlordId}/avatars/`));
    for (const url of [first, second]) expect(url.split('/').pop()).toMatch(RANDOM_NAME);
    expect(first).not.toBe(second);
  });

  it('are refused to anonymous callers', async () => {
    const url = await uploadAvatar(owner);
    const anonymous = await download(h, h.client(), url);
    expect(anonymous.status).toBe(401);
    expect(anonymous.content.toString()).not.toContain('PNG');
  });

  it('are served to any signed-in user of the tenant, another business’s member included, by cookie or bearer token, never cached', async () => {
    const url = await uploadAvatar(owner);
    const colleague = await signUpAndSignIn(h, { name: 'Other Business Owner', email: 'other-business@example.com', password: STRONG, business_name: 'Elsewhere Ltd' });
    const byCookie = await download(h, colleague, url);
    expect(byCookie.status).toBe(200);
    expect(byCookie.headers['content-type']).toBe('image/png');
    expect(byCookie.headers['cache-control']).toBe('no-store');
    expect(byCookie.headers['x-content-type-options']).toBe('nosniff');
    expect(byCookie.content.equals(PNG)).toBe(true);
    expect((await bearerGet(url, await tokenOf(ADMIN_EMAIL, 'localhost'))).status).toBe(200);
  });

  it('are refused to a user of another tenant, on either host', async () => {
    const url = await uploadAvatar(owner);
    const token = await tokenOf(OTHER_ADMIN_EMAIL, OTHER_HOST);
    expect((await bearerGet(url, token)).status).toBe(401);
    expect((await bearerGet(url, token, OTHER_HOST)).status).toBe(404);
    // The other tenant's session cookie, replayed against this tenant's host.
    const replayed = await h.server.inject({ method: 'GET', url, headers: { host: 'localhost', cookie: [...foreign.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(replayed.statusCode).toBe(401);
  });

  it('stored under the earlier time-ordered names stay readable to signed-in users only', async () => {
    const key = `${h.landlordId}/avatars/${newId()}.png`;
    await h.app.storage.put(key, PNG);
    expect((await download(h, owner, `/files/${key}`)).status).toBe(200);
    expect((await download(h, h.client(), `/files/${key}`)).status).toBe(401);
  });
});

describe('business logos', () => {
  it('are stored under random 128-bit names and are public within their tenant', async () => {
    const first = await uploadLogo(owner);
    const second = await uploadLogo(owner);
    for (const url of [first, second]) {
      expect(url).toMatch(new RegExp(`^/files/${h.landlordId}/logos/`));
      expect(url.split('/').pop()).toMatch(RANDOM_NAME);
    }
    expect(first).not.toBe(second);
    const anonymous = await download(h, h.client(), first);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers['content-type']).toBe('image/png');
    expect(anonymous.headers['cache-control']).toBe('public, max-age=86400');
    expect((await download(h, h.client(OTHER_HOST), first)).status).toBe(404);
  });

  it('stored under the earlier time-ordered names stay public', async () => {
    const key = `${h.landlordId}/logos/${newId()}.png`;
    await h.app.storage.put(key, PNG);
    expect((await download(h, h.client(), `/files/${key}`)).status).toBe(200);
  });
});

describe('the files route', () => {
  it('serves nothing but logos and avatars, and answers JSON 404 otherwise', async () => {
    for (const url of [`/files/${h.landlordId}/attachments/${newId()}`, `/files/${h.landlordId}/other/${newId()}.png`, `/files/${h.landlordId}/logos/../avatars/x.png`, '/files/']) {
      const answer = await download(h, owner, url);
      expect(answer.status, url).toBe(404);
      expect(answer.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });
});
