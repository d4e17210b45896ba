import { z } from 'zod';
import { emailSchema, optionalText255, uuidSchema } from './common';
import { blankToNull, postalAddressResourceSchema } from './address';
import { integer, referenceIdSchema, text } from './fields';
import { decimalPriceField, priceSchema } from './items';
import { messages } from './messages';
import { currencyById } from './reference/currencies';

/**
 * Plans (spec section 1: "some features are gated by plan"). A tenant that sells plans defines
 * them; each business is on one (the tenant's default plan until it picks another). A route that
 * needs a feature declares it beside its ability, and a business whose plan lacks it is refused
 * with the starter-plan message naming the cheapest plan that has it. A tenant without plans gates
 * nothing.
 */
export const planFeatures = ['online-payments', 'financing', 'recurring-invoices', 'webhooks', 'reports', 'import-export'] as const;
export type PlanFeature = (typeof planFeatures)[number];

const planFeatureSet: ReadonlySet<string> = new Set(planFeatures);

export function isPlanFeature(name: string): name is PlanFeature {
  return planFeatureSet.has(name);
}

/** The refusal of a feature the business's plan lacks ('This feature is available on Starter plan and onwards!'). */
export function planRequiredMessage(planName: string): string {
  return `This feature is available on ${planName} plan and onwards!`;
}

export const planIntervals = ['month', 'year'] as const;
export type PlanInterval = (typeof planIntervals)[number];

const currencyIdSchema = referenceIdSchema.refine((id) => currencyById(id) !== undefined, messages.invalidCurrency);
const planName = text({ error: messages.required }).trim().min(1, messages.required).max(255, messages.maxLength255);
const featureList = z.array(z.enum(planFeatures)).max(planFeatures.length).refine((list) => new Set(list).size === list.length, messages.duplicatePlanFeature);
/** How many people may work in a business on the plan (owner included); null: no limit. */
const maxTeamUsers = integer({ min: 1, max: 100_000 }).nullable();

export const planRequestSchema = z.object({
  name: planName,
  description: optionalText255,
  price: priceSchema,
  currency_id: currencyIdSchema,
  interval: z.enum(planIntervals),
  features: featureList,
  max_team_users: maxTeamUsers,
  is_default: z.boolean(),
});
export type PlanRequest = z.input<typeof planRequestSchema>;

export const planResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  currency_id: z.number(),
  interval: z.enum(planIntervals),
  features: z.array(z.enum(planFeatures)),
  max_team_users: z.number().nullable(),
  is_default: z.boolean(),
  /** Businesses on the plan (the default plan counts those without a choice too). */
  businesses_count: z.number(),
  created_at: z.string(),
});
export type PlanResource = z.infer<typeof planResourceSchema>;

export const planListResponseSchema = z.object({ data: z.array(planResourceSchema) });
export type PlanListResponse = z.infer<typeof planListResponseSchema>;

/** The admin's plan form: the price typed as a decimal amount of the chosen currency. */
export function planFormSchema(precision: number) {
  return planRequestSchema.extend({ price: decimalPriceField(precision) });
}
export type PlanFormValues = z.input<ReturnType<typeof planFormSchema>>;

/** Settings → billing information: the business's plan, the plans it may move to, and whom the platform bills. */
export const businessBillingResourceSchema = z.object({
  /** Null when the tenant sells no plans: every feature is open. */
  plan: planResourceSchema.nullable(),
  plans: z.array(planResourceSchema),
  billing_contact_name: z.string().nullable(),
  billing_contact_email: z.string().nullable(),
  /** Where the platform bills the business: its billing address (settings → address information). */
  billing_address: postalAddressResourceSchema.nullable(),
  team_users: z.number(),
  /** Whether the caller may change the plan (the business's owner). */
  can_change_plan: z.boolean(),
});
export type BusinessBillingResource = z.infer<typeof businessBillingResourceSchema>;

export const updateBillingContactRequestSchema = z.object({
  billing_contact_name: z.preprocess(blankToNull, optionalText255),
  billing_contact_email: z.preprocess(blankToNull, emailSchema.nullish()),
});
export type UpdateBillingContactRequest = z.input<typeof updateBillingContactRequestSchema>;

export const changePlanRequestSchema = z.object({ plan_id: uuidSchema });
export type ChangePlanRequest = z.input<typeof changePlanRequestSchema>;

/** A platform admin moves a business to a plan, or back to the default (null). */
export const assignPlanRequestSchema = z.object({ plan_id: uuidSchema.nullable() });
export type AssignPlanRequest = z.input<typeof assignPlanRequestSchema>;
