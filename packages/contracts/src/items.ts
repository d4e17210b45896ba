import { z } from 'zod';
import { listQuerySchema, optionalText255, uuidSchema } from './common';
import { coercedInteger, listOf, minorUnitsSchema, text } from './fields';
import { sharedMessages as messages } from './shared-messages';
import { decimalToMinorUnits, digitsWithinSafeRange, MAX_MINOR_UNITS } from './money';
import { taxSelectionSchema } from './tax-selection';

const listMetaShape = { current_page: z.number(), last_page: z.number(), per_page: z.number(), total: z.number() };
const requiredName = text({ error: messages.required }).trim().min(1, messages.required).max(255, messages.maxLength255);

// ---- Item units ----------------------------------------------------------------------------

export const itemUnitResourceSchema = z.object({ id: z.string(), name: z.string(), created_at: z.string() });
export type ItemUnitResource = z.infer<typeof itemUnitResourceSchema>;

export const itemUnitRequestSchema = z.object({ name: requiredName });
export type ItemUnitRequest = z.input<typeof itemUnitRequestSchema>;

export const itemUnitListResponseSchema = z.object({
  data: z.array(itemUnitResourceSchema),
  meta: z.object({ ...listMetaShape, item_unit_total_count: z.number() }),
});
export type ItemUnitListResponse = z.infer<typeof itemUnitListResponseSchema>;

// ---- Items ---------------------------------------------------------------------------------

/** A price in minor units. */
export const priceSchema = minorUnitsSchema({ invalid: messages.invalidPrice, tooManyDigits: messages.priceTooManyDigits, tooLarge: messages.priceTooLarge });

export const itemTaxSchema = z.object({
  id: z.string().optional(),
  tax_type_id: z.string(),
  name: z.string(),
  percent: z.string(),
  compound_tax: z.boolean(),
});

export const itemResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Minor units of the business currency. */
  price: z.number(),
  unit_id: z.string().nullable(),
  unit: z.object({ id: z.string(), name: z.string() }).nullable(),
  tax_type_ids: z.array(z.string()),
  taxes: z.array(itemTaxSchema),
  created_at: z.string(),
});
export type ItemResource = z.infer<typeof itemResourceSchema>;

export const itemRequestSchema = z.object({
  name: requiredName,
  description: optionalText255,
  price: priceSchema,
  unit_id: text().uuid(messages.invalidUnit).nullish(),
  taxes: taxSelectionSchema(50).default([]),
});
export type ItemRequest = z.input<typeof itemRequestSchema>;
export type ItemPayload = z.output<typeof itemRequestSchema>;

export const itemSortFields = ['name', 'price', 'created_at'] as const;

export const itemsQuerySchema = listQuerySchema.extend({
  name: text().max(255, messages.maxLength255).optional(),
  unit_id: uuidSchema.optional(),
  /** Price range in minor units. */
  price_from: coercedInteger({ max: MAX_MINOR_UNITS }).optional(),
  price_to: coercedInteger({ max: MAX_MINOR_UNITS }).optional(),
  orderByField: z.enum(itemSortFields).optional(),
  expand: text().max(100).optional(),
});
export type ItemsQuery = z.infer<typeof itemsQuerySchema>;

export const itemListResponseSchema = z.object({
  data: z.array(itemResourceSchema),
  meta: z.object({ ...listMetaShape, item_total_count: z.number() }),
});
export type ItemListResponse = z.infer<typeof itemListResponseSchema>;

export const itemBulkDeleteRequestSchema = z.object({
  ids: listOf(uuidSchema, { min: 1, max: 500, requiredMessage: messages.selectAtLeastOne }),
});

export const itemBulkDeleteResponseSchema = z.object({ success: z.boolean(), deleted: z.number(), skipped: z.number() });
export type ItemBulkDeleteResponse = z.infer<typeof itemBulkDeleteResponseSchema>;

/** A price typed as a decimal amount of a currency with `precision` decimals, converted to minor units exactly. */
export function decimalPriceField(precision: number) {
  return text()
    .trim()
    .min(1, messages.required)
    .transform((amount, ctx): number => {
      const parsed = decimalToMinorUnits(amount, precision);
      if (!parsed.ok) {
        const message = { invalid: messages.invalidPrice, too_many_digits: messages.priceTooManyDigits, too_many_decimals: messages.priceTooManyDecimals }[parsed.reason];
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      if (!digitsWithinSafeRange(parsed.minor)) {
        ctx.addIssue({ code: 'custom', message: messages.priceTooLarge });
        return z.NEVER;
      }
      return Number(parsed.minor);
    });
}

/**
 * The item form: the price typed as a decimal amount of the business currency, converted to
 * minor units exactly (the same rules as the API once converted).
 */
export function itemFormSchema(precision: number) {
  return z.object({
    name: requiredName,
    description: optionalText255,
    price: decimalPriceField(precision),
    unit_id: text().nullable(),
    tax_type_ids: z.array(text()),
  });
}
export type ItemFormValues = z.input<ReturnType<typeof itemFormSchema>>;
export type ItemFormOutput = z.output<ReturnType<typeof itemFormSchema>>;
