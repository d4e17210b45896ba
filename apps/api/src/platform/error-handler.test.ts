import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INT4_MAX, REQUEST_BODY_LIMIT_BYTES, formatMessage, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, type TestClient, createHarness, errorsOf } from '../../test/harness';
import { createCustomer } from '../../test/documents';
import { ownerWithBusiness } from '../../test/team';
import { AppError } from './errors';
import { installErrorHandler } from './error-handler';

let h: Harness;
let owner: TestClient;
let probe: FastifyInstance;

type ProbeBody = { name?: string; count?: number; settings?: Record<string, string>; code?: string };

/**
 * Routes that hand a request value to the database unchecked, as a route whose schema missed a
 * rule would: PGlite, or PostgreSQL under TEST_DATABASE_URL, refuses it, through drizzle.
 */
function probeServer(harness: Harness): FastifyInstance {
  const server = Fastify();
  installErrorHandler(server);
  const db = harness.app.db;
  server.post<{ Body: ProbeBody }>('/text', async (request) => db.execute(sql`select ${request.body.name ?? ''}::text`));
  server.post<{ Body: ProbeBody }>('/jsonb', async (request) => db.execute(sql`select ${JSON.stringify(request.body.settings ?? {})}::jsonb`));
  server.post<{ Body: ProbeBody }>('/int4', async (request) => db.execute(sql`select ${request.body.count ?? 0}::int4`));
  server.get<{ Querystring: { from_date?: string } }>('/date', async (request) => db.execute(sql`select ${request.query.from_date ?? ''}::date`));
  server.post<{ Body: ProbeBody }>('/varchar', async (request) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table probe_codes (code varchar(3)) on commit drop`);
      await tx.execute(sql`insert into probe_codes values (${request.body.code ?? ''})`);
    }),
  );
  server.get<{ Querystring: { error: string } }>('/refusal', async (request) => {
    const refusals: Record<string, Error> = {
      proto: Object.assign(new SyntaxError('Object contains forbidden prototype property'), { statusCode: 400 }),
      syntax: Object.assign(new SyntaxError('Unexpected end of JSON input'), { statusCode: 400 }),
      depth: AppError.validation('body', 'The request body is nested too deeply.'),
      file: Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 }),
    };
    throw refusals[request.query.error] ?? new Error('unexpected');
  });
  return server;
}

beforeAll(async () => {
  h = await createHarness();
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Error Handler Co');
  probe = probeServer(h);
  await probe.ready();
});
afterAll(async () => {
  await probe.close();
  await h.close();
});

describe('a value the database refuses (SQLSTATE class 22)', () => {
  const post = (url: string, payload: ProbeBody) => probe.inject({ method: 'POST', url, payload });

  it('answers 422 on the field that carried it, never 500', async () => {
    const nul = await post('/text', { name: 'Ac\u0000me' });
    expect(nul.statusCode).toBe(422);
    expect(nul.json()).toEqual({ message: messages.unstorableText, errors: { name: [messages.unstorableText] } });

    const jsonNul = await post('/jsonb', { settings: { subject: 'Hi\u0000' } });
    expect(jsonNul.json()).toEqual({ message: messages.unstorableText, errors: { 'settings.subject': [messages.unstorableText] } });
    const surrogate = await post('/jsonb', { settings: { subject: 'x\ud800' } });
    expect(surrogate.json()).toEqual({ message: messages.unstorableText, errors: { 'settings.subject': [messages.unstorableText] } });

    const huge = await post('/int4', { count: INT4_MAX + 1 });
    expect(huge.statusCode).toBe(422);
    expect(huge.json()).toEqual({ message: messages.numberOutOfRange, errors: { count: [messages.numberOutOfRange] } });

    const date = await probe.inject({ method: 'GET', url: '/date?from_date=2026-02-30' });
    expect(date.statusCode).toBe(422);
    expect(date.json()).toEqual({ message: messages.invalidDate, errors: { from_date: [messages.invalidDate] } });
    expect((await probe.inject({ method: 'GET', url: '/date?from_date=0000-00-00' })).json()).toEqual({ message: messages.invalidDate, errors: { from_date: [messages.invalidDate] } });

    const long = await post('/varchar', { code: 'ABCDE' });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toEqual({ message: messages.valueTooLong, errors: { code: [messages.valueTooLong] } });
  });
});

describe('requests refused before a route runs', () => {
  it('give each refusal its true message', async () => {
    const guest = h.client();
    await guest.csrf();
    const json = { 'content-type': 'application/json' };
    const tooLarge = await guest.request('POST', '/api/v1/login', `{"email":"${'a'.repeat(REQUEST_BODY_LIMIT_BYTES)}"}`, json);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ message: messages.requestBodyTooLarge });
    expect(tooLarge.body.message).toBe('The request body may not be larger than 2 MB.');

    const broken = await guest.request('POST', '/api/v1/login', '{"email":', json);
    expect([broken.status, broken.body]).toEqual([400, { message: messages.invalidJsonBody }]);
    const empty = await guest.request('POST', '/api/v1/login', '', json);
    expect([empty.status, empty.body]).toEqual([400, { message: messages.emptyJsonBody }]);
    const xml = await guest.request('POST', '/api/v1/login', '<login/>', { 'content-type': 'application/xml' });
    expect([xml.status, xml.body]).toEqual([415, { message: messages.unsupportedMediaType }]);
  });

  it('map what a body parser throws: forbidden keys, syntax, its own 422, an upload over its limit', async () => {
    const refusal = async (error: string) => {
      const response = await probe.inject({ method: 'GET', url: `/refusal?error=${error}` });
      return [response.statusCode, response.json()];
    };
    expect(await refusal('proto')).toEqual([400, { message: messages.forbiddenJsonKey }]);
    expect(await refusal('syntax')).toEqual([400, { message: messages.invalidJsonBody }]);
    expect(await refusal('depth')).toEqual([422, { message: 'The request body is nested too deeply.', errors: { body: ['The request body is nested too deeply.'] } }]);
    expect(await refusal('file')).toEqual([413, { message: 'The upload may not be larger than 10 MB.' }]);
    expect(await refusal('other')).toEqual([500, { message: messages.serverError }]);
  });
});

describe('request fields stop at what the database holds', () => {
  it('huge ids, impossible dates and NUL are 422s on their field', async () => {
    const range = formatMessage(messages.integerRange, { min: '1', max: String(INT4_MAX) });
    expect(errorsOf(await owner.get('/api/v1/customers?currency_id=99999999999999999999')).currency_id).toEqual([range]);
    expect(errorsOf(await owner.delete(`/api/v1/exchange-rates/${INT4_MAX + 1}`)).currency_id).toEqual([range]);
    expect(errorsOf(await owner.get('/api/v1/audit-logs?from_date=0000-00-00')).from_date).toEqual([messages.invalidDate]);
    expect(errorsOf(await owner.get('/api/v1/platform/logs?from=2026-02-30')).from).toEqual([messages.invalidDate]);
    expect(errorsOf(await owner.get('/api/v1/customers?search=a%00b')).search).toEqual([messages.unstorableText]);
    expect(errorsOf(await owner.post('/api/v1/items', { name: 'Bolt\u0000', price: 100 })).name).toEqual([messages.unstorableText]);
    expect((await owner.get('/api/v1/customers?currency_id=2147483647')).status).toBe(200);
    for (const list of ['customers', 'invoices', 'payments', 'audit-logs']) expect((await owner.get(`/api/v1/${list}?page=${INT4_MAX}&limit=500`)).status, list).toBe(200);
    expect(errorsOf(await owner.get(`/api/v1/invoices?page=${INT4_MAX + 1}`)).page).toEqual([formatMessage(messages.integerRange, { min: '0', max: String(INT4_MAX) })]);
  });

  it('invoice lines say their maximum and quantities their decimals', async () => {
    const customer = await createCustomer(owner, 'Lines Customer');
    const line = { name: 'Bolt', quantity: '1', price: 100 };
    const many = await owner.post('/api/v1/invoices', { customer_id: customer.id, invoice_date: '2026-01-05', items: Array.from({ length: 10_000 }, () => line) });
    expect(errorsOf(many).items).toEqual(['A document may have at most 500 lines.']);
    const thirds = await owner.post('/api/v1/invoices', { customer_id: customer.id, invoice_date: '2026-01-05', items: [{ ...line, quantity: '0.33333' }] });
    expect(errorsOf(thirds)['items.0.quantity']).toEqual(['The quantity may have at most 4 decimals.']);
  });
});
