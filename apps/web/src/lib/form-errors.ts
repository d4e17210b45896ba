import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { firstFieldErrors, isApiError } from './api-error';
import { notifyError } from './notify';

function isKnownField<T extends FieldValues>(fields: readonly Path<T>[], name: string): name is Path<T> {
  return fields.some((field) => field === name);
}

/**
 * Maps a 422's field errors onto the form (first message of each field). Anything the form
 * cannot show next to a field (unknown fields, other statuses) becomes a notification.
 */
export function handleFormError<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): void {
  if (!isApiError(err) || !err.errors) {
    notifyError(err);
    return;
  }
  let focused = false;
  const leftover: string[] = [];
  for (const [name, message] of Object.entries(firstFieldErrors(err))) {
    if (isKnownField(fields, name)) {
      setError(name, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else {
      leftover.push(message);
    }
  }
  if (leftover.length > 0 || !focused) notifyError(new Error(leftover.join('\n') || err.message));
}
