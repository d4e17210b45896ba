import {
  type TenantBusiness,
  type TenantResource,
  type TenantSecretField,
  type TenantSummary,
  createTenantRequestSchema,
  isMaskedSecret,
  listMeta,
  maskSecret,
  messages,
  normalizePercent,
  tenantSecretFields,
  type updateTenantRequestSchema,
  type ListQuery,
} from '@app/contracts';
import type { z } from 'zod';
import type { tenants } from '../../db/schema';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { PaymentProviderError } from '../../platform/providers/payment-provider';
import * as authPort from '../auth/auth.port';
import { writeInvitation } from '../auth/invitation-mail';
import * as platformBusinessPort from '../platform-businesses/platform-businesses.port';
import * as repo from './tenants.repository';
import { riskPolicyOf, seedPlatformRoles, withRiskPolicy } from './tenants.service';

type Fields = z.output<typeof updateTenantRequestSchema>;
type TenantInsert = typeof tenants.$inferInsert;

const SECRET_COLUMNS: Record<TenantSecretField, 'paymentProviderSecret' | 'paymentProviderWebhookSecret' | 'financingProviderSecret' | 'bankLinkSecret'> = {
  payment_provider_secret: 'paymentProviderSecret',
  payment_provider_webhook_secret: 'paymentProviderWebhookSecret',
  financing_provider_secret: 'financingProviderSecret',
  bank_link_secret: 'bankLinkSecret',
};

const blank = (value: string | null | undefined) => (value ? value : null);

/** '80.5' (a percent with at most 2 decimals, as the contract leaves it) → 8050 basis points. */
function basisPoints(percent: string | undefined): number | undefined {
  if (percent === undefined) return undefined;
  const [whole = '0', fraction = ''] = percent.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const percentOf = (bps: number) => normalizePercent(`${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}`);

/** The columns a request sets; secrets only when a new value (not empty, not the mask) was typed; the risk policy into `settings`. */
function columnsOf(input: Fields, seal: (plain: string) => string, settings: Record<string, string>): Partial<TenantInsert> {
  const columns: Partial<TenantInsert> = {
    name: input.name,
    pageTitle: blank(input.page_title),
    landingUrl: blank(input.landing_url),
    loginLogo: blank(input.login_logo),
    heading: blank(input.heading),
    description: blank(input.description),
    dashboardLogo: blank(input.dashboard_logo),
    themeColor: input.theme_color,
    font: blank(input.font),
    copyrightText: blank(input.copyright_text),
    supportEmail: blank(input.support_email),
    platformModel: blank(input.platform_model),
    paymentProviderKey: blank(input.payment_provider_key),
    paymentProviderAccountId: blank(input.payment_provider_account_id),
    platformFeePercent: input.platform_fee_percent,
    platformFeeFixed: input.platform_fee_fixed,
    financingProviderUrl: blank(input.financing_provider_url),
    financingProductIds: input.financing_product_ids.filter((id) => id !== ''),
    bankLinkClientId: blank(input.bank_link_client_id),
    bankLinkEnvironment: blank(input.bank_link_environment),
    cashAdvanceTitle: blank(input.cash_advance_title),
    cashAdvanceDescription: blank(input.cash_advance_description),
    tenancyDbName: blank(input.tenancy_db_name),
    partialPayments: input.partial_payments,
    estimatePayments: input.estimate_payments,
    allowBusinessSignup: input.allow_business_signup,
    forceCustomerSignup: input.force_customer_signup,
    userManagement: input.user_management,
    standalone: input.standalone,
    settings: withRiskPolicy(settings, {
      advanceRateBps: basisPoints(input.financing_advance_rate_percent),
      feePer30DaysBps: basisPoints(input.financing_fee_percent_per_30_days),
      maxExposurePerBusiness: input.financing_max_exposure_per_business,
      maxExposurePerCustomer: input.financing_max_exposure_per_customer,
      minPaidInvoices: input.financing_min_paid_invoices,
    }),
  };
  for (const field of tenantSecretFields) {
    const value = input[field];
    if (!isMaskedSecret(value) && value) columns[SECRET_COLUMNS[field]] = seal(value);
  }
  return columns;
}

function toSummary(row: repo.TenantRow, domains: string[]): TenantSummary {
  return { id: row.id, name: row.name, domains, is_landlord: row.isLandlord, page_title: row.pageTitle, created_at: row.createdAt.toISOString() };
}

/** What the landlord's audit log keeps of a tenant: secret columns by name only (audit redacts them). */
function auditView(row: repo.TenantRow, domains: string[]): Record<string, unknown> {
  const view: Record<string, unknown> = { ...row, domains };
  delete view.id;
  delete view.createdAt;
  return view;
}

/** Tenant management for the landlord's super admins. Tenant rows are written as the owner (outside RLS). */
export function createCentralTenantService(app: AppContext) {
  const open = (sealed: string | null): string | null => {
    if (!sealed) return null;
    try {
      return maskSecret(app.secretBox.open(sealed));
    } catch {
      return '****';
    }
  };

  function toResource(row: repo.TenantRow, domains: string[]): TenantResource {
    const policy = riskPolicyOf(row.settings);
    return {
      ...toSummary(row, domains),
      landing_url: row.landingUrl,
      login_logo: row.loginLogo,
      heading: row.heading,
      description: row.description,
      dashboard_logo: row.dashboardLogo,
      theme_color: row.themeColor,
      font: row.font,
      copyright_text: row.copyrightText,
      support_email: row.supportEmail,
      platform_model: row.platformModel,
      payment_provider_key: row.paymentProviderKey,
      payment_provider_secret: open(row.paymentProviderSecret),
      payment_provider_webhook_secret: open(row.paymentProviderWebhookSecret),
      payment_provider_account_id: row.paymentProviderAccountId,
      platform_fee_percent: normalizePercent(row.platformFeePercent),
      platform_fee_fixed: row.platformFeeFixed,
      financing_provider_url: row.financingProviderUrl,
      financing_provider_secret: open(row.financingProviderSecret),
      financing_product_ids: row.financingProductIds,
      bank_link_client_id: row.bankLinkClientId,
      bank_link_secret: open(row.bankLinkSecret),
      bank_link_environment: row.bankLinkEnvironment,
      cash_advance_title: row.cashAdvanceTitle,
      cash_advance_description: row.cashAdvanceDescription,
      tenancy_db_name: row.tenancyDbName,
      partial_payments: row.partialPayments,
      estimate_payments: row.estimatePayments,
      allow_business_signup: row.allowBusinessSignup,
      force_customer_signup: row.forceCustomerSignup,
      user_management: row.userManagement,
      standalone: row.standalone,
      financing_advance_rate_percent: percentOf(policy.advanceRateBps),
      financing_fee_percent_per_30_days: percentOf(policy.feePer30DaysBps),
      financing_max_exposure_per_business: policy.maxExposurePerBusiness,
      financing_max_exposure_per_customer: policy.maxExposurePerCustomer,
      financing_min_paid_invoices: policy.minPaidInvoices,
    };
  }

  async function load(id: string) {
    const found = await repo.findTenant(app.db, id);
    if (!found) throw AppError.notFound();
    return found;
  }

  /**
   * A new payment-provider secret is tried with a real call before anything is stored: a key the
   * provider refuses (or cannot be checked) answers 422 on the secret field with the spec's message.
   * A masked or empty secret keeps the stored one, which was checked when it was saved.
   */
  async function assertProviderKeyWorks(input: Fields): Promise<void> {
    const secretKey = input.payment_provider_secret;
    if (!secretKey || isMaskedSecret(secretKey)) return;
    try {
      await app.paymentProviders({ secretKey, accountId: blank(input.payment_provider_account_id) }).verifyCredentials();
    } catch (error) {
      if (error instanceof PaymentProviderError) throw AppError.validation('payment_provider_secret', messages.invalidProviderKey);
      throw error;
    }
  }

  async function assertDomainsFree(domains: string[], exceptTenantId: string | null): Promise<void> {
    const taken = await repo.takenDomains(app.db, domains, exceptTenantId);
    if (taken.length > 0) throw AppError.validation('domains', messages.domainTaken);
  }

  return {
    async list(query: ListQuery) {
      const pattern = query.search?.trim() ? platformBusinessPort.likePattern(query.search.trim()) : null;
      const rows = await repo.listTenants(app.db, pattern, Math.max(query.page - 1, 0) * query.limit, query.limit);
      const total = await repo.countTenantsMatching(app.db, pattern);
      return { data: rows.map((r) => toSummary(r.tenant, r.domains)), meta: { ...listMeta(query.page, query.limit, total), tenant_total_count: total } };
    },

    async get(id: string): Promise<TenantResource> {
      const found = await load(id);
      return toResource(found.tenant, found.domains);
    },

    /**
     * The tenant, its domains (in the order entered), its platform roles and its first super admin
     * (invited by mail, the link on the new tenant's public origin: its first domain) in one
     * transaction, with the audit row in the landlord's log.
     */
    async create(actor: AuditActor, input: z.output<typeof createTenantRequestSchema>): Promise<TenantResource> {
      const [primaryDomain] = input.domains;
      if (!primaryDomain) throw AppError.validation('domains', messages.required);
      await assertDomainsFree(input.domains, null);
      await assertProviderKeyWorks(input);
      const tenantId = newId();
      const mailId = await app.db.transaction(async (tx) => {
        await repo.insertTenantInTx(tx, { id: tenantId, ...columnsOf(input, (plain) => app.secretBox.seal(plain), {}), name: input.name, isLandlord: false }, input.domains);
        const created = await repo.findTenant(tx, tenantId);
        await repo.actAsTenant(tx, tenantId);
        const superAdmin = await seedPlatformRoles(tx, tenantId);
        const admin = await authPort.insertUser(tx, {
          tenantId,
          id: newId(),
          name: input.admin_email.split('@')[0] || 'Super Admin',
          email: input.admin_email,
          isPlatformUser: true,
          platformRoleId: superAdmin.id,
          status: 'invited',
        });
        const id = await writeInvitation(app, tx, {
          tenantId,
          userId: admin.id,
          email: admin.email,
          businessId: null,
          origin: app.tenants.publicOrigin(primaryDomain),
          subject: `You are invited to administer ${input.name}`,
          line: `You have been invited as the first administrator of ${input.name}.`,
        });
        await repo.actAsTenant(tx, actor.tenantId);
        if (created) await recordAudit(tx, actor, { model: 'tenant', modelId: tenantId, action: 'created', after: auditView(created.tenant, created.domains) });
        return id;
      });
      app.tenants.forget();
      await app.outbox.dispatch(tenantId, mailId);
      return this.get(tenantId);
    },

    async update(actor: AuditActor, id: string, input: Fields): Promise<TenantResource> {
      const before = await load(id);
      await assertDomainsFree(input.domains, id);
      await assertProviderKeyWorks(input);
      await app.db.transaction(async (tx) => {
        await repo.updateTenant(tx, id, columnsOf(input, (plain) => app.secretBox.seal(plain), before.tenant.settings), input.domains);
        const after = await repo.findTenant(tx, id);
        await repo.actAsTenant(tx, actor.tenantId);
        if (after) await recordAudit(tx, actor, { model: 'tenant', modelId: id, action: 'updated', before: auditView(before.tenant, before.domains), after: auditView(after.tenant, after.domains) });
      });
      app.tenants.forget();
      return this.get(id);
    },

    async businesses(id: string, query: ListQuery) {
      await load(id);
      return inTenant(app.db, id, async (tx) => {
        const filter = { status: 'all' as const, search: query.search };
        const rows = await platformBusinessPort.listBusinesses(tx, id, filter, { field: 'name', direction: 'asc' }, Math.max(query.page - 1, 0) * query.limit, query.limit);
        const total = await platformBusinessPort.countBusinesses(tx, id, filter);
        const data: TenantBusiness[] = rows.map(({ business }) => ({
          id: business.id,
          name: business.name,
          slug: business.slug,
          email: business.email,
          disabled: business.disabledAt !== null,
          created_at: business.createdAt.toISOString(),
        }));
        return { data, meta: { ...listMeta(query.page, query.limit, total), business_total_count: total } };
      });
    },
  };
}

export type CentralTenantService = ReturnType<typeof createCentralTenantService>;
