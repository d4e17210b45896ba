export type FieldErrors = Record<string, string[]>;

/**
 * Every failed call rejects with an ApiError. `silent` errors were already handled by the
 * transport (session ended, page reloading, server error swallowed) and must not be displayed.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors | undefined;
  readonly silent: boolean;
  /** A 403 of a feature the business's plan lacks: the cheapest plan that has it. */
  readonly requiredPlan: string | undefined;

  constructor(status: number, message: string, errors?: FieldErrors, silent = false, requiredPlan?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.silent = silent;
    this.requiredPlan = requiredPlan;
  }
}

/** The plan to move to when `err` refused a feature of the business's plan. */
export function requiredPlanOf(err: unknown): string | undefined {
  return isApiError(err) ? err.requiredPlan : undefined;
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Field → first message (the spec's display rule for validation errors). */
export function firstFieldErrors(err: unknown): Record<string, string> {
  if (!isApiError(err) || !err.errors) return {};
  const result: Record<string, string> = {};
  for (const [field, list] of Object.entries(err.errors)) {
    const first = list[0];
    if (first !== undefined) result[field] = first;
  }
  return result;
}

/** The text to show for an error, or null when it must not be shown. */
export function errorText(err: unknown, fallback: string, networkText = fallback): string | null {
  if (isApiError(err)) {
    if (err.silent) return null;
    if (err.status === 0) return networkText;
    const fields = Object.values(firstFieldErrors(err));
    if (fields.length > 0) return fields.join('\n');
    return err.message || fallback;
  }
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
