import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, ResolverOptions, ResolverResult } from 'react-hook-form';

/**
 * A document form's resolver answer for the problems its values have (path → message): each on its
 * input, or on the form's root (shown above the totals or in the alert) when no input shows it.
 */
export function problemsResolution<T extends FieldValues>(values: T, problems: Record<string, string>, isFormPath: (path: string) => boolean, options: ResolverOptions<T>): ResolverResult<T> {
  const entries = Object.entries(problems);
  if (entries.length === 0) return { values, errors: {} };
  const fieldErrors: Record<string, FieldError> = {};
  for (const [path, message] of entries) fieldErrors[isFormPath(path) ? path : `root.${path}`] = { type: 'validation', message };
  return { values: {}, errors: toNestErrors(fieldErrors, options) };
}
