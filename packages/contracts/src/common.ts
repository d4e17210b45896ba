import { z } from 'zod';
import { messages } from './messages';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, { message: messages.required, abort: true })
  .max(255, messages.maxLength255)
  .regex(EMAIL_PATTERN, messages.incorrectEmail)
  .transform((email) => email.toLowerCase());

/** The spec's password rule: 8 to 128 characters (never truncated), mixed case, a number, a symbol. */
export const passwordSchema = z
  .string({ error: messages.required })
  .min(1, { message: messages.required, abort: true })
  .min(8, messages.passwordMin)
  .max(128, messages.passwordMax)
  .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p), messages.passwordMixedCase)
  .refine((p) => /\d/.test(p), messages.passwordNumber)
  .refine((p) => /[^A-Za-z0-9]/.test(p), messages.passwordSymbol);

export const nameSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, { message: messages.required, abort: true })
  .min(3, messages.nameMin)
  .max(255, messages.maxLength255);

export const optionalText255 = z.string().trim().max(255, messages.maxLength255).nullish();

export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()\-.]{7,20}$/, messages.invalidPhone);

export const slugSchema = z.string().trim().min(1, { message: messages.required, abort: true }).max(255).regex(/^[A-Za-z0-9_-]+$/, messages.slugFormat);

export const uuidSchema = z.string().uuid();

export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(0).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(15),
  orderByField: z.string().max(64).optional(),
  orderBy: z.enum(['asc', 'desc']).optional(),
  search: z.string().max(255).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export type ListMeta = { current_page: number; last_page: number; per_page: number; total: number };

export function listMeta(page: number, perPage: number, total: number): ListMeta {
  return { current_page: Math.max(page, 1), last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}

export const messageResponseSchema = z.object({ message: z.string() });
export const successResponseSchema = z.object({ success: z.boolean(), message: z.string().optional() });

/** 422 body: Laravel style; the client shows the first message of each field. */
export type ValidationErrorBody = { message: string; errors: Record<string, string[]> };
