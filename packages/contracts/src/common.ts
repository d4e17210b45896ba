import { z } from 'zod';
import { MAX_PAGE_SIZE, pageSchema, pageSizeSchema, text } from './fields';
import { sharedMessages as messages } from './shared-messages';

/** What the server reads of a JSON body (Fastify's bodyLimit) and of one uploaded file (multipart's fileSize). */
export const REQUEST_BODY_LIMIT_BYTES = 2 * 1024 * 1024;
export const UPLOAD_FILE_LIMIT_BYTES = 10 * 1024 * 1024;

/**
 * One address: no spaces, and none of the characters that separate or quote addresses in a mail
 * header (`,` `;` `<` `>` `"` …), which a mailer would read as a second recipient or a display name.
 */
const EMAIL_PATTERN = /^[^\s@,;:<>()[\]\\"]+@[^\s@,;:<>()[\]\\"]+\.[^\s@,;:<>()[\]\\".]+$/;

export const emailSchema = text({ error: messages.required })
  .trim()
  .min(1, { message: messages.required, abort: true })
  .max(255, messages.maxLength255)
  .regex(EMAIL_PATTERN, messages.incorrectEmail)
  .transform((email) => email.toLowerCase());

/** The spec's password rule: 8 to 128 characters (never truncated), mixed case, a number, a symbol. */
export const passwordSchema = text({ error: messages.required })
  .min(1, { message: messages.required, abort: true })
  .min(8, messages.passwordMin)
  .max(128, messages.passwordMax)
  .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p), messages.passwordMixedCase)
  .refine((p) => /\d/.test(p), messages.passwordNumber)
  .refine((p) => /[^A-Za-z0-9]/.test(p), messages.passwordSymbol);

export const nameSchema = text({ error: messages.required })
  .trim()
  .min(1, { message: messages.required, abort: true })
  .min(3, messages.nameMin)
  .max(255, messages.maxLength255);

export const optionalText255 = text().trim().max(255, messages.maxLength255).nullish();

export const phoneSchema = text()
  .trim()
  .regex(/^\+?[0-9 ()\-.]{7,20}$/, messages.invalidPhone);

export const slugSchema = text().trim().min(1, { message: messages.required, abort: true }).max(255, messages.maxLength255).regex(/^[A-Za-z0-9_-]+$/, messages.slugFormat);

export const uuidSchema = text().uuid(messages.invalidUuid);

/** A colour as '#rrggbb' (themes, PDF templates): nothing a renderer could read as a link. */
export const hexColorSchema = text({ error: messages.invalidColor }).trim().regex(/^#[0-9a-fA-F]{6}$/, messages.invalidColor);

/** `/x/:id` of every record addressed by a UUID. */
export const idParamsSchema = z.object({ id: uuidSchema });
/** `/x/:token` of mailed links (invitations, onboarding, public documents). */
export const tokenParamsSchema = z.object({ token: text().min(1, messages.required).max(200, messages.invalidToken) });

export const listQuerySchema = z.object({
  page: pageSchema,
  limit: pageSizeSchema(15, MAX_PAGE_SIZE),
  orderByField: text().max(64).optional(),
  orderBy: z.enum(['asc', 'desc']).optional(),
  search: text().max(255, messages.maxLength255).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const listMetaSchema = z.object({ current_page: z.number(), last_page: z.number(), per_page: z.number(), total: z.number() });
export type ListMeta = z.infer<typeof listMetaSchema>;

/** `?expand=a,b` of the record pages (what is always included anyway is accepted for the spec's clients). */
export const expandQuerySchema = z.object({ expand: text().max(100).optional() });

/** A JSON object whose service picks the contract it parses with (by what the body asks for). */
export const jsonObjectBodySchema = z.record(text(), z.unknown());

export function listMeta(page: number, perPage: number, total: number): ListMeta {
  return { current_page: Math.max(page, 1), last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}

/**
 * A free-text search counts its matches only this far (each match is a row read; the stored totals
 * cannot answer a pattern); past it the list says "1,000+" rather than an exact number.
 */
export const SEARCH_COUNT_CAP = 1000;

/** The meta of a list whose count may have stopped early: `total` is then how many were counted and more exist. */
export const cappedListMetaSchema = listMetaSchema.extend({ total_is_lower_bound: z.boolean() });
export type CappedListMeta = z.infer<typeof cappedListMetaSchema>;

/**
 * How many matches a capped count reads for this page: one past the cap, or one past the page when
 * the reader has gone deeper, so that there is always a next page while more matches exist.
 */
export function cappedCountLimit(page: number, perPage: number): number {
  return Math.max(SEARCH_COUNT_CAP, Math.max(page, 1) * perPage) + 1;
}

/** A page's meta from a count that read at most `cappedCountLimit(page, perPage)` matches. */
export function cappedListMeta(page: number, perPage: number, counted: number): CappedListMeta {
  const bound = cappedCountLimit(page, perPage) - 1;
  if (counted <= bound) return { ...listMeta(page, perPage, counted), total_is_lower_bound: false };
  return { ...listMeta(page, perPage, bound), last_page: Math.ceil(counted / perPage), total_is_lower_bound: true };
}

/** A page's meta from an exact count. */
export function exactListMeta(page: number, perPage: number, total: number): CappedListMeta {
  return { ...listMeta(page, perPage, total), total_is_lower_bound: false };
}

export const messageResponseSchema = z.object({ message: z.string() });
/** `/healthz` and `/readyz`: ok, ready or starting. */
export const healthResponseSchema = z.object({ status: z.string() });
export const successResponseSchema = z.object({ success: z.boolean(), message: z.string().optional() });

/** `{ data }`: the envelope of one record, or of a list served whole. */
export function dataResponse<Schema extends z.ZodType>(schema: Schema) {
  return z.object({ data: schema });
}

/** A page of a list: `{ data: [...], meta }`. */
export function listPageResponse<Item extends z.ZodType>(item: Item) {
  return z.object({ data: z.array(item), meta: listMetaSchema });
}

/** A page of a list whose meta also carries totals (a tab's count), named by `counts`. */
export function countedListPageResponse<Item extends z.ZodType, Counts extends z.ZodRawShape>(item: Item, counts: Counts) {
  return z.object({ data: z.array(item), meta: listMetaSchema.extend(counts) });
}

/** The 2xx of a route that answers with no body (204). */
export const noContentResponseSchema = z.null().meta({ description: 'No content' });

/** A file's bytes, in an answer (a Buffer is sent as is, never serialized) or a multipart upload: described as a binary string. */
export const binaryFileSchema = z.unknown().meta({ type: 'string', format: 'binary' });

/** A multipart upload of one image in `field` (avatar, logo). */
export function imageUploadBody(field: string) {
  return z.object({ [field]: binaryFileSchema });
}

/** The 2xx of a route that answers with a file rather than JSON: its media types, each a binary body. */
export function fileResponse(mediaTypes: readonly string[], description: string) {
  return { description, content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema: binaryFileSchema }])) };
}

/** 422 body: Laravel style; the client shows the first message of each field. */
export type ValidationErrorBody = { message: string; errors: Record<string, string[]> };
