import { z } from 'zod';
import { binaryFileSchema, emailSchema } from './common';
import { text } from './fields';
import { sharedMessages as messages } from './shared-messages';
import { urlSchema } from './url';

// ---- Payout account and wizard (spec sections 2-5, 7; ARCHITECTURE section 13) -------------

/** The wizard's steps in the spec's order (section 3). */
export const payoutStepKeys = ['account_details', 'user_details', 'verify_documents', 'company_details', 'business_information', 'bank_account', 'review_details'] as const;
export type PayoutStepKey = (typeof payoutStepKeys)[number];

export const payoutStepTitles: Record<PayoutStepKey, string> = {
  account_details: 'Account Details',
  user_details: 'User Details',
  verify_documents: 'Verify Documents',
  company_details: 'Company Details',
  business_information: 'Business information',
  bank_account: 'Bank Account',
  review_details: 'Review Details',
};

/**
 * Which wizard step collects a provider requirement (its dotted name, `individual.dob.day`):
 * the server lists the steps by it, the page names the step to fix by it.
 */
export function stepOfRequirement(requirement: string): PayoutStepKey {
  if (requirement === 'business_type' || requirement === 'email') return 'account_details';
  if (/^(individual|company|representative|person_[A-Za-z0-9]+)\.verification\./.test(requirement) || requirement.startsWith('documents.')) return 'verify_documents';
  if (/^(individual|representative|person_[A-Za-z0-9]+)\./.test(requirement) || requirement === 'relationship.representative') return 'user_details';
  if (requirement.startsWith('company.')) return 'company_details';
  if (requirement.startsWith('business_profile.')) return 'business_information';
  if (requirement === 'external_account') return 'bank_account';
  // tos_acceptance.* and anything the wizard has no field for: shown on the review, where nothing is hidden.
  return 'review_details';
}

export const payoutMessages = {
  notAvailable: 'Payouts are not available',
  tokenOnly: 'Send a token made by the payment provider, not the number itself.',
  termsRequired: 'Please accept the terms to continue.',
  linkExpired: 'This onboarding link has expired or is not valid.',
} as const;

/** A `pii_…` token from Stripe.js: the national ID number itself never reaches the server. */
export const piiTokenSchema = text().regex(/^pii_[A-Za-z0-9_]{6,}$/, payoutMessages.tokenOnly);
/** A `btok_…` bank account token (Stripe.js or the bank-link processor token); never routing/account numbers. */
export const bankTokenSchema = text().regex(/^btok_[A-Za-z0-9_]{6,}$/, payoutMessages.tokenOnly);

const optionalText = text().trim().max(255, messages.maxLength255).optional();
const addressSchema = z.object({ line1: optionalText, line2: optionalText, city: optionalText, state: optionalText, postal_code: optionalText });
const isoDate = text().regex(/^\d{4}-\d{2}-\d{2}$/, messages.required);

/**
 * One step's answers (POST /business/onboarding/requirements); absent parts are left as they are.
 * Strict: a field the contract does not name (`account_number`, `individual.id_number`) is refused,
 * not silently dropped, so a client sending numbers in clear finds out.
 */
export const payoutStepRequestSchema = z.strictObject({
  step: z.enum(payoutStepKeys),
  business_type: z.enum(['individual', 'company']).optional(),
  email: emailSchema.optional(),
  individual: z
    .strictObject({
      first_name: optionalText,
      last_name: optionalText,
      email: emailSchema.optional(),
      phone: optionalText,
      dob: isoDate.optional(),
      address: addressSchema.optional(),
      ssn_last_4: text().regex(/^\d{4}$/, 'Enter the last 4 digits.').optional(),
      id_number_token: piiTokenSchema.optional(),
    })
    .optional(),
  company: z.object({ name: optionalText, phone: optionalText, address: addressSchema.optional(), tax_id: optionalText }).optional(),
  business_profile: z.object({ mcc: text().regex(/^\d{4}$/, 'Enter a 4-digit industry code.').optional(), url: urlSchema.optional() }).optional(),
  bank_account_token: bankTokenSchema.optional(),
  tos_accepted: z.boolean().optional(),
});
export type PayoutStepRequest = z.input<typeof payoutStepRequestSchema>;

export const payoutStepSchema = z.object({
  key: z.enum(payoutStepKeys),
  title: z.string(),
  /** The provider's requirement names still due for this step (`individual.dob.day`). */
  required_fields: z.array(z.string()),
  completed: z.boolean(),
});
export type PayoutStep = z.infer<typeof payoutStepSchema>;

export const payoutAccountStateSchema = z.object({
  provider_account_id: z.string(),
  business_type: z.enum(['individual', 'company']).nullable(),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  details_submitted: z.boolean(),
  currently_due: z.array(z.string()),
  past_due: z.array(z.string()),
  pending_verification: z.array(z.string()),
  errors: z.array(z.object({ code: z.string(), reason: z.string(), requirement: z.string() })),
  disabled_reason: z.string().nullable(),
  tos_accepted: z.boolean(),
  bank_account: z.object({ last4: z.string(), bank_name: z.string().nullable() }).nullable(),
  updated_at: z.string(),
});
export type PayoutAccountState = z.infer<typeof payoutAccountStateSchema>;

/** GET /business/onboarding/requirements and GET /business/stripe-account. */
export const payoutOnboardingSchema = z.object({
  available: z.boolean(),
  test_mode: z.boolean(),
  publishable_key: z.string().nullable(),
  /** Where the browser loads Stripe.js and Plaid Link: null for their canonical URLs; the fakes' address in tests and the demo. */
  provider_scripts: z.object({ payment_provider: z.string().nullable(), bank_link: z.string().nullable() }),
  bank_link_available: z.boolean(),
  terms_url: z.string().nullable(),
  account: payoutAccountStateSchema.nullable(),
  steps: z.array(payoutStepSchema),
});
export type PayoutOnboarding = z.infer<typeof payoutOnboardingSchema>;

export const payoutDocumentKinds = ['identity_document', 'ownership_document'] as const;
export type PayoutDocumentKind = (typeof payoutDocumentKinds)[number];
/** POST /business/onboarding/upload-documents: one file, under the field naming its kind. */
export const payoutDocumentUploadBody = z.object({ identity_document: binaryFileSchema.optional(), ownership_document: binaryFileSchema.optional() });
/** The provider's identity-document limit (10 MB; jpeg, png or pdf by content). */
export const PAYOUT_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;


export const payoutOnboardingLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type PayoutOnboardingLink = z.infer<typeof payoutOnboardingLinkSchema>;
export const onboardingTokenParamsSchema = z.object({ token: text().regex(/^[A-Za-z0-9_-]{20,100}$/, payoutMessages.linkExpired) });

// ---- Browser-only forms: what the user types before Stripe.js tokenises it; never sent to our API.

/** The national ID number (US: a 9-digit SSN) as typed, tokenised in the browser. */
export const idNumberFieldSchema = text().trim().regex(/^\d{3}-?\d{2}-?\d{4}$/, 'Enter a 9-digit ID number.');

export const manualBankAccountFormSchema = z.object({
  account_holder_name: text({ error: messages.required }).trim().min(1, messages.required).max(255, messages.maxLength255),
  routing_number: text().trim().regex(/^\d{9}$/, 'Enter the 9-digit routing number.'),
  account_number: text().trim().regex(/^\d{4,17}$/, 'Enter the account number (4 to 17 digits).'),
});
export type ManualBankAccountForm = z.input<typeof manualBankAccountFormSchema>;
