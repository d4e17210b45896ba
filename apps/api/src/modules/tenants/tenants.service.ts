import { seededPlatformRoles } from '@app/contracts';
import { DEFAULT_RISK_POLICY, type PlatformFee, type RiskPolicy } from '@app/domain';
import type { AppDb, Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { newId } from '../../platform/crypto';
import { hashPassword } from '../../platform/passwords';
import type { BankLinkCredentials } from '../../platform/providers/bank-link-provider';
import type { FinancingProviderCredentials } from '../../platform/providers/financing-provider';
import type { PaymentProviderCredentials } from '../../platform/providers/payment-provider';
import * as authPort from '../auth/auth.port';
import * as repo from './tenants.repository';

export type NewTenant = { name: string; domains: string[]; isLandlord?: boolean; adminEmail: string; adminPassword: string; adminName?: string };

/** The tenant's platform roles; returns the super admin role. Runs in the tenant's transaction. */
export async function seedPlatformRoles(tx: Tx, tenantId: string) {
  const created = await repo.insertPlatformRoles(
    tx,
    Object.entries(seededPlatformRoles).map(([name, role]) => ({
      tenantId,
      id: newId(),
      businessId: null,
      scope: 'platform' as const,
      name,
      description: role.description,
      abilities: [...role.abilities],
      isSystem: name === 'super admin',
    })),
  );
  const superAdmin = created.find((r) => r.name === 'super admin');
  if (!superAdmin) throw new Error('Super admin role was not seeded');
  return superAdmin;
}

/** A tenant with its domains, its platform roles and a first super admin who can sign in at once. */
export async function createTenant(app: AppContext, input: NewTenant): Promise<{ tenantId: string; adminUserId: string }> {
  const tenantId = newId();
  await repo.insertTenant(app.db, { id: tenantId, name: input.name, isLandlord: input.isLandlord ?? false, pageTitle: input.name }, input.domains.map((d) => d.toLowerCase()));
  const passwordHash = await hashPassword(input.adminPassword);
  const adminUserId = await inTenant(app.db, tenantId, async (tx) => {
    const superAdmin = await seedPlatformRoles(tx, tenantId);
    const user = await authPort.insertUser(tx, {
      tenantId,
      id: newId(),
      name: input.adminName ?? 'Super Admin',
      email: input.adminEmail.toLowerCase(),
      passwordHash,
      isPlatformUser: true,
      platformRoleId: superAdmin.id,
      status: 'active',
      emailVerifiedAt: app.clock.now(),
    });
    return user.id;
  });
  app.tenants.forget();
  return { tenantId, adminUserId };
}

/** A tenant's payment-provider settings with its secrets opened: for building its provider client and checking its webhooks, never for answers or logs. */
export type PaymentProviderSettings = {
  credentials: PaymentProviderCredentials;
  /** The publishable key (`pk_…`). */
  publishableKey: string;
  /** The signing secret of the provider's webhook endpoint (`whsec_…`), null when none is configured. */
  webhookSecret: string | null;
};

/** The tenant's payment provider, or null when it has none (payouts are then "not available"). */
export async function paymentProviderSettings(app: AppContext, tenantId: string, db: AppDb = app.db): Promise<PaymentProviderSettings | null> {
  const row = await repo.findPaymentProviderColumns(db, tenantId);
  if (!row?.key || !row.secret) return null;
  return {
    credentials: { secretKey: app.secretBox.open(row.secret), accountId: row.accountId },
    publishableKey: row.key,
    webhookSecret: row.webhookSecret ? app.secretBox.open(row.webhookSecret) : null,
  };
}

/**
 * The tenant's HTTP lender (url, API key opened, product UUIDs in the spec's order: factoring, BNPL,
 * drawdown), or null when the url, the key or the first two products are missing: the tenant then
 * lends through the platform lender, and refuses lender webhooks.
 */
export async function financingProviderCredentials(app: AppContext, tenantId: string, db: AppDb = app.db): Promise<FinancingProviderCredentials | null> {
  const row = await repo.findFinancingProviderColumns(db, tenantId);
  const [factoring, bnpl, drawdown] = row?.productIds ?? [];
  if (!row?.url || !row.secret || !factoring || !bnpl) return null;
  return { baseUrl: row.url, apiKey: app.secretBox.open(row.secret), productIds: { factoring, bnpl, drawdown: drawdown || null } };
}

/** The tenant's bank-link provider keys with the secret opened, or null when it has none (payers then type their bank's numbers). */
export async function bankLinkCredentials(app: AppContext, tenantId: string, db: AppDb = app.db): Promise<BankLinkCredentials | null> {
  const row = await repo.findBankLinkColumns(db, tenantId);
  const environment = row?.environment;
  if (!row?.clientId || !row.secret || (environment !== 'sandbox' && environment !== 'development' && environment !== 'production')) return null;
  return { clientId: row.clientId, secret: app.secretBox.open(row.secret), environment };
}

/** What the tenant's settings say about online payments: whether a payer may pay part of an invoice, whether estimates take deposits, and the platform's fee (spec section 3, Tenant). */
export type OnlinePaymentRules = { partialPayments: boolean; estimatePayments: boolean; fee: PlatformFee };

export async function onlinePaymentRules(db: AppDb, tenantId: string): Promise<OnlinePaymentRules> {
  const row = await repo.findOnlinePaymentColumns(db, tenantId);
  if (!row) throw new Error(`Tenant ${tenantId} does not exist`);
  return { partialPayments: row.partialPayments, estimatePayments: row.estimatePayments, fee: { percent: row.platformFeePercent, fixed: row.platformFeeFixed } };
}

/**
 * The platform lender's risk policy (docs/design-notes.md, "The platform lender's offer rule"),
 * read from the tenant's settings JSON under these keys, as text; a key left out takes its
 * default (`DEFAULT_RISK_POLICY`). The tenant form (landlord → tenants) writes them.
 */
export const riskPolicySettingKeys = {
  advanceRateBps: 'financing_advance_rate_bps',
  feePer30DaysBps: 'financing_fee_bps_per_30_days',
  maxExposurePerBusiness: 'financing_max_exposure_per_business',
  maxExposurePerCustomer: 'financing_max_exposure_per_customer',
  minPaidInvoices: 'financing_min_paid_invoices',
} as const satisfies Record<keyof RiskPolicy, string>;

const RISK_POLICY_FIELDS = ['advanceRateBps', 'feePer30DaysBps', 'maxExposurePerBusiness', 'maxExposurePerCustomer', 'minPaidInvoices'] as const satisfies readonly (keyof RiskPolicy)[];

function settingInteger(settings: Record<string, string>, key: string, fallback: number): number {
  const raw = settings[key];
  const value = raw === undefined || !/^\d{1,16}$/.test(raw) ? Number.NaN : Number(raw);
  return Number.isSafeInteger(value) ? value : fallback;
}

/** The risk policy a tenant's settings JSON holds (a value left out or unreadable takes its default). */
export function riskPolicyOf(settings: Record<string, string>): RiskPolicy {
  return {
    advanceRateBps: Math.min(settingInteger(settings, riskPolicySettingKeys.advanceRateBps, DEFAULT_RISK_POLICY.advanceRateBps), 10_000),
    feePer30DaysBps: settingInteger(settings, riskPolicySettingKeys.feePer30DaysBps, DEFAULT_RISK_POLICY.feePer30DaysBps),
    maxExposurePerBusiness: settingInteger(settings, riskPolicySettingKeys.maxExposurePerBusiness, DEFAULT_RISK_POLICY.maxExposurePerBusiness),
    maxExposurePerCustomer: settingInteger(settings, riskPolicySettingKeys.maxExposurePerCustomer, DEFAULT_RISK_POLICY.maxExposurePerCustomer),
    minPaidInvoices: settingInteger(settings, riskPolicySettingKeys.minPaidInvoices, DEFAULT_RISK_POLICY.minPaidInvoices),
  };
}

/** The settings JSON with `changes` of the policy written in (stored as text, as every tenant setting). */
export function withRiskPolicy(settings: Record<string, string>, changes: Partial<RiskPolicy>): Record<string, string> {
  const next = { ...settings };
  for (const field of RISK_POLICY_FIELDS) {
    const value = changes[field];
    if (value !== undefined) next[riskPolicySettingKeys[field]] = String(value);
  }
  return next;
}

/** The tenant's lender: its financing provider URL (the HTTP lender) when set, and the platform lender's policy. */
export type FinancingSettings = { providerUrl: string | null; riskPolicy: RiskPolicy };

export async function financingSettings(db: AppDb, tenantId: string): Promise<FinancingSettings> {
  const row = await repo.findFinancingColumns(db, tenantId);
  if (!row) throw new Error(`Tenant ${tenantId} does not exist`);
  return { providerUrl: row.providerUrl, riskPolicy: riskPolicyOf(row.settings) };
}

/**
 * The demo's in-process providers (platform/demo-providers.ts) as the tenant's, when it has none of
 * its own; with them, the demo's platform fee, so a demo payment shows the fee it pays.
 */
export async function connectDemoProviders(
  app: AppContext,
  tenantId: string,
  keys: { stripe: { secretKey: string; publishableKey: string; webhookSecret: string }; plaid: { clientId: string; secret: string } },
  platformFee: { percent: string; fixed: number } = { percent: '0', fixed: 0 },
): Promise<void> {
  const connected = await repo.setProvidersWhereUnset(app.db, tenantId, {
    paymentProviderKey: keys.stripe.publishableKey,
    paymentProviderSecret: app.secretBox.seal(keys.stripe.secretKey),
    paymentProviderWebhookSecret: app.secretBox.seal(keys.stripe.webhookSecret),
    bankLinkClientId: keys.plaid.clientId,
    bankLinkSecret: app.secretBox.seal(keys.plaid.secret),
    bankLinkEnvironment: 'sandbox',
    platformFeePercent: platformFee.percent,
    platformFeeFixed: platformFee.fixed,
  });
  if (connected) app.tenants.forget();
}

export { countTenants, findLandlord, listTenants } from './tenants.repository';
