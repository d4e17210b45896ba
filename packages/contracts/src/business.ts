import { z } from 'zod';
import { postalAddressResourceSchema, postalAddressSchema } from './address';
import { businessStructures, businessTypes } from './auth';
import { languageSchema } from './account';
import { emailSchema, nameSchema, optionalText255, phoneSchema, slugSchema } from './common';
import { coercedInteger, pageSchema, pageSizeSchema, referenceIdSchema, text } from './fields';
import { sharedMessages as messages } from './shared-messages';
import { dateFormats, fiscalYears } from './reference/date-formats';
import { isValidTimeZone } from './reference/time-zones';
import { optionalUrlSchema } from './url';

export const businessResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  logo: z.string().nullable(),
  business_type: z.enum(businessTypes),
  business_structure: z.enum(businessStructures),
  is_customer: z.boolean(),
  is_vendor: z.boolean(),
  currency_id: z.number(),
  contact_first_name: z.string().nullable(),
  contact_last_name: z.string().nullable(),
  website: z.string().nullable(),
  billing_address: postalAddressResourceSchema.nullable(),
  shipping_address: postalAddressResourceSchema.nullable(),
  disabled: z.boolean(),
  created_at: z.string(),
});
export type BusinessResource = z.infer<typeof businessResourceSchema>;

/** The fields without creation defaults: a partial update must leave what it omits untouched. */
const businessFieldRules = z.object({
  name: nameSchema,
  email: emailSchema.nullish().or(z.literal('')),
  phone: phoneSchema.nullish().or(z.literal('')),
  slug: slugSchema.optional(),
  business_type: z.enum(businessTypes),
  business_structure: z.enum(businessStructures),
  is_customer: z.boolean(),
  is_vendor: z.boolean(),
  currency_id: referenceIdSchema,
  contact_first_name: optionalText255,
  contact_last_name: optionalText255,
  website: optionalUrlSchema,
});
export const businessFieldsSchema = businessFieldRules.extend({
  business_type: businessFieldRules.shape.business_type.default('company'),
  business_structure: businessFieldRules.shape.business_structure.default('private_corporation'),
  is_customer: businessFieldRules.shape.is_customer.default(true),
  is_vendor: businessFieldRules.shape.is_vendor.default(true),
  currency_id: businessFieldRules.shape.currency_id.default(1),
});
export const createBusinessRequestSchema = businessFieldsSchema;
export type CreateBusinessRequest = z.input<typeof createBusinessRequestSchema>;
/** Addresses are set here, not at creation; null (or an all-blank address) clears one. */
export const updateBusinessRequestSchema = businessFieldRules.partial().extend({
  name: nameSchema,
  billing_address: postalAddressSchema.nullish(),
  shipping_address: postalAddressSchema.nullish(),
});
export type UpdateBusinessRequest = z.input<typeof updateBusinessRequestSchema>;
/** Settings → address information: the two addresses alone (a standalone tenant has no business information page). */
export const updateBusinessAddressesRequestSchema = updateBusinessRequestSchema.pick({ billing_address: true, shipping_address: true });
export type UpdateBusinessAddressesRequest = z.input<typeof updateBusinessAddressesRequestSchema>;
export type UpdateBusinessFields = z.output<typeof updateBusinessRequestSchema>;

export const companySummarySchema = z.object({ id: z.string(), name: z.string(), slug: z.string(), logo: z.string().nullable(), role: z.string() });
export type CompanySummary = z.infer<typeof companySummarySchema>;
export const companiesQuerySchema = z.object({ page: pageSchema, limit: pageSizeSchema(10, 100) });

export const retrospectiveEditOptions = ['allow', 'disable_on_invoice_sent', 'disable_on_invoice_partial_paid', 'disable_on_invoice_paid'] as const;
export const estimateConvertActions = ['no_action', 'delete_estimate', 'mark_estimate_as_approved'] as const;

const settingDays = (min: number) => coercedInteger({ min, max: 365 });
const numberFormatSchema = text().max(200);

/**
 * Each setting with every check that needs no more than the contracts: the reference lists and
 * the runtime's time zones. The numbering formats are checked by the domain's numbering rules
 * (packages/domain business-settings.ts), which also read stored settings one by one.
 */
export const businessSettingsSchema = z.object({
  // Preferences
  time_zone: text().max(64, messages.invalidTimeZone).refine(isValidTimeZone, messages.invalidTimeZone).optional(),
  language: languageSchema.optional(),
  date_format: text().refine((format) => dateFormats.some((option) => option.carbon_format_value === format), messages.invalidDateFormat).optional(),
  fiscal_year: text().refine((year) => fiscalYears.some((option) => option.value === year), messages.invalidFiscalYear).optional(),
  tax_per_item_enabled: z.boolean().optional(),
  discount_per_item_enabled: z.boolean().optional(),
  link_expiry_enabled: z.boolean().optional(),
  link_expiry_days: settingDays(1).optional(),
  // Customization: numbering.
  invoice_number_format: numberFormatSchema.optional(),
  estimate_number_format: numberFormatSchema.optional(),
  payment_number_format: numberFormatSchema.optional(),
  invoice_number_yearly_reset: z.boolean().optional(),
  estimate_number_yearly_reset: z.boolean().optional(),
  payment_number_yearly_reset: z.boolean().optional(),
  // Customization: invoices
  invoice_set_due_date_automatically: z.boolean().optional(),
  invoice_due_date_days: settingDays(0).optional(),
  invoice_email_subject: text().max(100, messages.subjectTooLong).optional(),
  invoice_email_body: text().max(65000, messages.notesTooLong).optional(),
  invoice_company_address_format: text().max(2000).optional(),
  invoice_billing_address_format: text().max(2000).optional(),
  invoice_shipping_address_format: text().max(2000).optional(),
  invoice_send_as_attachment: z.boolean().optional(),
  retrospective_edits: z.enum(retrospectiveEditOptions).optional(),
  // Customization: estimates
  estimate_set_expiry_date_automatically: z.boolean().optional(),
  estimate_expiry_date_days: settingDays(0).optional(),
  estimate_email_subject: text().max(100, messages.subjectTooLong).optional(),
  estimate_email_body: text().max(65000, messages.notesTooLong).optional(),
  estimate_convert_action: z.enum(estimateConvertActions).optional(),
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;
export const updateBusinessSettingsRequestSchema = z.object({ settings: businessSettingsSchema });

/** The settings as stored, on the way out: the same fields, not checked again. */
export const businessSettingsResourceSchema = z.object({
  time_zone: z.string().optional(),
  language: z.string().optional(),
  date_format: z.string().optional(),
  fiscal_year: z.string().optional(),
  tax_per_item_enabled: z.boolean().optional(),
  discount_per_item_enabled: z.boolean().optional(),
  link_expiry_enabled: z.boolean().optional(),
  link_expiry_days: z.number().optional(),
  invoice_number_format: z.string().optional(),
  estimate_number_format: z.string().optional(),
  payment_number_format: z.string().optional(),
  invoice_number_yearly_reset: z.boolean().optional(),
  estimate_number_yearly_reset: z.boolean().optional(),
  payment_number_yearly_reset: z.boolean().optional(),
  invoice_set_due_date_automatically: z.boolean().optional(),
  invoice_due_date_days: z.number().optional(),
  invoice_email_subject: z.string().optional(),
  invoice_email_body: z.string().optional(),
  invoice_company_address_format: z.string().optional(),
  invoice_billing_address_format: z.string().optional(),
  invoice_shipping_address_format: z.string().optional(),
  invoice_send_as_attachment: z.boolean().optional(),
  retrospective_edits: z.enum(retrospectiveEditOptions).optional(),
  estimate_set_expiry_date_automatically: z.boolean().optional(),
  estimate_expiry_date_days: z.number().optional(),
  estimate_email_subject: z.string().optional(),
  estimate_email_body: z.string().optional(),
  estimate_convert_action: z.enum(estimateConvertActions).optional(),
});
export const updateBusinessSettingsResponseSchema = z.object({ success: z.boolean(), settings: businessSettingsResourceSchema });

/** Every setting with its value when the business never set it. Placeholders in mail texts: {business}, {customer}, {number}, {amount}, {due_date}, {link}. */
export const businessSettingDefaults: Required<BusinessSettings> = {
  time_zone: 'UTC',
  language: 'en',
  date_format: 'd M Y',
  fiscal_year: '1-12',
  tax_per_item_enabled: false,
  discount_per_item_enabled: false,
  link_expiry_enabled: false,
  link_expiry_days: 30,
  invoice_number_format: '{{SERIES:INV}}{{DELIMITER:-}}{{SEQUENCE:6}}',
  estimate_number_format: '{{SERIES:EST}}{{DELIMITER:-}}{{SEQUENCE:6}}',
  payment_number_format: '{{SERIES:PAY}}{{DELIMITER:-}}{{SEQUENCE:6}}',
  invoice_number_yearly_reset: false,
  estimate_number_yearly_reset: false,
  payment_number_yearly_reset: false,
  invoice_set_due_date_automatically: true,
  invoice_due_date_days: 30,
  invoice_email_subject: 'You have received a new invoice from {business}',
  invoice_email_body: 'Dear {customer},\n\nPlease find invoice {number} for {amount}, due {due_date}.\n\nView it online: {link}\n\nThank you,\n{business}',
  invoice_company_address_format: '{name}\n{address_street_1}\n{address_street_2}\n{city}, {state} {zip}\n{country}\n{phone}',
  invoice_billing_address_format: '{name}\n{address_street_1}\n{address_street_2}\n{city}, {state} {zip}\n{country}\n{phone}',
  invoice_shipping_address_format: '{name}\n{address_street_1}\n{address_street_2}\n{city}, {state} {zip}\n{country}\n{phone}',
  invoice_send_as_attachment: false,
  retrospective_edits: 'allow',
  estimate_set_expiry_date_automatically: true,
  estimate_expiry_date_days: 30,
  estimate_email_subject: 'You have received a new estimate from {business}',
  estimate_email_body: 'Dear {customer},\n\nPlease find estimate {number} for {amount}, valid until {expiry_date}.\n\nView it online: {link}\n\nThank you,\n{business}',
  estimate_convert_action: 'no_action',
};

export type ResolvedBusinessSettings = Required<BusinessSettings>;

export function resolveBusinessSettings(settings: BusinessSettings): ResolvedBusinessSettings {
  const resolved: ResolvedBusinessSettings = { ...businessSettingDefaults };
  for (const [key, value] of Object.entries(settings) as [keyof BusinessSettings, unknown][]) {
    if (value !== undefined) Object.assign(resolved, { [key]: value });
  }
  return resolved;
}

export const inviteUserRequestSchema = z.object({
  email: emailSchema,
  role: text({ error: messages.required }).min(1, messages.required).max(100, messages.roleNotFound),
  name: text().trim().max(255, messages.maxLength255).optional(),
});
export type InviteUserRequest = z.input<typeof inviteUserRequestSchema>;
