import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, createHarness } from '../../test/harness';
import { LINK_KINDS, type LinkFixture, type LinkTenant, expectLink, linkFixture } from '../../test/links';
import { tenantDomains } from '../db/schema';
import { fixedClock } from './clock';

/**
 * Regression test of Host-header injection (issue 12, finding 1): every link the app hands out, of
 * every kind, under hostile Host and X-Forwarded-Host headers. The request is refused (no tenant)
 * or its link starts with the tenant's public origin, from configuration and the tenant's first
 * domain — never from a request header.
 */

const LANDLORD: LinkTenant = { host: 'localhost', adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, origin: 'http://localhost', isLandlord: true };
const TENANT_B: LinkTenant = { host: OTHER_HOST, adminEmail: OTHER_ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, origin: `http://${OTHER_HOST}`, isLandlord: false };
const B_ALIAS = `alias.${OTHER_HOST}`;

/** Host values that must name no tenant, written against the tenant's own host. */
const hostileHosts = (host: string) => [
  `${host}:@evil.example`,
  'evil.example',
  `${host}:80:81`,
  `${host} evil.example`,
  '[::1]@evil.example',
  `${host}.evil.example`,
  `${host}\\evil.example`,
  `${host}:3000/evil.example`,
];

type Case = { name: string; headers: Record<string, string>; outcome: 'refused' | 'canonical' };

let runs = 0;
const nextRun = () => String((runs += 1));

function cases(tenant: LinkTenant, aliasHost: string): Case[] {
  return [
    { name: 'its own host', headers: {}, outcome: 'canonical' },
    { name: 'another of its domains, with a port', headers: { host: aliasHost }, outcome: 'canonical' },
    { name: 'its host with a trailing dot', headers: { host: `${tenant.host}.` }, outcome: 'canonical' },
    { name: 'X-Forwarded-Host evil.example without TRUST_PROXY (ignored)', headers: { 'x-forwarded-host': 'evil.example' }, outcome: 'canonical' },
    ...hostileHosts(tenant.host).map((host): Case => ({ name: `Host ${JSON.stringify(host)}`, headers: { host }, outcome: 'refused' })),
  ];
}

const kindsOf = (tenant: LinkTenant) => LINK_KINDS.filter((kind) => tenant.isLandlord || !kind.landlordOnly);

describe('links under hostile Host headers (TRUST_PROXY off)', () => {
  let h: Harness;
  const fixtures = new Map<string, LinkFixture>();

  beforeAll(async () => {
    h = await createHarness({ clock: fixedClock(new Date('2026-11-20T10:00:00Z')) });
    // Tenant B answers on a second domain too; its links stay on its first one.
    await h.app.db.insert(tenantDomains).values({ domain: B_ALIAS, tenantId: h.otherTenantId, position: 1 });
    h.app.tenants.forget();
    fixtures.set(LANDLORD.host, await linkFixture(h, LANDLORD));
    fixtures.set(TENANT_B.host, await linkFixture(h, TENANT_B));
  });
  afterAll(async () => {
    await h.close();
  });

  for (const [tenant, alias] of [
    [LANDLORD, '127.0.0.1:3000'],
    [TENANT_B, `${B_ALIAS}:8443`],
  ] as const) {
    describe(`${tenant.isLandlord ? 'landlord' : 'tenant B'} (${tenant.origin})`, () => {
      for (const kind of kindsOf(tenant)) {
        it(`${kind.name}: refused or on ${tenant.origin} for every Host`, async () => {
          const fixture = fixtures.get(tenant.host);
          if (!fixture) throw new Error('fixture missing');
          for (const probe of cases(tenant, alias)) {
            await expectLink(fixture, kind, probe.headers, nextRun(), probe.outcome).catch((error: unknown) => {
              throw new Error(`${kind.name} with ${probe.name}: ${String(error)}`);
            });
          }
        });
      }
    });
  }

  it('a link of tenant B never carries the landlord’s domain, nor the reverse', async () => {
    const landlord = fixtures.get(LANDLORD.host);
    const other = fixtures.get(TENANT_B.host);
    if (!landlord || !other) throw new Error('fixture missing');
    const linkOf = async (fixture: LinkFixture) => ((await fixture.owner.post(`/api/v1/invoices/${fixture.invoiceId}/links`)).body as { url: string }).url;
    expect(await linkOf(other)).toMatch(/^http:\/\/tenant-b\.test\/public\/invoices\/view\/[\w-]+$/);
    expect(await linkOf(landlord)).toMatch(/^http:\/\/localhost\/public\/invoices\/view\/[\w-]+$/);
  });
});

describe('links behind a trusted proxy (TRUST_PROXY=1)', () => {
  let h: Harness;
  let fixture: LinkFixture;

  beforeAll(async () => {
    h = await createHarness({ clock: fixedClock(new Date('2026-11-20T10:00:00Z')), trustProxy: true });
    fixture = await linkFixture(h, LANDLORD);
  });
  afterAll(async () => {
    await h.close();
  });

  const proxied: Case[] = [
    { name: 'X-Forwarded-Host naming the tenant, Host the proxy’s own name', headers: { host: 'evil.example', 'x-forwarded-host': 'localhost' }, outcome: 'canonical' },
    { name: 'X-Forwarded-Host naming another of its domains, with a port', headers: { host: 'proxy.internal', 'x-forwarded-host': '127.0.0.1:8443' }, outcome: 'canonical' },
    { name: 'X-Forwarded-Host evil.example', headers: { 'x-forwarded-host': 'evil.example' }, outcome: 'refused' },
    { name: 'X-Forwarded-Host listing evil.example before the proxy’s value', headers: { 'x-forwarded-host': 'evil.example, localhost' }, outcome: 'canonical' },
    { name: 'X-Forwarded-Host listing evil.example last', headers: { 'x-forwarded-host': 'localhost, evil.example' }, outcome: 'refused' },
    { name: 'X-Forwarded-Host with userinfo', headers: { 'x-forwarded-host': 'localhost:@evil.example' }, outcome: 'refused' },
    { name: 'Host evil.example and no X-Forwarded-Host', headers: { host: 'evil.example' }, outcome: 'refused' },
  ];

  for (const kind of LINK_KINDS) {
    it(`${kind.name}: refused or on http://localhost for every X-Forwarded-Host`, async () => {
      for (const probe of proxied) {
        await expectLink(fixture, kind, probe.headers, `proxy-${nextRun()}`, probe.outcome).catch((error: unknown) => {
          throw new Error(`${kind.name} with ${probe.name}: ${String(error)}`);
        });
      }
    });
  }
});
