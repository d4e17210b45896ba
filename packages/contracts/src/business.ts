import { z } from 'zod';
import { businessStructures, businessTypes } from './auth';
import { emailSchema, nameSchema, optionalText255, phoneSchema, slugSchema } from './common';
import { messages } from './messages';

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
  disabled: z.boolean(),
  created_at: z.string(),
});
export type BusinessResource = z.infer<typeof businessResourceSchema>;

export const businessFieldsSchema = z.object({
  name: nameSchema,
  email: emailSchema.nullish().or(z.literal('')),
  phone: phoneSchema.nullish().or(z.literal('')),
  slug: slugSchema.optional(),
  business_type: z.enum(businessTypes).default('company'),
  business_structure: z.enum(businessStructures).default('private_corporation'),
  is_customer: z.boolean().default(true),
  is_vendor: z.boolean().default(true),
  currency_id: z.coerce.number().int().min(1).default(1),
  contact_first_name: optionalText255,
  contact_last_name: optionalText255,
  website: optionalText255,
});
export const createBusinessRequestSchema = businessFieldsSchema;
export type CreateBusinessRequest = z.input<typeof createBusinessRequestSchema>;
export const updateBusinessRequestSchema = businessFieldsSchema.partial().extend({ name: nameSchema });
export type UpdateBusinessRequest = z.input<typeof updateBusinessRequestSchema>;

export const companySummarySchema = z.object({ id: z.string(), name: z.string(), slug: z.string(), logo: z.string().nullable(), role: z.string() });
export type CompanySummary = z.infer<typeof companySummarySchema>;

export const businessSettingsSchema = z.object({
  time_zone: z.string().max(64).optional(),
  language: z.string().max(10).optional(),
  date_format: z.string().max(32).optional(),
  fiscal_year: z.string().max(16).optional(),
  tax_per_item_enabled: z.boolean().optional(),
  discount_per_item_enabled: z.boolean().optional(),
  invoice_set_due_date_automatically: z.boolean().optional(),
  invoice_due_date_days: z.coerce.number().int().min(0).max(365).optional(),
  estimate_set_expiry_date_automatically: z.boolean().optional(),
  estimate_expiry_date_days: z.coerce.number().int().min(0).max(365).optional(),
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;
export const updateBusinessSettingsRequestSchema = z.object({ settings: businessSettingsSchema });

export const inviteUserRequestSchema = z.object({
  email: emailSchema,
  role: z.string({ error: messages.required }).min(1, messages.required).max(100),
  name: z.string().trim().max(255).optional(),
});
export type InviteUserRequest = z.input<typeof inviteUserRequestSchema>;
