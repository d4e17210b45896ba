import { z } from 'zod';
import { businessTypes } from './auth';
import { businessResourceSchema, businessSettingsResourceSchema, companySummarySchema } from './business';
import { userResourceSchema, userSettingsResourceSchema } from './account';
import { tenantBrandingSchema, tenantSwitchesSchema } from './tenant-config';
import { planFeatures } from './plans';

export const menuItemSchema = z.object({
  title: z.string(),
  link: z.string(),
  icon: z.string(),
  ability: z.string().nullable(),
  group: z.string(),
  /** The plan feature the screen needs (contracts/plans.ts). */
  feature: z.enum(planFeatures).optional(),
  /** In the bootstrap answer: the cheapest plan with that feature when the business's plan lacks it, else null. */
  required_plan: z.string().nullable().optional(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const currencySchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  precision: z.number(),
  thousand_separator: z.string(),
  decimal_separator: z.string(),
  swap_currency_symbol: z.boolean(),
});
export const countrySchema = z.object({ id: z.number(), code: z.string(), name: z.string(), phonecode: z.string() });
const keyValueSchema = z.object({ key: z.string(), value: z.string() });

/** The tenant-wide settings the signed-in client acts on (bootstrap's global_settings). */
export const globalSettingsSchema = z.object({
  /** False when neither the tenant nor the server has a mail server: mail then waits in the outbox. */
  mail_configured: z.boolean(),
  /** Where users of this tenant write for help (the tenant form's support mail address). */
  support_email: z.string().nullable(),
  /** The tenant's landing page, for a link back from the app. */
  landing_url: z.string().nullable(),
});
export type GlobalSettings = z.infer<typeof globalSettingsSchema>;

/** Spec section 4: CONNECTED marks a connected outside service. */
export const connectionStatuses = ['CONNECTED', 'NOT_CONNECTED'] as const;
/** The outside services the tenant has set up (the tenant form's provider sections): features that need one are offered only when it is CONNECTED. */
export const connectionsSchema = z.object({
  payment_provider: z.enum(connectionStatuses),
  financing_provider: z.enum(connectionStatuses),
  bank_link: z.enum(connectionStatuses),
});
export type Connections = z.infer<typeof connectionsSchema>;

export const bootstrapResponseSchema = z.object({
  main_menu: z.array(menuItemSchema),
  setting_menu: z.array(menuItemSchema),
  config: z.object({ app_name: z.string(), tenant: tenantBrandingSchema, switches: tenantSwitchesSchema }),
  global_settings: globalSettingsSchema,
  time_zones: z.array(keyValueSchema).readonly(),
  current_user: userResourceSchema,
  current_user_settings: userSettingsResourceSchema,
  current_user_abilities: z.array(z.string()),
  current_user_platform_abilities: z.array(z.string()),
  current_business: businessResourceSchema.nullable(),
  current_business_settings: businessSettingsResourceSchema,
  current_business_currency: currencySchema.nullable(),
  companies: z.array(companySummarySchema),
  connections: connectionsSchema,
  payment_provider_public_key: z.string().nullable(),
  financing_account_id: z.string().nullable(),
  incoming_invoice_count: z.number(),
  outgoing_invoice_count: z.number(),
});
export type BootstrapResponse = z.infer<typeof bootstrapResponseSchema>;

/** The reference lists of the business forms. */
export const appConfigResponseSchema = z.object({
  types: z.array(z.enum(businessTypes)).readonly(),
  languages: z.array(z.object({ code: z.string(), name: z.string() })).readonly(),
  fiscal_years: z.array(keyValueSchema).readonly(),
  date_formats: z.array(z.object({ display_date: z.string(), carbon_format_value: z.string(), moment_format_value: z.string() })).readonly(),
});
export const currencyListResponseSchema = z.object({ data: z.array(currencySchema).readonly() });
export const countryListResponseSchema = z.object({ data: z.array(countrySchema).readonly() });
