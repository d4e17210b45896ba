import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import { abilityNames, webhookEventTypes } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type HttpMethod, type TestClient, createHarness } from '../../test/harness';
import { createCustomer } from '../../test/documents';
import { signUpAndSignIn } from '../../test/sign-up';
import { type DeclaredRoute, enforceDeclaredAccess } from './pipeline';
import { webhookEventComponentName } from './openapi-webhooks';

/** The parts of the document this suite reads; the validator checks the rest. */
const responseSchema = z.object({ content: z.record(z.string(), z.object({ schema: z.unknown() })).optional() }).or(z.object({ $ref: z.string() }));
const operationSchema = z.object({
  parameters: z.array(z.object({ in: z.string(), name: z.string(), required: z.boolean().optional() })).optional(),
  requestBody: z.object({ content: z.record(z.string(), z.unknown()) }).optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  responses: z.record(z.string(), responseSchema),
});
const documentSchema = z.object({
  openapi: z.string(),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.object({ responses: z.record(z.string(), z.unknown()), securitySchemes: z.record(z.string(), z.unknown()) }),
});

const h = await createHarness();
const raw = h.server.swagger();
const document = documentSchema.parse(raw);
const PATH_PARAM = /:([A-Za-z_]+)/g;

function operationOf(route: DeclaredRoute) {
  const described = document.paths[route.url.replace(PATH_PARAM, '{$1}')]?.[route.method.toLowerCase()];
  if (described === undefined) throw new Error(`${route.method} ${route.url} is missing from the OpenAPI document`);
  return operationSchema.parse(described);
}

const nameOf = (route: DeclaredRoute) => `${route.method} ${route.url}`;
const needsBusiness = ({ access }: DeclaredRoute) => 'member' in access || ('ability' in access && access.scope === 'business');

afterAll(async () => {
  await h.close();
});

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3 document', async () => {
    const result = await new Validator().validate(z.record(z.string(), z.unknown()).parse(raw));
    expect(JSON.stringify(result.errors ?? [], null, 1).slice(0, 4000)).toBe('[]');
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\./);
  });

  it('describes the success answer of every operation: a body schema, a file, or no content (204)', () => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, described] of Object.entries(operations)) {
        const { responses } = operationSchema.parse(described);
        const success = Object.entries(responses).filter(([status]) => status.startsWith('2'));
        const answered = success.some(([status, response]) => status === '204' || ('content' in response && Object.values(response.content ?? {}).some((media) => media.schema !== undefined)));
        if (!answered) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives signed-in operations the bearer scheme, business operations the `business` header, and each its errors', () => {
    const findings: string[] = [];
    for (const route of h.server.declaredRoutes) {
      const operation = operationOf(route);
      const isPublic = 'public' in route.access;
      const schemes = (operation.security ?? []).flatMap((entry) => Object.keys(entry));
      if (isPublic === schemes.includes('bearer')) findings.push(`${nameOf(route)}: security ${JSON.stringify(operation.security)}`);
      const header = operation.parameters?.find((parameter) => parameter.in === 'header' && parameter.name === 'business');
      if (needsBusiness(route) !== (header?.required === true)) findings.push(`${nameOf(route)}: business header ${JSON.stringify(header)}`);
      const errors = Object.keys(operation.responses).filter((status) => !status.startsWith('2'));
      const expected = [...(isPublic ? [] : ['401', '403']), '404', '429', '500'];
      if (expected.some((status) => !errors.includes(status))) findings.push(`${nameOf(route)}: errors ${errors.join(',')}`);
      const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
      if (unsafe && route.csrf !== errors.includes('419')) findings.push(`${nameOf(route)}: 419 ${errors.includes('419')}`);
    }
    expect(findings).toEqual([]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['apiClient', 'bearer', 'session']);
    expect(Object.keys(document.components.responses).sort()).toEqual(['CsrfMismatch', 'Forbidden', 'NotFound', 'ServerError', 'TooManyAttempts', 'Unauthenticated', 'ValidationFailed']);
    expect(JSON.stringify(document.components.responses.ValidationFailed)).toContain('"errors"');
  });

  it("declares the API clients' OAuth 2.0 client-credentials flow, with each operation's abilities as its scopes", () => {
    const clientScheme = z.object({ type: z.literal('oauth2'), flows: z.object({ clientCredentials: z.object({ tokenUrl: z.literal('/oauth/token'), scopes: z.record(z.string(), z.string()) }) }) });
    const scopes = Object.keys(clientScheme.parse(document.components.securitySchemes.apiClient).flows.clientCredentials.scopes);
    expect(scopes).toEqual([...abilityNames]);
    const findings: string[] = [];
    for (const route of h.server.declaredRoutes) {
      const asClient = (operationOf(route).security ?? []).flatMap((entry) => (entry.apiClient ? [entry.apiClient] : []));
      const access = route.access;
      // What the request pipeline lets an API client's token do: nothing public needs it, the account routes refuse it.
      const expected = 'public' in access || 'authenticated' in access ? [] : 'member' in access ? [[]] : typeof access.ability === 'string' ? [[access.ability]] : 'all' in access.ability ? [[...access.ability.all]] : access.ability.map((name) => [name]);
      if (JSON.stringify(asClient) !== JSON.stringify(expected)) findings.push(`${nameOf(route)}: ${JSON.stringify(asClient)}, expected ${JSON.stringify(expected)}`);
      for (const scope of asClient.flat()) if (!scopes.includes(scope)) findings.push(`${nameOf(route)}: unknown scope ${scope}`);
    }
    expect(findings).toEqual([]);
  });

  it('describes the uploads as multipart bodies and the counterparty bodies by their schemas', () => {
    const uploads = h.server.declaredRoutes.filter((route) => /upload|\/logo$|\/attachments$/.test(route.url) && route.method === 'POST');
    expect(uploads.length).toBeGreaterThanOrEqual(7);
    for (const route of uploads) expect(Object.keys(operationOf(route).requestBody?.content ?? {}), nameOf(route)).toEqual(['multipart/form-data']);
    const create = h.server.declaredRoutes.find((route) => route.method === 'POST' && route.url === '/api/v1/customers');
    if (!create) throw new Error('POST /api/v1/customers is not declared');
    const body = JSON.stringify(operationOf(create).requestBody?.content['application/json']);
    expect(body).toContain('"anyOf"');
    expect(body).toContain('"send_invitation"');
    expect(body).toContain('"preview"');
  });
});

describe('declared responses', () => {
  it('refuses to start with a JSON route that declares no 2xx response schema', async () => {
    const server = Fastify();
    enforceDeclaredAccess(server);
    const access = { access: { authenticated: true as const } };
    expect(() => server.get('/api/v1/undescribed', { config: access }, async () => ({}))).toThrow(/declares no 2xx response schema/);
    expect(() => server.get('/api/v1/errors-only', { config: access, schema: { response: { 404: { type: 'object' } } } }, async () => ({}))).toThrow(/declares no 2xx response schema/);
    expect(() => server.get('/api/v1/described', { config: access, schema: { response: { 200: { type: 'object' } } } }, async () => ({}))).not.toThrow();
    await server.close();
  });
});

describe('answers against their declared schemas', () => {
  async function breachesOf(client: TestClient, calls: [HttpMethod, string][]): Promise<string[]> {
    const found: string[] = [];
    for (const [method, url] of calls) {
      const { response, breaches } = await client.requestWithinContract(method, url);
      if (response.status >= 300) found.push(`${method} ${url} answered ${response.status}`);
      found.push(...breaches);
    }
    return found;
  }

  it('keeps to them for a business owner and a super admin', async () => {
    const owner = await signUpAndSignIn(h, { email: 'contract-owner@example.com', business_name: 'Contract Business' });
    const boot = await owner.get('/api/v1/bootstrap');
    owner.business = z.object({ companies: z.array(z.object({ id: z.string() })).min(1) }).parse(boot.body).companies[0]?.id ?? null;
    const customer = await createCustomer(owner, 'Contract Customer', 'contract-customer@example.com');
    const ownerCalls: [HttpMethod, string][] = [
      ['GET', '/api/v1/bootstrap'],
      ['GET', '/api/v1/tenant-config'],
      ['GET', '/api/v1/config'],
      ['GET', '/api/v1/currencies'],
      ['GET', '/api/v1/countries'],
      ['GET', '/api/v1/me'],
      ['GET', '/api/v1/me/settings'],
      ['GET', '/api/v1/business/settings'],
      ['GET', '/api/v1/customers'],
      ['GET', `/api/v1/customers/${customer.id}`],
      ['GET', '/api/v1/csrf-cookie'],
    ];
    expect(await breachesOf(owner, ownerCalls)).toEqual([]);

    const admin = h.client();
    expect((await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    const adminCalls: [HttpMethod, string][] = [
      ['GET', '/api/v1/platform/businesses'],
      ['GET', '/api/v1/platform/users'],
      ['GET', '/api/v1/platform/outbox'],
      ['GET', '/api/v1/platform/access-logs'],
      ['GET', '/api/v1/platform/logs'],
      ['GET', '/api/central/tenants'],
    ];
    expect(await breachesOf(admin, adminCalls)).toEqual([]);
  });
});

describe('the outgoing webhook events', () => {
  it('are described with their payload schemas and the request each endpoint receives (x-webhooks)', () => {
    const described = z
      .object({
        components: z.object({ schemas: z.record(z.string(), z.object({ properties: z.record(z.string(), z.unknown()) })) }),
        'x-webhooks': z.record(z.string(), z.object({ post: z.object({ requestBody: z.unknown(), parameters: z.array(z.object({ name: z.string() })) }) })),
      })
      .parse(raw);
    for (const type of webhookEventTypes) {
      const schema = described.components.schemas[webhookEventComponentName(type)];
      expect(schema?.properties, type).toMatchObject({ id: expect.anything(), type: expect.anything(), data: expect.anything(), api_version: expect.anything() });
      expect(described['x-webhooks'][type]?.post.parameters.map((parameter) => parameter.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    }
    expect(JSON.stringify(described.components.schemas[webhookEventComponentName('invoice.paid')])).toContain('due_amount');
  });
});
