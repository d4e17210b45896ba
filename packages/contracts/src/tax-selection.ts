import { z } from 'zod';
import { listOf, text } from './fields';
import { sharedMessages as messages } from './shared-messages';

/**
 * Tax types chosen for a line, a document or an item's defaults, each at most once: a tax type
 * listed twice would be charged twice. Ids compare case-insensitively, as the database compares UUIDs.
 */
export function taxSelectionSchema(max: number) {
  return listOf(z.object({ tax_type_id: text({ error: messages.invalidTaxType }).uuid(messages.invalidTaxType) }), { max }).superRefine((taxes, ctx) => {
    const seen = new Set<string>();
    taxes.forEach((tax, index) => {
      const id = tax.tax_type_id.toLowerCase();
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [index, 'tax_type_id'], message: messages.duplicateTax });
      seen.add(id);
    });
  });
}
