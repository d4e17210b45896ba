import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { type Harness, type TestClient, createHarness, errorsOf } from '../../test/harness';
import { apiLogs } from '../db/schema';
import { inTenant } from '../db/tenant-tx';
import { AppError } from './errors';
import { JSON_BODY_LIMITS, jsonBodyMessages, parseJsonBody } from './json-body';
import { messages } from '@app/contracts';

function nestedObjects(levels: number, leaf = '1'): string {
  return `${'{"a":'.repeat(levels)}${leaf}${'}'.repeat(levels)}`;
}

function refusal(text: string): string | null {
  try {
    parseJsonBody(text);
    return null;
  } catch (error) {
    return error instanceof AppError && error.status === 422 ? (error.fieldErrors?.body?.[0] ?? null) : `not a 422: ${String(error)}`;
  }
}

describe('parseJsonBody', () => {
  it('accepts the deepest and widest body the limits allow, and parses it as JSON.parse does', () => {
    const deepest = nestedObjects(JSON_BODY_LIMITS.maxDepth - 1, '[1]');
    expect(parseJsonBody(deepest)).toEqual(JSON.parse(deepest));
    expect(parseJsonBody(nestedObjects(JSON_BODY_LIMITS.maxDepth))).toEqual(JSON.parse(nestedObjects(JSON_BODY_LIMITS.maxDepth)));
    const widest = JSON.stringify({ ids: Array.from({ length: JSON_BODY_LIMITS.maxEntries }, (_, i) => i) });
    expect(parseJsonBody(widest)).toEqual(JSON.parse(widest));
    expect(parseJsonBody('"\\u0000 and [{ inside a string ]]]]"')).toBe('\u0000 and [{ inside a string ]]]]');
  });

  it('refuses one level or one entry more, and 5,000 levels without building them', () => {
    expect(refusal(nestedObjects(JSON_BODY_LIMITS.maxDepth + 1))).toBe(jsonBodyMessages.tooDeep);
    expect(refusal(`[${'['.repeat(5_000)}${']'.repeat(5_000)}]`)).toBe(jsonBodyMessages.tooDeep);
    expect(refusal(JSON.stringify({ ids: Array.from({ length: JSON_BODY_LIMITS.maxEntries + 1 }, () => 0) }))).toBe(jsonBodyMessages.tooManyEntries);
    const wideObject = JSON.stringify(Object.fromEntries(Array.from({ length: JSON_BODY_LIMITS.maxEntries + 1 }, (_, i) => [`k${i}`, i])));
    expect(refusal(wideObject)).toBe(jsonBodyMessages.tooManyEntries);
    // Brackets and commas inside strings (escaped quotes too) are text, not structure; a string
    // ending in a backslash still ends at its quote.
    expect(refusal(JSON.stringify({ note: `\\"${'[,'.repeat(20_000)}` }))).toBeNull();
    expect(refusal(`{"note":${JSON.stringify('ends with \\')},"deep":${nestedObjects(JSON_BODY_LIMITS.maxDepth)}}`)).toBe(jsonBodyMessages.tooDeep);
  });

  it('refuses __proto__ and constructor.prototype keys however they are spelled, and keeps a plain constructor key', () => {
    expect(refusal('{"__proto__":{"isAdmin":true}}')).toBe(jsonBodyMessages.protoKey);
    expect(refusal('{"items":[{"\\u005f_proto__":{"x":1}}]}')).toBe(jsonBodyMessages.protoKey);
    expect(refusal('{"a":{"constructor":{"prototype":{"x":1}}}}')).toBe(jsonBodyMessages.constructorKey);
    expect(parseJsonBody('{"constructor":"Acme Builders"}')).toEqual({ constructor: 'Acme Builders' });
    expect(Object.getPrototypeOf(parseJsonBody('{"name":"\\u0041"}'))).toBe(Object.prototype);
  });
});

describe('JSON bodies over HTTP', () => {
  let h: Harness;
  let guest: TestClient;
  beforeAll(async () => {
    h = await createHarness();
    guest = h.client();
    await guest.csrf();
  });
  afterAll(async () => {
    await h.close();
  });

  const json = { 'content-type': 'application/json' };

  it('answers a 5,000-level body on sign-in with 422 on body, keeps it out of the API log, and answers on', async () => {
    const deep = await guest.post('/api/v1/login', `{"email":"a@example.com","password":"x","settings":${nestedObjects(5_000)}}`, json);
    expect(deep.status).toBe(422);
    expect(errorsOf(deep)).toEqual({ body: [jsonBodyMessages.tooDeep] });
    expect(deep.body.message).toBe(jsonBodyMessages.tooDeep);
    await h.app.apiLog.flush();
    const rows = await inTenant(h.app.db, h.landlordId, (tx) => tx.select().from(apiLogs).where(eq(apiLogs.url, '/api/v1/login')));
    expect(rows.map((row) => [row.responseCode, row.requestBody])).toEqual([[422, null]]);
    expect((await guest.get('/api/v1/csrf-cookie')).status).toBe(204);
  });

  it('hands a body within the limits to validation, and refuses a __proto__ key with 422', async () => {
    const withinLimits = await guest.post('/api/v1/login', `{"email":"not-an-email","password":"x","extra":${nestedObjects(60)}}`, json);
    expect(withinLimits.status).toBe(422);
    expect(Object.keys(errorsOf(withinLimits))).toContain('email');
    const proto = await guest.post('/api/v1/login', '{"email":"a@example.com","password":"x","__proto__":{"admin":true}}', json);
    expect(proto.status).toBe(422);
    expect(errorsOf(proto)).toEqual({ body: [jsonBodyMessages.protoKey] });
  });

  it('answers malformed and empty JSON with 400 and a plain message', async () => {
    const malformed = await guest.post('/api/v1/login', '{"email":', json);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(messages.invalidJsonBody);
    const empty = await guest.request('POST', '/api/v1/login', '', json);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(messages.emptyJsonBody);
  });
});
