import { z } from 'zod';

/**
 * The tenant's branding and switches: in the bootstrap answer, and alone before sign-in (the login
 * pages, the pages behind a mailed link). A module of its own, so a page that needs only these
 * loads no other schema (issue 17's public page budget).
 */
export const tenantBrandingSchema = z.object({
  name: z.string(),
  page_title: z.string(),
  heading: z.string().nullable(),
  description: z.string().nullable(),
  theme_color: z.string(),
  font: z.string().nullable(),
  copyright_text: z.string().nullable(),
  login_logo: z.string().nullable(),
  dashboard_logo: z.string().nullable(),
  /** The landlord tenant manages the other tenants. */
  is_landlord: z.boolean(),
});
export type TenantBranding = z.infer<typeof tenantBrandingSchema>;

export const tenantSwitchesSchema = z.object({
  allow_business_signup: z.boolean(),
  force_customer_signup: z.boolean(),
  user_management: z.boolean(),
  partial_payments: z.boolean(),
  estimate_payments: z.boolean(),
  standalone: z.boolean(),
});
export type TenantSwitches = z.infer<typeof tenantSwitchesSchema>;

/** Public, pre-login: the branding and switches the login pages need. */
export const tenantPublicConfigSchema = z.object({ tenant: tenantBrandingSchema, switches: tenantSwitchesSchema });
export type TenantPublicConfig = z.infer<typeof tenantPublicConfigSchema>;
