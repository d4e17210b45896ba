import { z } from 'zod';
import { countedListPageResponse, listQuerySchema, uuidSchema } from './common';
import { text } from './fields';

/** Events the tenant's providers sent us (the admin area's "events"), as the inbox stores them. */

export const providerEventStatuses = ['received', 'processed', 'failed'] as const;
export type ProviderEventStatus = (typeof providerEventStatuses)[number];

/** The path providers deliver events to, on the tenant's own domain. */
export const paymentProviderWebhookPath = '/api/v1/webhooks/payment-provider';

/** The tenant's lender delivers loan events here, on the tenant's own domain, with the tenant's id in the path. */
export const financingProviderWebhookPath = (tenantId: string) => `/api/v1/webhooks/financing-provider/${tenantId}`;
export const financingWebhookParamsSchema = z.object({ tenantId: uuidSchema });

/**
 * The source of the differences the daily loan reconciliation finds between the ledger, the loans
 * and the lender's records: listed among the events (once per distinct difference), named
 * `reconciliation.*`, made by the job `loan-reconciliation` rather than delivered by a POST.
 */
export const reconciliationEventSource = 'reconciliation';
export const LOAN_RECONCILIATION_JOB = 'loan-reconciliation';

export const providerEventsQuerySchema = listQuerySchema.extend({
  /** The provider's event name, exactly (`account.updated`). */
  type: text().trim().max(100).optional(),
  status: z.enum(providerEventStatuses).optional(),
});
export type ProviderEventsQuery = z.input<typeof providerEventsQuerySchema>;

/** The spec's Event columns: event name, created at, id, date (received), source, status, method, url. */
export const providerEventResourceSchema = z.object({
  id: z.string(),
  event_name: z.string(),
  /** The provider's own id (`evt_…`). */
  provider_event_id: z.string(),
  /** The provider that sent it (`stripe`, or `financing` for the tenant's lender), or `reconciliation` for a difference the loan reconciliation found. */
  source: z.string(),
  status: z.enum(providerEventStatuses),
  /** How and where it arrived: a POST to the webhook path, or `JOB` and the job's name for a reconciliation difference. */
  method: z.string(),
  url: z.string(),
  account: z.string().nullable(),
  livemode: z.boolean(),
  /** When the provider made the event. */
  created_at: z.string(),
  /** When we received it. */
  received_at: z.string(),
  processed_at: z.string().nullable(),
});
export type ProviderEventResource = z.infer<typeof providerEventResourceSchema>;
export const providerEventListResponseSchema = countedListPageResponse(providerEventResourceSchema, { event_total_count: z.number() });

export const providerEventDetailSchema = providerEventResourceSchema.extend({
  attempts: z.number(),
  last_error: z.string().nullable(),
  /** The event as the provider sent it (its signature checked before it was stored). */
  payload: z.unknown(),
});
export type ProviderEventDetail = z.infer<typeof providerEventDetailSchema>;

/** What the webhook answers a delivery it accepted (new or a duplicate). */
export const providerEventReceiptSchema = z.object({ received: z.literal(true) });
