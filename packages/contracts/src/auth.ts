import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema, phoneSchema } from './common';
import { text } from './fields';
import { sharedMessages as messages } from './shared-messages';

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: text({ error: messages.required }).min(1, messages.required).max(128, messages.passwordMax),
  remember: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;
export const loginResponseSchema = z.object({ two_factor: z.boolean() });

export const twoFactorChallengeSchema = z
  .object({
    code: text({ error: messages.invalidTwoFactorCode }).trim().regex(/^\d{6}$/, messages.invalidTwoFactorCode).optional(),
    recovery_code: text({ error: messages.invalidRecoveryCode }).trim().min(1, messages.invalidRecoveryCode).max(64, messages.invalidRecoveryCode).optional(),
  })
  .refine((b) => Boolean(b.code) || Boolean(b.recovery_code), { message: messages.required, path: ['code'] })
  .refine((b) => !(b.code && b.recovery_code), { message: messages.required, path: ['recovery_code'] });
export type TwoFactorChallengeRequest = z.input<typeof twoFactorChallengeSchema>;

export const tokenLoginRequestSchema = z.object({
  email: emailSchema,
  password: text({ error: messages.required }).min(1, messages.required).max(128, messages.passwordMax),
  device_name: text({ error: messages.required }).trim().min(1, messages.required).max(255, messages.maxLength255),
  code: text({ error: messages.invalidTwoFactorCode }).trim().max(64, messages.invalidTwoFactorCode).optional(),
});
export const tokenLoginResponseSchema = z.object({ token: z.string(), token_type: z.literal('Bearer'), expires_at: z.string().nullable() });

export const businessTypes = ['individual', 'company', 'non_profit', 'government_entity'] as const;
export const businessStructures = [
  'multi_member_llc', 'private_corporation', 'private_partnership', 'public_corporation', 'public_partnership',
  'single_member_llc', 'sole_proprietorship', 'unincorporated_association',
  'incorporated_non_profit', 'unincorporated_non_profit', 'government_instrumentality',
] as const;
export type BusinessType = (typeof businessTypes)[number];
export type BusinessStructure = (typeof businessStructures)[number];

/** Which structures a business type may choose (spec section 3, Registration). */
export const structuresByBusinessType: Record<BusinessType, readonly BusinessStructure[]> = {
  individual: ['sole_proprietorship', 'single_member_llc'],
  company: [
    'multi_member_llc', 'private_corporation', 'private_partnership', 'public_corporation', 'public_partnership',
    'single_member_llc', 'sole_proprietorship', 'unincorporated_association',
  ],
  non_profit: ['incorporated_non_profit', 'unincorporated_non_profit'],
  government_entity: ['government_instrumentality', 'unincorporated_non_profit'],
};

export const signUpRequestSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    phone: phoneSchema.optional().or(z.literal('')),
    password: passwordSchema,
    password_confirmation: text({ error: messages.required }).min(1, messages.required),
    business_name: nameSchema,
    business_type: z.enum(businessTypes).default('company'),
    business_structure: z.enum(businessStructures).default('private_corporation'),
  })
  .refine((b) => b.password === b.password_confirmation, { message: messages.passwordConfirmation, path: ['password_confirmation'] })
  .refine((b) => structuresByBusinessType[b.business_type].includes(b.business_structure), {
    message: 'The business structure does not match the business type.',
    path: ['business_structure'],
  });
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });

export const resetPasswordRequestSchema = z
  .object({
    token: text({ error: messages.required }).min(1, messages.required).max(200, messages.invalidToken),
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: text({ error: messages.required }).min(1, messages.required),
  })
  .refine((b) => b.password === b.password_confirmation, { message: messages.passwordConfirmation, path: ['password_confirmation'] });

export const verifyEmailRequestSchema = z.object({ token: text({ error: messages.required }).min(1, messages.required).max(200, messages.invalidToken) });

export const acceptInvitationRequestSchema = z
  .object({
    name: nameSchema,
    password: passwordSchema,
    password_confirmation: text({ error: messages.required }).min(1, messages.required),
  })
  .refine((b) => b.password === b.password_confirmation, { message: messages.passwordConfirmation, path: ['password_confirmation'] });
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequestSchema>;

export const invitationInfoSchema = z.object({
  email: z.string(),
  business_name: z.string().nullable(),
  has_password: z.boolean(),
});

export const confirmPasswordRequestSchema = z.object({ password: text({ error: messages.required }).min(1, messages.required).max(128, messages.passwordMax) });
export const confirmedPasswordStatusSchema = z.object({ confirmed: z.boolean() });
