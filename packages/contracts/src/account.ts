import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema, phoneSchema } from './common';
import { coercedInteger, listOf, pageSchema, pageSizeSchema, text } from './fields';
import { sharedMessages as messages } from './shared-messages';
import { languages } from './reference/languages';

/** A language of the catalogue (reference/languages), checked where it is written. */
export const languageSchema = text().refine((code) => languages.some((language) => language.code === code), messages.invalidLanguage);
/** A PDF template name as stored; the server checks it names one of its templates. */
const templateNameSchema = text().max(100, messages.invalidTemplate);

export const userStatuses = ['invited', 'active', 'disabled'] as const;
export type UserStatus = (typeof userStatuses)[number];

export const userResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  first_name: z.string().nullable(),
  email: z.string(),
  /**
   * An address change waiting for the link mailed to the new address (it expires after
   * EMAIL_CHANGE_HOURS); until then `email` is the one that signs in and gets the mail. Null when
   * no change is pending.
   */
  pending_email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  language: z.string(),
  is_platform_user: z.boolean(),
  email_verified: z.boolean(),
  status: z.enum(userStatuses),
  two_factor: z.object({ enabled: z.boolean(), confirmed: z.boolean() }),
  created_at: z.string(),
});
export type UserResource = z.infer<typeof userResourceSchema>;

/** How long the link that confirms a new account address works. */
export const EMAIL_CHANGE_HOURS = 24;

/**
 * Name, phone and language change at once. A different `email` needs `current_password` (422 on
 * `current_password` without it or when it is wrong) and does not change the address yet: a link is
 * mailed to the new address, the old one is told, and the answer's `pending_email` says what waits.
 */
export const updateMeRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: phoneSchema.nullish().or(z.literal('')),
  language: languageSchema.optional(),
  current_password: text().max(128, messages.passwordMax).optional(),
});
export type UpdateMeRequest = z.input<typeof updateMeRequestSchema>;

/** `POST /confirm-email`: the token of the link mailed to the new address (page `/confirm-email/{token}`). */
export const confirmEmailChangeRequestSchema = z.object({ token: text().min(1, messages.required).max(200) });

export const changePasswordRequestSchema = z
  .object({
    current_password: text({ error: messages.required }).min(1, messages.required).max(128, messages.passwordMax),
    password: passwordSchema,
    password_confirmation: text({ error: messages.required }).min(1, messages.required),
  })
  .refine((b) => b.password === b.password_confirmation, { message: messages.passwordConfirmation, path: ['password_confirmation'] });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** User settings the account page and documents read. */
export const userSettingKeys = ['language', 'default_estimate_template', 'default_invoice_template'] as const;
export const userSettingsSchema = z.object({
  language: languageSchema.optional(),
  default_estimate_template: templateNameSchema.nullish(),
  default_invoice_template: templateNameSchema.nullish(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;
export const updateUserSettingsRequestSchema = z.object({ settings: userSettingsSchema });
/** The settings as stored, on the way out (what was checked when written is not checked again). */
export const userSettingsResourceSchema = z.object({ language: z.string().optional(), default_estimate_template: z.string().nullish(), default_invoice_template: z.string().nullish() });
/** `GET /me/settings`: the settings asked for, each null when unset. */
export const userSettingsResponseSchema = z.record(z.string(), z.string().nullable());
/** `POST /me/upload-avatar`: where the new picture is served. */
export const avatarResponseSchema = z.object({ data: z.object({ avatar: z.string() }) });
/** `?settings=language` or `?settings[]=language&settings[]=…`: which settings to read (all when omitted). */
const settingName = text().max(64);
export const userSettingsQuerySchema = z.object({ settings: z.union([settingName, listOf(settingName, { max: 20 })]).optional() });

export const twoFactorSetupResponseSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export const twoFactorConfirmRequestSchema = z.object({ code: text({ error: messages.invalidTwoFactorCode }).trim().regex(/^\d{6}$/, messages.invalidTwoFactorCode) });
export const recoveryCodesResponseSchema = z.object({ recovery_codes: z.array(z.string()) });

export const accessTokenStatuses = ['active', 'expired', 'all'] as const;
export const accessTokenListQuerySchema = z.object({ status: z.enum(accessTokenStatuses).default('active'), page: pageSchema, limit: pageSizeSchema(15, 100) });
export const accessTokenResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  created_at: z.string(),
  status: z.enum(['active', 'expired']),
});
export type AccessTokenResource = z.infer<typeof accessTokenResourceSchema>;
/**
 * `expires_in_days` may not exceed the tenant's maximum lifetime (`max_expires_in_days` in the
 * list's meta); null (never expires) is refused with the same 422.
 */
export const createAccessTokenRequestSchema = z.object({
  name: text({ error: messages.required }).trim().min(1, messages.required).max(255, messages.maxLength255),
  expires_in_days: coercedInteger({ min: 1, max: 3650 }).nullable().default(30),
});
export type CreateAccessTokenRequest = z.input<typeof createAccessTokenRequestSchema>;
export const createAccessTokenResponseSchema = z.object({ data: accessTokenResourceSchema, plain_text_token: z.string() });
export const accessTokenListResponseSchema = z.object({
  data: z.array(accessTokenResourceSchema),
  meta: z.object({
    current_page: z.number(),
    last_page: z.number(),
    per_page: z.number(),
    total: z.number(),
    token_total_count: z.number(),
    /** The tenant's maximum lifetime of a personal access token, in days. */
    max_expires_in_days: z.number(),
  }),
});
export type AccessTokenListResponse = z.infer<typeof accessTokenListResponseSchema>;

/** How many of the still-active personal access tokens a password change lists (newest first). */
export const CHANGED_PASSWORD_TOKEN_LIST_LIMIT = 100;
/**
 * A password change ends the other sessions and every device token; personal access tokens keep
 * working, so the answer lists the active ones for the user to revoke.
 */
export const changePasswordResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  personal_access_tokens: z.array(accessTokenResourceSchema),
  personal_access_token_count: z.number(),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
