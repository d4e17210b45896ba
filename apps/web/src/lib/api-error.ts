export type FieldErrors = Record<string, string[]>;

/**
 * Every failed call rejects with an ApiError. `silent` errors were already handled by the
 * transport (session ended, page reloading, server error swallowed) and must not be displayed.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors | undefined;
  readonly silent: boolean;

  constructor(status: number, message: string, errors?: FieldErrors, silent = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.silent = silent;
  }
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
