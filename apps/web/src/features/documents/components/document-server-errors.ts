import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { mapServerErrors } from '../../../lib/form-errors';
import { type DocumentKind } from '../../../lib/document-kinds';
import { formPathOf } from '../document-form-values';

/**
 * A failed save of a document form (invoice, estimate or recurring invoice) through the shared
 * mapper: each request field goes to its form input (`isFormPath` knows which inputs the form has
 * now), a total error under the totals, and whatever no input shows into the form's alert.
 */
export function showDocumentServerErrors<T extends FieldValues>(
  err: unknown,
  kind: DocumentKind,
  isFormPath: (path: string) => path is Path<T>,
  setError: UseFormSetError<T>,
  showMessage: (message: string) => void,
): void {
  mapServerErrors(
    err,
    (requestPath, message, focus) => {
      const path = formPathOf(kind, requestPath);
      if (isFormPath(path)) {
        setError(path, { type: 'server', message }, { shouldFocus: focus });
        return true;
      }
      if (path === 'total') setError('root.total', { type: 'server', message });
      return false;
    },
    showMessage,
  );
}
