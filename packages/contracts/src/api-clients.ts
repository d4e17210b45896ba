import { z } from 'zod';
import { countedListPageResponse, listQuerySchema, uuidSchema } from './common';
import { listOf, text } from './fields';
import { sharedMessages as messages } from './shared-messages';

/**
 * API clients (admin → API clients, ability `manage-api-client`): an OAuth 2.0 client-credentials
 * client acting for the admin who registered it, in one business (its abilities are business
 * abilities) or, with no business, the platform scope (platform abilities). The secret is shown once.
 */
export const apiClientResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  client_id: z.string(),
  business: z.object({ id: z.string(), name: z.string() }).nullable(),
  abilities: z.array(z.string()),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiClientResource = z.infer<typeof apiClientResourceSchema>;

/** Newest first; revoked clients stay listed (with `revoked_at`). */
export const apiClientsQuerySchema = listQuerySchema.pick({ page: true, limit: true });
export const apiClientListResponseSchema = countedListPageResponse(apiClientResourceSchema, { api_client_total_count: z.number() });
export type ApiClientListResponse = z.infer<typeof apiClientListResponseSchema>;

const clientNameSchema = text({ error: messages.required }).trim().min(1, messages.required).max(255, messages.maxLength255);

export const createApiClientRequestSchema = z.object({
  name: clientNameSchema,
  business_id: uuidSchema.nullable().default(null),
  abilities: listOf(text().max(100, messages.invalidAbility), { min: 1, max: 200, requiredMessage: messages.selectAtLeastOne }),
});
export type CreateApiClientRequest = z.input<typeof createApiClientRequestSchema>;

/** The only answer that carries the secret: it is stored hashed and never shown again. */
export const createApiClientResponseSchema = z.object({ data: apiClientResourceSchema, client_secret: z.string() });
export type CreateApiClientResponse = z.infer<typeof createApiClientResponseSchema>;

export const renameApiClientRequestSchema = z.object({ name: clientNameSchema });

/** What the create form may offer: the caller's platform abilities and, per business they belong to, their abilities there. */
export const apiClientOptionsResponseSchema = z.object({
  data: z.object({
    platform_abilities: z.array(z.string()),
    businesses: z.array(z.object({ id: z.string(), name: z.string(), abilities: z.array(z.string()) })),
  }),
});
export type ApiClientOptions = z.infer<typeof apiClientOptionsResponseSchema>['data'];

/** RFC 6749 section 4.4: the client-credentials grant (form-urlencoded or JSON; the credentials may come in Basic instead). */
export const oauthTokenRequestSchema = z.object({
  grant_type: text().max(100).optional(),
  client_id: text().max(200).optional(),
  client_secret: text().max(200).optional(),
  scope: text().max(1000).optional(),
});

/** RFC 6749 section 5.1; `scope` lists the abilities the token holds, space-separated (section 3.3). */
export const oauthTokenResponseSchema = z.object({ access_token: z.string(), token_type: z.literal('Bearer'), expires_in: z.number(), scope: z.string() });
export type OauthTokenResponse = z.infer<typeof oauthTokenResponseSchema>;

export const oauthErrorCodes = ['invalid_request', 'invalid_client', 'unsupported_grant_type', 'invalid_scope'] as const;
export type OauthErrorCode = (typeof oauthErrorCodes)[number];
/** RFC 6749 section 5.2. */
export const oauthErrorResponseSchema = z.object({ error: z.enum(oauthErrorCodes), error_description: z.string() });
export type OauthErrorResponse = z.infer<typeof oauthErrorResponseSchema>;
