import { z } from 'zod';
import { referenceIdSchema, text } from './fields';
import { sharedMessages as messages } from './shared-messages';

/** numeric(20, 10): up to ten whole digits and ten decimals, above zero. */
const RATE_PATTERN = /^\d{1,10}(\.\d{1,10})?$/;

/** Units of the business currency per one unit of `currency_id`, entered by hand (settings → exchange rate). */
export const exchangeRateResourceSchema = z.object({
  currency_id: z.number(),
  currency_code: z.string(),
  rate: z.string(),
  updated_at: z.string(),
});
export type ExchangeRateResource = z.infer<typeof exchangeRateResourceSchema>;

export const exchangeRateRequestSchema = z.object({
  rate: z
    .union([text(), z.number()], { error: messages.invalidExchangeRate })
    .transform((raw) => (typeof raw === 'number' ? String(raw) : raw).trim())
    .refine((text) => RATE_PATTERN.test(text) && /[1-9]/.test(text), messages.invalidExchangeRate),
});
export type ExchangeRateRequest = z.input<typeof exchangeRateRequestSchema>;

export const exchangeRateParamsSchema = z.object({ currency_id: referenceIdSchema });

/** At most one row per currency of the catalogue, so the list is bounded without paging. */
export const exchangeRateListResponseSchema = z.object({ data: z.array(exchangeRateResourceSchema), business_currency_id: z.number() });
export type ExchangeRateListResponse = z.infer<typeof exchangeRateListResponseSchema>;
