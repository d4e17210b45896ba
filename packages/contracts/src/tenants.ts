import { z } from 'zod';
import { countedListPageResponse, emailSchema, hexColorSchema, listQuerySchema, optionalText255 } from './common';
import { INT4_MAX, coercedInteger, listOf, text } from './fields';
import { MAX_MINOR_UNITS } from './money';
import { sharedMessages as messages } from './shared-messages';
import { percentTextSchema } from './tax-types';
import { optionalUrlSchema } from './url';

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const domainSchema = text({ error: messages.required })
  .trim()
  .toLowerCase()
  .min(1, { message: messages.required, abort: true })
  .regex(HOSTNAME, messages.invalidDomain);

/** Write-only secrets: empty or the masked value (contains ****) keeps what is stored. */
const secretInput = text().trim().max(500).nullish();
const optionalLong = text().trim().max(2000).nullish();

/** A percent from 0 to 100 with at most 2 decimals, so a whole number of basis points (the risk policy's rates). */
function basisPointPercentSchema(invalid: string) {
  return percentTextSchema(invalid).refine((percent) => /^\d{1,3}(\.\d{1,2})?$/.test(percent), invalid);
}

export const MAX_MIN_PAID_INVOICES = 1000;


export const tenantFieldsSchema = z.object({
  name: text({ error: messages.required }).trim().min(1, messages.required).max(255, messages.maxLength255),
  domains: listOf(domainSchema, { min: 1, max: 10 })
    .refine((list) => new Set(list).size === list.length, messages.domainTaken),
  page_title: optionalText255,
  landing_url: optionalUrlSchema,
  login_logo: optionalUrlSchema,
  heading: optionalText255,
  description: optionalLong,
  dashboard_logo: optionalUrlSchema,
  theme_color: hexColorSchema.default('#4f46e5'),
  font: optionalText255,
  copyright_text: optionalText255,
  support_email: emailSchema.nullish().or(z.literal('')),
  platform_model: optionalText255,
  payment_provider_key: optionalText255,
  payment_provider_secret: secretInput,
  payment_provider_webhook_secret: secretInput,
  payment_provider_account_id: optionalText255,
  /** The platform's application fee on every online payment: a percent plus fixed minor units, none by default. */
  platform_fee_percent: percentTextSchema(messages.invalidPlatformFeePercent).default('0'),
  platform_fee_fixed: coercedInteger({ min: 0, max: INT4_MAX, message: messages.invalidPlatformFeeFixed }).default(0),
  financing_provider_url: optionalUrlSchema,
  financing_provider_secret: secretInput,
  financing_product_ids: listOf(text().trim().uuid(messages.invalidUuid).or(z.literal('')), { max: 3 }).default([]),
  bank_link_client_id: optionalText255,
  bank_link_secret: secretInput,
  bank_link_environment: optionalText255,
  cash_advance_title: optionalText255,
  cash_advance_description: optionalLong,
  tenancy_db_name: optionalText255,
  partial_payments: z.boolean().default(true),
  estimate_payments: z.boolean().default(false),
  allow_business_signup: z.boolean().default(true),
  force_customer_signup: z.boolean().default(false),
  user_management: z.boolean().default(true),
  standalone: z.boolean().default(false),
  /**
   * The platform lender's risk policy (docs/design-notes.md, "The platform lender's offer rule"),
   * kept in the tenant's settings: the share of the amount due advanced and the fee per started 30
   * days (percents), the principal outstanding allowed per borrowing business and on one paying
   * customer's invoices (minor units of the invoice's currency), and the paid invoices the payer
   * must have. Left out of a request, the stored value stays.
   */
  financing_advance_rate_percent: basisPointPercentSchema(messages.invalidAdvanceRate).optional(),
  financing_fee_percent_per_30_days: basisPointPercentSchema(messages.invalidFinancingFeeRate).optional(),
  financing_max_exposure_per_business: coercedInteger({ max: MAX_MINOR_UNITS, message: messages.invalidExposureLimit }).optional(),
  financing_max_exposure_per_customer: coercedInteger({ max: MAX_MINOR_UNITS, message: messages.invalidExposureLimit }).optional(),
  financing_min_paid_invoices: coercedInteger({ max: MAX_MIN_PAID_INVOICES, message: messages.invalidMinPaidInvoices }).optional(),
});

export const createTenantRequestSchema = tenantFieldsSchema.extend({ admin_email: emailSchema });
export type CreateTenantRequest = z.input<typeof createTenantRequestSchema>;
export const updateTenantRequestSchema = tenantFieldsSchema;
export type UpdateTenantRequest = z.input<typeof updateTenantRequestSchema>;
/** The one form for create and edit: the admin email is required where it is shown (create). */
export const tenantFormSchema = tenantFieldsSchema.extend({ admin_email: emailSchema.optional() });
export type TenantFormValues = z.input<typeof tenantFormSchema>;

export const tenantSecretFields = ['payment_provider_secret', 'payment_provider_webhook_secret', 'financing_provider_secret', 'bank_link_secret'] as const;
export type TenantSecretField = (typeof tenantSecretFields)[number];

export const MASK = '****';

export function isMaskedSecret(value: string | null | undefined): boolean {
  return !value || value.includes(MASK);
}

/** `sk_live_****1234`: a recognisable prefix and the last 4 characters, never more. */
export function maskSecret(plain: string): string {
  const prefix = /^[A-Za-z]{2,6}_(?:(?:live|test)_)?/.exec(plain)?.[0] ?? '';
  const rest = plain.slice(prefix.length);
  return rest.length >= 12 ? `${prefix}${MASK}${rest.slice(-4)}` : MASK;
}

export const tenantsQuerySchema = listQuerySchema;

export const tenantSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  domains: z.array(z.string()),
  is_landlord: z.boolean(),
  page_title: z.string().nullable(),
  created_at: z.string(),
});
export type TenantSummary = z.infer<typeof tenantSummarySchema>;
export const tenantListResponseSchema = countedListPageResponse(tenantSummarySchema, { tenant_total_count: z.number() });

const masked = z.string().nullable();

export const tenantResourceSchema = tenantSummarySchema.extend({
  landing_url: z.string().nullable(),
  login_logo: z.string().nullable(),
  heading: z.string().nullable(),
  description: z.string().nullable(),
  dashboard_logo: z.string().nullable(),
  theme_color: z.string(),
  font: z.string().nullable(),
  copyright_text: z.string().nullable(),
  support_email: z.string().nullable(),
  platform_model: z.string().nullable(),
  payment_provider_key: z.string().nullable(),
  payment_provider_secret: masked,
  payment_provider_webhook_secret: masked,
  payment_provider_account_id: z.string().nullable(),
  platform_fee_percent: z.string(),
  platform_fee_fixed: z.number(),
  financing_provider_url: z.string().nullable(),
  financing_provider_secret: masked,
  financing_product_ids: z.array(z.string()),
  bank_link_client_id: z.string().nullable(),
  bank_link_secret: masked,
  bank_link_environment: z.string().nullable(),
  cash_advance_title: z.string().nullable(),
  cash_advance_description: z.string().nullable(),
  tenancy_db_name: z.string().nullable(),
  partial_payments: z.boolean(),
  estimate_payments: z.boolean(),
  allow_business_signup: z.boolean(),
  force_customer_signup: z.boolean(),
  user_management: z.boolean(),
  standalone: z.boolean(),
  /** The risk policy in force: what is stored, or the default of a value never set. */
  financing_advance_rate_percent: z.string(),
  financing_fee_percent_per_30_days: z.string(),
  financing_max_exposure_per_business: z.number(),
  financing_max_exposure_per_customer: z.number(),
  financing_min_paid_invoices: z.number(),
});
export type TenantResource = z.infer<typeof tenantResourceSchema>;

export const tenantBusinessSchema = z.object({ id: z.string(), name: z.string(), slug: z.string(), email: z.string().nullable(), disabled: z.boolean(), created_at: z.string() });
export type TenantBusiness = z.infer<typeof tenantBusinessSchema>;
export const tenantBusinessListResponseSchema = countedListPageResponse(tenantBusinessSchema, { business_total_count: z.number() });

/** The tenant's security settings (admin → settings), edited by a holder of edit-platform-setting. */
export const PERSONAL_TOKEN_MAX_DAYS_DEFAULT = 365;
export const securitySettingsSchema = z.object({
  personal_token_max_days: coercedInteger({ min: 1, max: 3650, message: messages.tokenLifetimeRange }),
});
export type SecuritySettings = z.output<typeof securitySettingsSchema>;
export type SecuritySettingsInput = z.input<typeof securitySettingsSchema>;
