import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { firstFieldErrors, isApiError } from './api-error';
import { notifyError } from './notify';

/**
 * Where a failed call's field message goes: shown next to `field` (and then true), or not a field
 * of this form (false). `focus` is true until one message was shown.
 */
export type PlaceFieldError = (field: string, message: string, focus: boolean) => boolean;

/**
 * When the forms that take amounts and dates check what is typed: a field's message appears once
 * the user leaves it (or on submit), never on a form nobody has touched, and then follows each change.
 */
export const touchedValidation = { mode: 'onTouched', reValidateMode: 'onChange' } as const;

function notifyRest(message: string): void {
  notifyError(new Error(message));
}

/**
 * The one mapping of a failed call onto a form: the first message of each field goes to `place`.
 * Whatever no field shows (unknown fields, or the call's message when no field took one) goes to
 * `showRest`, a notification unless the form has a place of its own for it; other failures
 * (no field errors) are notified.
 */
export function mapServerErrors(err: unknown, place: PlaceFieldError, showRest: (message: string) => void = notifyRest): void {
  if (!isApiError(err) || !err.errors) {
    notifyError(err);
    return;
  }
  let shown = false;
  const leftover: string[] = [];
  for (const [name, message] of Object.entries(firstFieldErrors(err))) {
    if (place(name, message, !shown)) shown = true;
    else leftover.push(message);
  }
  if (leftover.length > 0 || !shown) showRest(leftover.join('\n') || err.message);
}

function isKnownField<F extends string>(fields: readonly F[], name: string): name is F {
  return fields.some((field) => field === name);
}

interface FormErrorOptions {
  /** The form's name for a field the API names otherwise (e.g. inside the request's `settings` object). */
  rename?: (field: string) => string;
}

/**
 * `mapServerErrors` for a react-hook-form form: the message of each of `fields` becomes that
 * field's server error, the first one focused; the rest is notified.
 */
export function handleFormError<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[], { rename }: FormErrorOptions = {}): void {
  mapServerErrors(err, (field, message, focus) => {
    const name = rename ? rename(field) : field;
    if (!isKnownField(fields, name)) return false;
    setError(name, { type: 'server', message }, { shouldFocus: focus });
    return true;
  });
}
