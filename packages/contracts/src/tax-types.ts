import { z } from 'zod';
import { listQuerySchema, optionalText255 } from './common';
import { requiredOr, text } from './fields';
import { sharedMessages as messages } from './shared-messages';

const listMetaShape = { current_page: z.number(), last_page: z.number(), per_page: z.number(), total: z.number() };

/** A percent from 0 to 100 with at most 4 decimals (numeric(7,4)), as a number or text, returned normalised ('7.25'). */
export function percentTextSchema(invalid: string) {
  return z.union([z.number(), text()], { error: requiredOr(invalid) }).transform((raw, ctx): string => {
    const text = typeof raw === 'number' ? (Number.isFinite(raw) ? String(raw) : '') : raw.trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: messages.required });
      return z.NEVER;
    }
    const match = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(text);
    const whole = Number(match?.[1] ?? '101');
    const fraction = match?.[2] ?? '';
    if (!match || whole > 100 || (whole === 100 && /[1-9]/.test(fraction))) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return normalizePercent(text);
  });
}

/** Spec: 'Enter valid tax rate': a number from 0 to 100 with at most 4 decimals. */
export const taxRateSchema = percentTextSchema(messages.invalidTaxRate);

/** '7.2500' → '7.25', '10.0' → '10': how a stored numeric is shown and returned. */
export function normalizePercent(value: string): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  const plainWhole = whole.replace(/^0+(?=\d)/, '');
  return trimmed ? `${plainWhole}.${trimmed}` : plainWhole;
}

export const taxTypeResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  percent: z.string(),
  compound_tax: z.boolean(),
  created_at: z.string(),
});
export type TaxTypeResource = z.infer<typeof taxTypeResourceSchema>;

export const taxTypeRequestSchema = z.object({
  name: text({ error: messages.required }).trim().min(1, messages.required).max(255, messages.maxLength255),
  description: optionalText255,
  percent: taxRateSchema,
  compound_tax: z.boolean().default(false),
});
export type TaxTypeRequest = z.input<typeof taxTypeRequestSchema>;
export type TaxTypePayload = z.output<typeof taxTypeRequestSchema>;

export const taxTypesQuerySchema = listQuerySchema;

export const taxTypeListResponseSchema = z.object({
  data: z.array(taxTypeResourceSchema),
  meta: z.object({ ...listMetaShape, tax_type_total_count: z.number() }),
});
export type TaxTypeListResponse = z.infer<typeof taxTypeListResponseSchema>;

/** `DELETE /tax-types/:id`. */
export const taxTypeDeleteResponseSchema = z.object({ deleted: z.boolean() });

export const salesTaxRequestSchema = z.object({
  state: text({ error: messages.required }).trim().min(1, messages.required).max(100, messages.invalidState),
  country: text().trim().max(100, messages.invalidCountry).nullish(),
  zip: text()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, messages.invalidZip)
    .nullish()
    .or(z.literal('')),
});
export type SalesTaxRequest = z.input<typeof salesTaxRequestSchema>;

export const salesTaxResponseSchema = z.object({
  data: z.object({
    state: z.string(),
    state_name: z.string(),
    /** Percent, e.g. '7.25'. */
    rate: z.string(),
    /** Always the state-level base rate: county, city and district rates are not included. */
    kind: z.literal('state_base_rate'),
    source: z.string(),
    as_of: z.string(),
  }),
});
export type SalesTaxResponse = z.infer<typeof salesTaxResponseSchema>;
