import type { Path } from 'react-hook-form';
import type { DocumentFormValues } from '../document-form-values';

const topLevelFields = new Set<string>(['customer_id', 'number', 'date', 'due_date', 'reference_number', 'template_name', 'notes', 'discount', 'taxes']);
const lineFieldPattern = /^items\.(\d+)\.(name|description|unit_name|quantity|price|discount|taxes)$/;

/** Whether an error path names a field the form shows ('items.3.price' only while line 4 exists). */
export function isFormPath(path: string, values: Pick<DocumentFormValues, 'items'>): path is Path<DocumentFormValues> {
  if (topLevelFields.has(path)) return true;
  const line = lineFieldPattern.exec(path);
  return line !== null && Number(line[1]) < values.items.length;
}
