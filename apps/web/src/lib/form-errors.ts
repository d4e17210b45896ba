import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { firstFieldErrors, isApiError } from './api-error';
import { notifyError } from './notify';

function isKnownField<F extends string>(fields: readonly F[], name: string): name is F {
  return fields.some((field) => field === name);
}

/**
 * The one mapping of a failed call onto a form: the first message of each field in `fields` goes
 * to `show` (`focus` is true for the first one only). Anything the form cannot show next to a
 * field (unknown fields, other statuses) becomes a notification.
 */
export function showServerErrors<F extends string>(err: unknown, fields: readonly F[], show: (field: F, message: string, focus: boolean) => void): void {
  if (!isApiError(err) || !err.errors) {
    notifyError(err);
    return;
  }
  let shown = false;
  const leftover: string[] = [];
  for (const [name, message] of Object.entries(firstFieldErrors(err))) {
    if (isKnownField(fields, name)) {
      show(name, message, !shown);
      shown = true;
    } else {
      leftover.push(message);
    }
  }
  if (leftover.length > 0 || !shown) notifyError(new Error(leftover.join('\n') || err.message));
}

/** `showServerErrors` for a react-hook-form form: each message becomes the field's server error. */
export function handleFormError<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): void {
  showServerErrors(err, fields, (name, message, focus) => setError(name, { type: 'server', message }, { shouldFocus: focus }));
}
