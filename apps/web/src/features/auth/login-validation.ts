import { type LoginRequest, loginRequestSchema } from '@app/contracts';
import type { z } from 'zod';

export type LoginField = keyof LoginRequest;
export type LoginFieldErrors = Partial<Record<LoginField, string>>;
export type LoginValidation = { ok: true; data: z.output<typeof loginRequestSchema> } | { ok: false; errors: LoginFieldErrors };

function isLoginField(name: PropertyKey | undefined): name is LoginField {
  return name === 'email' || name === 'password' || name === 'remember';
}

/**
 * The contract's check of the login form, with the first message of each field. Loaded on demand
 * by the login form, which keeps zod out of the login entry.
 */
export function validateLogin(values: LoginRequest): LoginValidation {
  const parsed = loginRequestSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: LoginFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isLoginField(field)) errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
