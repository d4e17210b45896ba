import { eq } from 'drizzle-orm';
import type { AppDb } from '../db/client';
import { tenantDomains, tenants } from '../db/schema';
import type { TenantRecord } from './request-context';

const CACHE_MS = 10_000;

/** Host → tenant, port ignored, with a short cache so a request costs no lookup most of the time. */
export class TenantResolver {
  private readonly cache = new Map<string, { tenant: TenantRecord | null; until: number }>();

  constructor(private readonly db: AppDb) {}

  static hostname(hostHeader: string | undefined): string {
    if (!hostHeader) return '';
    const host = hostHeader.trim().toLowerCase();
    if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
    const colon = host.lastIndexOf(':');
    return colon === -1 ? host : host.slice(0, colon);
  }

  async resolve(hostHeader: string | undefined): Promise<TenantRecord | null> {
    const domain = TenantResolver.hostname(hostHeader);
    if (!domain) return null;
    const cached = this.cache.get(domain);
    const now = Date.now();
    if (cached && cached.until > now) return cached.tenant;
    const rows = await this.db
      .select({ tenant: tenants })
      .from(tenantDomains)
      .innerJoin(tenants, eq(tenants.id, tenantDomains.tenantId))
      .where(eq(tenantDomains.domain, domain))
      .limit(1);
    const row = rows[0]?.tenant;
    const tenant: TenantRecord | null = row
      ? {
          id: row.id,
          name: row.name,
          isLandlord: row.isLandlord,
          pageTitle: row.pageTitle,
          heading: row.heading,
          description: row.description,
          themeColor: row.themeColor,
          font: row.font,
          copyrightText: row.copyrightText,
          loginLogo: row.loginLogo,
          dashboardLogo: row.dashboardLogo,
          allowBusinessSignup: row.allowBusinessSignup,
          forceCustomerSignup: row.forceCustomerSignup,
          userManagement: row.userManagement,
          partialPayments: row.partialPayments,
          estimatePayments: row.estimatePayments,
          standalone: row.standalone,
        }
      : null;
    this.cache.set(domain, { tenant, until: now + CACHE_MS });
    return tenant;
  }

  forget(): void {
    this.cache.clear();
  }
}
