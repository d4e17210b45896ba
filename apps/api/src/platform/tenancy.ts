import { asc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { tenantDomains, tenants } from '../db/schema';
import { lastForwardedHost, originOf, parseHostHeader } from './host-header';
import type { TenantRecord } from './request-context';

const CACHE_MS = 10_000;
/** Cached lookups at most; unknown hosts are cached too, so a flood of made-up names cannot grow it. */
const CACHE_ENTRIES = 1_000;

/** Where links point: the scheme and port every tenant's public origin uses (PUBLIC_SCHEME, PUBLIC_PORT). */
export type PublicUrlConfig = { scheme: 'http' | 'https'; port: number };

export type TenantResolverOptions = PublicUrlConfig & {
  /** TRUST_PROXY: the proxy's X-Forwarded-Host names the tenant instead of Host. */
  trustProxy: boolean;
};

type RequestHeaders = { host?: string | undefined; 'x-forwarded-host'?: string | string[] | undefined };

type Cached<T> = { value: T; until: number };

/** The tenant's primary domain: the first of its domains, the one links use. */
const primaryDomain = sql<string>`(select ${tenantDomains.domain} from ${tenantDomains} where ${tenantDomains.tenantId} = ${tenants.id} order by ${tenantDomains.position} limit 1)`;

/**
 * Host → tenant, and the one place a tenant's public origin (scheme://primary-domain[:port]) is
 * made. The origin comes from configuration and the tenant's domains only, never from a request
 * header: the Host header picks the tenant and nothing else. Lookups are cached briefly, so a
 * request costs no query most of the time; `forget()` after tenants or domains change.
 */
export class TenantResolver {
  private readonly byHost = new Map<string, Cached<TenantRecord | null>>();
  private readonly originById = new Map<string, Cached<string | null>>();

  constructor(
    private readonly db: AppDb,
    private readonly options: TenantResolverOptions,
  ) {}

  /** The public origin of a tenant whose primary domain is `domain`. */
  publicOrigin(domain: string): string {
    return originOf(this.options.scheme, domain, this.options.port);
  }

  /** The host a request names: X-Forwarded-Host behind a trusted proxy when sent, else Host. */
  private requestedHost(headers: RequestHeaders): string | undefined {
    const forwarded = this.options.trustProxy ? lastForwardedHost(headers['x-forwarded-host']) : undefined;
    return forwarded ?? headers.host;
  }

  /** The tenant whose domain the request names exactly; null (answered 404) for anything else. */
  async resolve(headers: RequestHeaders): Promise<TenantRecord | null> {
    const parsed = parseHostHeader(this.requestedHost(headers));
    if (!parsed) return null;
    const domain = parsed.hostname;
    const cached = this.fresh(this.byHost, domain);
    if (cached) return cached.value;
    const rows = await this.db
      .select({ tenant: tenants, primaryDomain })
      .from(tenantDomains)
      .innerJoin(tenants, eq(tenants.id, tenantDomains.tenantId))
      .where(eq(tenantDomains.domain, domain))
      .limit(1);
    const row = rows[0];
    const paymentProviderConnected = Boolean(row?.tenant.paymentProviderKey && row.tenant.paymentProviderSecret);
    const tenant: TenantRecord | null = row
      ? {
          id: row.tenant.id,
          name: row.tenant.name,
          isLandlord: row.tenant.isLandlord,
          origin: this.publicOrigin(row.primaryDomain),
          pageTitle: row.tenant.pageTitle,
          heading: row.tenant.heading,
          description: row.tenant.description,
          themeColor: row.tenant.themeColor,
          font: row.tenant.font,
          copyrightText: row.tenant.copyrightText,
          loginLogo: row.tenant.loginLogo,
          dashboardLogo: row.tenant.dashboardLogo,
          allowBusinessSignup: row.tenant.allowBusinessSignup,
          forceCustomerSignup: row.tenant.forceCustomerSignup,
          userManagement: row.tenant.userManagement,
          partialPayments: row.tenant.partialPayments,
          estimatePayments: row.tenant.estimatePayments,
          standalone: row.tenant.standalone,
          supportEmail: row.tenant.supportEmail,
          landingUrl: row.tenant.landingUrl,
          connected: {
            paymentProvider: paymentProviderConnected,
            financingProvider: Boolean(row.tenant.financingProviderUrl && row.tenant.financingProviderSecret),
            bankLink: Boolean(row.tenant.bankLinkClientId && row.tenant.bankLinkSecret),
          },
          paymentProviderPublicKey: paymentProviderConnected ? row.tenant.paymentProviderKey : null,
        }
      : null;
    this.remember(this.byHost, domain, tenant);
    return tenant;
  }

  /**
   * The public origin of a tenant by id, for mail written without a request (background jobs).
   * Call it outside a transaction: on the embedded database a statement outside an open
   * transaction waits for it.
   */
  async originOfTenant(tenantId: string): Promise<string> {
    const cached = this.fresh(this.originById, tenantId);
    let origin = cached?.value ?? null;
    if (!cached) {
      const rows = await this.db.select({ domain: tenantDomains.domain }).from(tenantDomains).where(eq(tenantDomains.tenantId, tenantId)).orderBy(asc(tenantDomains.position)).limit(1);
      origin = rows[0] ? this.publicOrigin(rows[0].domain) : null;
      this.remember(this.originById, tenantId, origin);
    }
    if (!origin) throw new Error(`Tenant ${tenantId} has no domain to build links on`);
    return origin;
  }

  forget(): void {
    this.byHost.clear();
    this.originById.clear();
  }

  private fresh<T>(cache: Map<string, Cached<T>>, key: string): Cached<T> | null {
    const entry = cache.get(key);
    return entry && entry.until > Date.now() ? entry : null;
  }

  private remember<T>(cache: Map<string, Cached<T>>, key: string, value: T): void {
    if (cache.size >= CACHE_ENTRIES) cache.clear();
    cache.set(key, { value, until: Date.now() + CACHE_MS });
  }
}
