import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidUrlMessage } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, type TestClient, type TestResponse, createHarness, errorsOf } from './harness';

let h: Harness;
let admin: TestClient;

/** One of each way to smuggle something other than a web address behind a link or image. */
const HOSTILE = [
  'javascript:alert(document.cookie)',
  'JaVaScRiPt:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example.com/x',
  ' javascript:alert(1)',
  '\u0001javascript:alert(1)',
  '%6a%61vascript:alert(1)',
  'https://user:pass@evil.example.com/',
  'https:\\\\evil.example.com',
];

/** A URL-valued field of a request, and the route that writes it. */
type Field = { name: string; field: string; write: (value: string) => Promise<TestResponse> };

let businessId = '';
let customerId = '';
let vendorId = '';
let platformBusinessId = '';
let tenantId = '';
const tenantBase = { name: 'Url Tenant', domains: ['url-tenant.test'], theme_color: '#123456' };

async function write(field: Field, value: string) {
  const response = await field.write(value);
  const data = response.body.data as Record<string, unknown> | undefined;
  return { status: response.status, errors: errorsOf(response), stored: data?.[field.field] };
}

const fields: Field[] = [
  { name: 'business website (create)', field: 'website', write: (v) => admin.post('/api/v1/businesses/create', { name: 'Url Works', website: v }) },
  { name: 'business website (update)', field: 'website', write: (v) => admin.put('/api/v1/business', { name: 'Url Works', website: v }) },
  { name: 'customer website (create)', field: 'website', write: (v) => admin.post('/api/v1/customers', { name: 'Url Customer', website: v }) },
  { name: 'customer website (update)', field: 'website', write: (v) => admin.put(`/api/v1/customers/${customerId}`, { name: 'Url Customer', website: v }) },
  { name: 'vendor website (update)', field: 'website', write: (v) => admin.put(`/api/v1/vendors/${vendorId}`, { name: 'Url Vendor', website: v }) },
  {
    name: 'platform business website (create)',
    field: 'website',
    write: (v) => admin.post('/api/v1/platform/businesses', { name: 'Url Platform Co', owner_email: 'url-owner@example.com', website: v }),
  },
  { name: 'platform business website (update)', field: 'website', write: (v) => admin.put(`/api/v1/platform/businesses/${platformBusinessId}`, { name: 'Url Platform Co', website: v }) },
  ...(['landing_url', 'login_logo', 'dashboard_logo', 'financing_provider_url'] as const).map((field) => ({
    name: `tenant ${field} (update)`,
    field,
    write: (v: string) => admin.put(`/api/central/tenants/${tenantId}`, { ...tenantBase, [field]: v }),
  })),
  {
    name: 'tenant landing_url (create)',
    field: 'landing_url',
    write: (v: string) => admin.post('/api/central/tenants', { ...tenantBase, name: 'Url Tenant Two', domains: ['url-two.test'], admin_email: 'a@url-two.test', landing_url: v }),
  },
];

beforeAll(async () => {
  h = await createHarness();
  admin = h.client();
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  const business = await admin.post('/api/v1/businesses/create', { name: 'Url Works' });
  businessId = (business.body.data as { id: string }).id;
  admin.business = businessId;
  customerId = ((await admin.post('/api/v1/customers', { name: 'Url Customer' })).body.data as { id: string }).id;
  vendorId = ((await admin.post('/api/v1/vendors', { name: 'Url Vendor' })).body.data as { id: string }).id;
  platformBusinessId = ((await admin.post('/api/v1/platform/businesses', { name: 'Url Platform Co', owner_email: 'url-owner@example.com' })).body.data as { id: string }).id;
  tenantId = ((await admin.post('/api/central/tenants', { ...tenantBase, admin_email: 'a@url-tenant.test' })).body.data as { id: string }).id;
});
afterAll(async () => {
  await h.close();
});

describe('every URL field of the API', () => {
  it.each(fields.map((field) => [field.name, field]))('%s refuses script, data, file, protocol-relative and disguised URLs', async (_name, field) => {
    for (const value of HOSTILE) {
      const result = await write(field, value);
      expect(result.status, `${field.name} ← ${JSON.stringify(value)}`).toBe(422);
      expect(result.errors[field.field], `${field.name} ← ${JSON.stringify(value)}`).toEqual([invalidUrlMessage]);
    }
  });

  it.each(fields.map((field) => [field.name, field]))('%s stores a bare host as an absolute https URL', async (_name, field) => {
    const result = await write(field, 'www.example.com/about?x=1');
    expect(result.status).toBeLessThan(300);
    expect(result.stored).toBe('https://www.example.com/about?x=1');
  });
});
