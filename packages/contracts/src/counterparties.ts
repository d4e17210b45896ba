import { z } from 'zod';
import { emailSchema, expandQuerySchema, listQuerySchema, nameSchema, passwordSchema, phoneSchema, uuidSchema } from './common';
import { listOf, referenceIdSchema, text } from './fields';
import { optionalUrlSchema } from './url';
import { blankToNull, optionalText, postalAddressResourceSchema, postalAddressSchema } from './address';
import { sharedMessages as messages } from './shared-messages';
import { currencyById } from './reference/currencies';

/** Customers and vendors are one record type (the business network); `kind` says which side. */
export const counterpartyKinds = ['customer', 'vendor'] as const;
export type CounterpartyKind = (typeof counterpartyKinds)[number];

export const counterpartyTabs = ['active', 'archive'] as const;
export type CounterpartyTab = (typeof counterpartyTabs)[number];

export const counterpartyOrderFields = ['name', 'email', 'created_at', 'amount_due'] as const;

/** A list filter value: empty strings and the spec's '0.00' placeholder mean "no filter". */
const counterpartyFilter = z.preprocess((value) => (value === '' || value === '0.00' || value === null ? undefined : value), text().trim().max(255, messages.maxLength255).optional());

/**
 * `?status&search&email&phone&currency_id` plus paging and sorting. Keys ending in `_label` are
 * display-only companions of a filter (the picker's text): the object drops them as unknown keys.
 */
export const counterpartyListQuerySchema = listQuerySchema.extend({
  status: z.enum(counterpartyTabs).optional(),
  orderByField: z.enum(counterpartyOrderFields).optional(),
  email: counterpartyFilter,
  phone: counterpartyFilter,
  currency_id: z.preprocess((value) => (value === '' || value === '0.00' || value === null ? undefined : value), referenceIdSchema.optional()),
});
export type CounterpartyListQuery = z.input<typeof counterpartyListQuerySchema>;

export const counterpartyFieldsSchema = z.object({
  name: nameSchema,
  display_name: optionalText,
  contact_first_name: optionalText,
  contact_last_name: optionalText,
  email: z.preprocess(blankToNull, emailSchema.nullish()),
  phone: z.preprocess(blankToNull, phoneSchema.nullish()),
  website: optionalUrlSchema,
  currency_id: referenceIdSchema.refine((id) => currencyById(id) !== undefined, messages.invalidCurrency).default(1),
  billing_address: postalAddressSchema.nullish(),
  shipping_address: postalAddressSchema.nullish(),
  portal_access: z.boolean().default(false),
});

export const createCounterpartyRequestSchema = counterpartyFieldsSchema.extend({ send_invitation: z.boolean().default(false) }).superRefine((input, ctx) => {
  if (input.send_invitation && !input.email) ctx.addIssue({ code: 'custom', path: ['email'], message: messages.required });
});
export type CreateCounterpartyRequest = z.input<typeof createCounterpartyRequestSchema>;

export const updateCounterpartyRequestSchema = counterpartyFieldsSchema;
export type UpdateCounterpartyRequest = z.input<typeof updateCounterpartyRequestSchema>;

/** `POST /customers` with `preview: true`: which business the email would link to, nothing saved. */
export const counterpartyPreviewRequestSchema = z.object({ preview: z.literal(true), email: emailSchema });
/**
 * Whether creating the record would link it to a business of the tenant: nothing about that
 * business (its id, name or email) is shown before the record exists.
 */
export const counterpartyPreviewResponseSchema = z.object({
  business: z.object({ linked: z.literal(true) }).nullable(),
});
export type CounterpartyPreviewResponse = z.infer<typeof counterpartyPreviewResponseSchema>;


export const counterpartyResourceSchema = z.object({
  id: z.string(),
  kind: z.enum(counterpartyKinds),
  name: z.string(),
  display_name: z.string().nullable(),
  contact_first_name: z.string().nullable(),
  contact_last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  currency_id: z.number(),
  portal_access: z.boolean(),
  admin_onboarded: z.boolean(),
  creator_business_id: z.string(),
  /** The business on the other side; `owner_status` says whether its owner has onboarded. */
  customer_business: z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), owner_status: z.enum(['invited', 'active', 'disabled']).nullable() }),
  status: z.enum(['active', 'archived']),
  /**
   * What is still due on the invoices between the two businesses, in minor units of their currency
   * `amount_due_currency_id`: a customer's own currency; for a vendor the currency it bills in,
   * which may differ from `currency_id`.
   */
  amount_due: z.number(),
  amount_due_currency_id: z.number(),
  created_at: z.string(),
  billing_address: postalAddressResourceSchema.nullable().optional(),
  shipping_address: postalAddressResourceSchema.nullable().optional(),
});
export type CounterpartyResource = z.infer<typeof counterpartyResourceSchema>;

export const counterpartyListResponseSchema = z.object({
  data: z.array(counterpartyResourceSchema),
  meta: z.object({
    current_page: z.number(),
    last_page: z.number(),
    per_page: z.number(),
    total: z.number(),
    customer_total_count: z.number().optional(),
    vendor_total_count: z.number().optional(),
  }),
});
export type CounterpartyListResponse = z.infer<typeof counterpartyListResponseSchema>;

export const counterpartyExpandSchema = expandQuerySchema;
/** `POST /customers?preview=1` asks what the email would link to (see counterpartyPreviewRequestSchema). */
export const counterpartyCreateQuerySchema = z.object({ preview: text().max(5).optional() });

/** `POST /customers/archive|unarchive|delete`: one `id` or a list of `ids`. */
export const counterpartyBulkRequestSchema = z
  .object({ id: uuidSchema.optional(), ids: listOf(uuidSchema, { max: 500 }).optional() })
  .refine((body) => body.id !== undefined || (body.ids?.length ?? 0) > 0, { message: messages.selectAtLeastOne, path: ['ids'] });
export type CounterpartyBulkRequest = z.input<typeof counterpartyBulkRequestSchema>;
export const counterpartyBulkResponseSchema = z.object({ success: z.boolean(), count: z.number() });

export const resendBusinessInviteRequestSchema = z.object({ email: emailSchema });

/** The public onboarding page of a counterparty business's owner. */
export const businessOnboardingInfoSchema = z.object({
  email: z.string(),
  business_name: z.string(),
  inviter_business_name: z.string().nullable(),
  has_password: z.boolean(),
});
export type BusinessOnboardingInfo = z.infer<typeof businessOnboardingInfoSchema>;

export const businessOnboardingRequestSchema = z
  .object({
    name: nameSchema,
    password: passwordSchema,
    password_confirmation: text({ error: messages.required }).min(1, messages.required),
    business_name: z.preprocess((value) => (value === '' ? undefined : value), nameSchema.optional()),
  })
  .refine((body) => body.password === body.password_confirmation, { message: messages.passwordConfirmation, path: ['password_confirmation'] });
export type BusinessOnboardingRequest = z.input<typeof businessOnboardingRequestSchema>;
