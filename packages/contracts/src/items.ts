import { z } from 'zod';
import { listQuerySchema, optionalText255 } from './common';
import { messages } from './messages';
import { decimalToMinorUnits, digitsWithinSafeRange, MAX_AMOUNT_DIGITS } from './money';
import { taxSelectionSchema } from './tax-selection';

const listMetaShape = { current_page: z.number(), last_page: z.number(), per_page: z.number(), total: z.number() };
const requiredName = z.string({ error: messages.required }).trim().min(1, messages.required).max(255, messages.maxLength255);

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

/**
 * A price in minor units, as a JSON integer or a string of digits: at most 20 digits and never
 * beyond what a JS number holds exactly (the client would silently round it).
 */
export const priceSchema = z.union([z.number(), z.string()], { error: messages.required }).transform((raw, ctx): number => {
  const text = typeof raw === 'number' ? (Number.isInteger(raw) && raw >= 0 ? BigInt(raw).toString() : '-') : raw.trim();
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  if (text === '') return fail(messages.required);
  if (!/^\d+$/.test(text)) return fail(messages.invalidPrice);
  if (text.replace(/^0+(?=\d)/, '').length > MAX_AMOUNT_DIGITS) return fail(messages.priceTooManyDigits);
  if (!digitsWithinSafeRange(text)) return fail(messages.priceTooLarge);
  return Number(text);
});

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
  unit_id: z.string().uuid(messages.invalidUnit).nullish(),
  taxes: taxSelectionSchema(50).default([]),
});
export type ItemRequest = z.input<typeof itemRequestSchema>;
export type ItemPayload = z.output<typeof itemRequestSchema>;

export const itemSortFields = ['name', 'price', 'created_at'] as const;

export const itemsQuerySchema = listQuerySchema.extend({
  name: z.string().max(255).optional(),
  unit_id: z.string().uuid().optional(),
  /** Price range in minor units. */
  price_from: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  price_to: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  orderByField: z.enum(itemSortFields).optional(),
  expand: z.string().max(100).optional(),
});
export type ItemsQuery = z.infer<typeof itemsQuerySchema>;

export const itemListResponseSchema = z.object({
  data: z.array(itemResourceSchema),
  meta: z.object({ ...listMetaShape, item_total_count: z.number() }),
});
export type ItemListResponse = z.infer<typeof itemListResponseSchema>;

export const itemBulkDeleteRequestSchema = z.object({
  ids: z.array(z.string().uuid(messages.invalidUuid), { error: messages.selectAtLeastOne }).min(1, messages.selectAtLeastOne).max(500),
});

export const itemBulkDeleteResponseSchema = z.object({ success: z.boolean(), deleted: z.number(), skipped: z.number() });
export type ItemBulkDeleteResponse = z.infer<typeof itemBulkDeleteResponseSchema>;

/**
 * The item form: the price typed as a decimal amount of the business currency, converted to
 * minor units exactly (the same rules as the API once converted).
 */
export function itemFormSchema(precision: number) {
  return z.object({
    name: requiredName,
    description: optionalText255,
    price: z
      .string()
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
      }),
    unit_id: z.string().nullable(),
    tax_type_ids: z.array(z.string()),
  });
}
export type ItemFormValues = z.input<ReturnType<typeof itemFormSchema>>;
export type ItemFormOutput = z.output<ReturnType<typeof itemFormSchema>>;
