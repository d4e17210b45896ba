import { z } from 'zod';
import { countedListPageResponse } from './common';
import { coercedInteger, listOf, pageSchema, pageSizeSchema, text } from './fields';
import { sharedMessages as messages } from './shared-messages';
import { urlSchema } from './url';
import { CURRENT_WEBHOOK_API_VERSION, WEBHOOK_API_VERSIONS, webhookEventTypes } from './webhook-events';

export const webhookStatuses = ['enabled', 'disabled'] as const;
export type WebhookStatus = (typeof webhookStatuses)[number];

/** `*` subscribes to every event, including those added later. */
export const WEBHOOK_ALL_EVENTS = '*';
const subscribableEvents = [WEBHOOK_ALL_EVENTS, ...webhookEventTypes] as const;

/** The retry schedule after a failed attempt (Standard Webhooks' recommendation), before jitter. */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;
/** An endpoint whose every attempt failed for this long is disabled (never deleted). */
export const WEBHOOK_DISABLE_AFTER_SECONDS = 5 * 86_400;
/** What of a response body the delivery log keeps. */
export const WEBHOOK_RESPONSE_BODY_LIMIT_BYTES = 2048;
/** How long the old signing secret still signs after a rotation, at most. */
export const WEBHOOK_MAX_SECRET_OVERLAP_HOURS = 7 * 24;

export const webhookRequestSchema = z.object({
  url: urlSchema,
  description: text().trim().max(255, messages.maxLength255).nullish(),
  events: listOf(text().pipe(z.enum(subscribableEvents, { message: messages.invalidWebhookEvent })), { min: 1, max: subscribableEvents.length }),
  api_version: text().pipe(z.enum(WEBHOOK_API_VERSIONS, { message: messages.invalidWebhookApiVersion })).default(CURRENT_WEBHOOK_API_VERSION),
});
export type WebhookRequest = z.input<typeof webhookRequestSchema>;

export const webhookRotateSecretSchema = z.object({
  overlap_hours: coercedInteger({ min: 0, max: WEBHOOK_MAX_SECRET_OVERLAP_HOURS }).default(24),
});

export const webhookResourceSchema = z.object({
  id: z.string(),
  business_id: z.string().nullable(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  api_version: z.string(),
  status: z.enum(webhookStatuses),
  /** Why the product disabled it (five days of failures); null when enabled or disabled by a person. */
  disabled_reason: z.string().nullable(),
  /** Since when every attempt failed; null while the last attempt succeeded. */
  failing_since: z.string().nullable(),
  /** Until when the secret before the last rotation still signs too; null without an overlap. */
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookResource = z.infer<typeof webhookResourceSchema>;

/** The signing secret (`whsec_…`), shown once: on creation and on rotation. */
export const webhookSecretResponseSchema = z.object({ data: webhookResourceSchema, secret: z.string() });
export type WebhookSecretResponse = z.infer<typeof webhookSecretResponseSchema>;

export const webhookListQuerySchema = z.object({ page: pageSchema, limit: pageSizeSchema(15, 100), status: z.enum(webhookStatuses).optional() });
export const webhookListResponseSchema = countedListPageResponse(webhookResourceSchema, {});

export const webhookLogTabs = ['all', 'succeeded', 'failed'] as const;
export const webhookLogQuerySchema = z.object({ page: pageSchema, limit: pageSizeSchema(15, 100), status: z.enum(webhookLogTabs).default('all') });

/** One attempt to deliver one event to one endpoint. */
export const webhookLogResourceSchema = z.object({
  id: z.string(),
  webhook_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  /** The `webhook-id` header: the same on every attempt and replay of the event to the endpoint. */
  message_id: z.string(),
  attempt: z.number(),
  trigger: z.enum(['scheduled', 'replay']),
  status: z.enum(['succeeded', 'failed']),
  response_status: z.number().nullable(),
  duration_ms: z.number(),
  /** Why the attempt failed without an answer (refused address, timeout, connection failed). */
  error: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookLogResource = z.infer<typeof webhookLogResourceSchema>;

export const webhookLogDetailSchema = webhookLogResourceSchema.extend({
  url: z.string(),
  request_headers: z.record(z.string(), z.string()),
  request_body: z.string(),
  /** The first 2 KB of the answer. */
  response_body: z.string().nullable(),
  response_truncated: z.boolean(),
});
export type WebhookLogDetail = z.infer<typeof webhookLogDetailSchema>;

export const webhookLogListResponseSchema = countedListPageResponse(webhookLogResourceSchema, { succeeded_count: z.number(), failed_count: z.number() });
export const webhookLogParamsSchema = z.object({ id: text().uuid(messages.invalidUuid), log_id: text().uuid(messages.invalidUuid) });

export const outgoingEventStatuses = ['pending', 'delivered', 'failed', 'no_endpoints'] as const;
export type OutgoingEventStatus = (typeof outgoingEventStatuses)[number];
export const outgoingEventQuerySchema = z.object({
  page: pageSchema,
  limit: pageSizeSchema(15, 100),
  type: text().max(100).optional(),
  status: z.enum(outgoingEventStatuses).optional(),
});

/** An event the product sent (or is sending) to webhook endpoints. */
export const outgoingEventResourceSchema = z.object({
  id: z.string(),
  type: z.string(),
  api_version: z.string(),
  business: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Where it came from: the business that caused it, or `platform`. */
  source: z.string(),
  status: z.enum(outgoingEventStatuses),
  created_at: z.string(),
});
export type OutgoingEventResource = z.infer<typeof outgoingEventResourceSchema>;

export const outgoingEventDeliverySchema = z.object({
  webhook_id: z.string(),
  /** Whose endpoint: null for the tenant's (admin area), else the business whose settings hold it. */
  webhook_business_id: z.string().nullable(),
  url: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed', 'cancelled']),
  attempts: z.number(),
  next_attempt_at: z.string().nullable(),
  last_response_status: z.number().nullable(),
});
export const outgoingEventDetailSchema = outgoingEventResourceSchema.extend({ payload: z.record(z.string(), z.unknown()), deliveries: z.array(outgoingEventDeliverySchema) });
export type OutgoingEventDetail = z.infer<typeof outgoingEventDetailSchema>;
export const outgoingEventListResponseSchema = countedListPageResponse(outgoingEventResourceSchema, {});

/** The catalogue as the admin screens show it: each event's name and meaning. */
export const webhookEventCatalogueResponseSchema = z.object({
  data: z.array(z.object({ type: z.string(), description: z.string() })),
  api_versions: z.array(z.string()),
});
