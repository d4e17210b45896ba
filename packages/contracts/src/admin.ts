import { z } from 'zod';
import { userStatuses } from './account';
import { businessFieldsSchema, businessResourceSchema } from './business';
import { countedListPageResponse, emailSchema, successResponseSchema, listQuerySchema, nameSchema, optionalText255, phoneSchema, uuidSchema } from './common';
import { coercedInteger, isoDateSchema, text } from './fields';
import { postalAddressResourceSchema, postalAddressSchema } from './address';
import { sharedMessages as messages } from './shared-messages';

/** Spec: a business is a customer, a vendor, or both (is_customer / is_vendor). */
export const businessPartyTypes = ['customer', 'vendor', 'both'] as const;
export type BusinessPartyType = (typeof businessPartyTypes)[number];

export function partyTypeOf(flags: { is_customer: boolean; is_vendor: boolean }): BusinessPartyType {
  if (flags.is_customer && flags.is_vendor) return 'both';
  return flags.is_vendor ? 'vendor' : 'customer';
}


const optionalPhone = phoneSchema.nullish().or(z.literal(''));

/** The account number is write-only: an empty one keeps what is stored; only its last 4 digits come back. */
export const bankInfoRequestSchema = z.object({
  account_holder: optionalText255,
  bank_name: optionalText255,
  routing_number: text().trim().max(34).nullish(),
  account_number: text().trim().max(34).nullish(),
});
export const bankInfoResourceSchema = z.object({
  account_holder: z.string().nullable(),
  bank_name: z.string().nullable(),
  routing_number: z.string().nullable(),
  account_number_last4: z.string().nullable(),
});
export type BankInfoResource = z.infer<typeof bankInfoResourceSchema>;

const adminBusinessFields = businessFieldsSchema.omit({ is_customer: true, is_vendor: true }).extend({
  type: z.enum(businessPartyTypes).default('both'),
  billing_address: postalAddressSchema.nullish(),
  shipping_address: postalAddressSchema.nullish(),
  bank_info: bankInfoRequestSchema.nullish(),
});
export const adminCreateBusinessRequestSchema = adminBusinessFields.extend({ owner_email: emailSchema });
export type AdminCreateBusinessRequest = z.input<typeof adminCreateBusinessRequestSchema>;
export const adminUpdateBusinessRequestSchema = adminBusinessFields;
export type AdminUpdateBusinessRequest = z.input<typeof adminUpdateBusinessRequestSchema>;
/** The one form for create and edit: the owner email is required where it is shown (create). */
export const adminBusinessFormSchema = adminBusinessFields.extend({ owner_email: emailSchema.optional() });
export type AdminBusinessFormValues = z.input<typeof adminBusinessFormSchema>;

export const deleteBusinessRequestSchema = z.object({ name: text({ error: messages.required }).min(1, messages.required).max(255, messages.maxLength255) });
/** POST /business/delete: the business to delete and, as confirmation, its name. */
export const deleteBusinessByIdRequestSchema = deleteBusinessRequestSchema.extend({ id: uuidSchema });

export const adminBusinessTabs = ['active', 'disabled', 'all'] as const;
export type AdminBusinessTab = (typeof adminBusinessTabs)[number];
export const adminBusinessesQuerySchema = listQuerySchema.extend({ status: z.enum(adminBusinessTabs).default('active') });

const personSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const adminBusinessResourceSchema = businessResourceSchema.extend({
  type: z.enum(businessPartyTypes),
  billing_address: postalAddressResourceSchema.nullable(),
  shipping_address: postalAddressResourceSchema.nullable(),
  bank_info: bankInfoResourceSchema.nullable(),
  owner: personSchema.extend({ status: z.enum(userStatuses) }).nullable(),
});
export type AdminBusinessResource = z.infer<typeof adminBusinessResourceSchema>;
/** `business_total_count`: every business of the tenant, whatever the tab. */
export const adminBusinessListResponseSchema = countedListPageResponse(adminBusinessResourceSchema, { business_total_count: z.number() });

export const adminBusinessMemberSchema = personSchema.extend({ role: z.string(), status: z.enum(userStatuses), is_owner: z.boolean() });
export type AdminBusinessMember = z.infer<typeof adminBusinessMemberSchema>;

/** The business view: its record, its team and the numbers that exist so far. */
export const adminBusinessDetailSchema = adminBusinessResourceSchema.extend({
  team: z.array(adminBusinessMemberSchema),
  stats: z.object({ team_size: z.number(), active_members: z.number(), invited_members: z.number() }),
  /** The plan the business picked; null: the tenant's default plan (or no plans at all). */
  plan_id: z.string().nullable(),
});
export type AdminBusinessDetail = z.infer<typeof adminBusinessDetailSchema>;

/* Platform users (the tenant's internal team). */

export const platformUserTabs = ['all', 'active', 'disabled'] as const;
export type PlatformUserTab = (typeof platformUserTabs)[number];
export const platformUsersQuerySchema = listQuerySchema.extend({ status: z.enum(platformUserTabs).default('all') });

export const platformUserResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status: z.enum(userStatuses),
  role: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type PlatformUserResource = z.infer<typeof platformUserResourceSchema>;
/** `POST /platform/users`: the invited user and the notice that the invitation was mailed. */
export const platformUserInvitedResponseSchema = z.object({ data: platformUserResourceSchema, message: z.string() });
export const platformUserListResponseSchema = countedListPageResponse(platformUserResourceSchema, { user_total_count: z.number() });

export const invitePlatformUserRequestSchema = z.object({
  email: emailSchema,
  role_id: text({ error: messages.required }).uuid(messages.required),
  name: text().trim().max(255, messages.maxLength255).optional(),
});
export type InvitePlatformUserRequest = z.input<typeof invitePlatformUserRequestSchema>;

export const updatePlatformUserRequestSchema = z.object({
  name: nameSchema,
  phone: optionalPhone,
  role_id: text({ error: messages.required }).uuid(messages.required),
});
export type UpdatePlatformUserRequest = z.input<typeof updatePlatformUserRequestSchema>;

/* Logs. */

export const accessLogsQuerySchema = listQuerySchema.extend({ user_id: uuidSchema.optional(), from: isoDateSchema.optional(), to: isoDateSchema.optional() });
export const apiLogsQuerySchema = accessLogsQuerySchema.extend({
  business_id: uuidSchema.optional(),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(),
  response_code: coercedInteger({ min: 100, max: 599 }).optional(),
});
export type ApiLogsQuery = z.input<typeof apiLogsQuerySchema>;

export const accessLogResourceSchema = z.object({
  id: z.string(),
  user: personSchema,
  ip: z.string().nullable(),
  device: z.string().nullable(),
  logged_in_at: z.string(),
});
export type AccessLogResource = z.infer<typeof accessLogResourceSchema>;
export const accessLogListResponseSchema = countedListPageResponse(accessLogResourceSchema, { access_log_total_count: z.number() });

export const apiLogResourceSchema = z.object({
  id: z.string(),
  user: personSchema.nullable(),
  business: z.object({ id: z.string(), name: z.string() }).nullable(),
  method: z.string(),
  url: z.string(),
  response_code: z.number(),
  ip: z.string().nullable(),
  load_time_ms: z.number(),
  response_size: z.number(),
  created_at: z.string(),
  /** The API client whose token made the call, by its name at the time; null for sessions and personal tokens. */
  api_client: z.string().nullable(),
});
export type ApiLogResource = z.infer<typeof apiLogResourceSchema>;
export const apiLogListResponseSchema = countedListPageResponse(apiLogResourceSchema, { api_log_total_count: z.number() });

export const apiLogDetailSchema = apiLogResourceSchema.extend({
  os: z.string().nullable(),
  app_name: z.string().nullable(),
  app_version: z.string().nullable(),
  client: z.string().nullable(),
  timezone: z.string().nullable(),
  request_body: z.unknown(),
  response_body: z.unknown(),
});
export type ApiLogDetail = z.infer<typeof apiLogDetailSchema>;

/* Email configuration. */

export const mailEncryptions = ['none', 'tls', 'starttls'] as const;

/** The password is never returned: `has_password` says whether one is stored. */
export const mailConfigResourceSchema = z.object({
  configured: z.boolean(),
  host: z.string(),
  port: z.number(),
  username: z.string().nullable(),
  encryption: z.enum(mailEncryptions),
  from_name: z.string(),
  from_address: z.string(),
  has_password: z.boolean(),
});
export type MailConfigResource = z.infer<typeof mailConfigResourceSchema>;

export const updateMailConfigRequestSchema = z.object({
  host: text({ error: messages.required }).trim().min(1, messages.required).max(255, messages.maxLength255),
  port: coercedInteger({ min: 1, max: 65535 }),
  username: optionalText255,
  /** Empty or omitted keeps the stored password. */
  password: text().max(255, messages.maxLength255).nullish(),
  encryption: z.enum(mailEncryptions).default('starttls'),
  from_name: text({ error: messages.required }).trim().min(1, messages.required).max(255, messages.maxLength255),
  from_address: emailSchema,
});
export type UpdateMailConfigRequest = z.input<typeof updateMailConfigRequestSchema>;

export const testMailRequestSchema = z.object({ to: emailSchema });
/** `POST /platform/mail/test`: what the mail server said, or why it could not be reached. */
export const testMailResponseSchema = successResponseSchema.extend({ message: z.string() });
