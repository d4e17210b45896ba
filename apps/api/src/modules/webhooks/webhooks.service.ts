import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  type OutgoingEventDetail,
  type OutgoingEventResource,
  WEBHOOK_API_VERSIONS,
  type WebhookLogDetail,
  type WebhookLogResource,
  type WebhookResource,
  listMeta,
  messages,
  type outgoingEventQuerySchema,
  webhookEventCatalogue,
  webhookEventTypes,
  type webhookListQuerySchema,
  type webhookLogQuerySchema,
  type webhookRequestSchema,
} from '@app/contracts';
import type { Tx } from '../../db/client';
import { afterCommit, inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { DISPATCH_WEBHOOKS_JOB } from '../../platform/webhook-events';
import { envelopeOf } from './webhook-dispatcher';
import * as repo from './webhooks.repository';

export type { EndpointScope } from './webhooks.repository';
type EndpointScope = repo.EndpointScope;
type WebhookInput = z.output<typeof webhookRequestSchema>;

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

function toResource(row: repo.EndpointRow, now: Date): WebhookResource {
  const overlapping = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt : null;
  return {
    id: row.id,
    business_id: row.businessId,
    url: row.url,
    description: row.description,
    events: row.events,
    api_version: row.apiVersion,
    status: row.status,
    disabled_reason: row.disabledReason,
    failing_since: row.failingSince?.toISOString() ?? null,
    previous_secret_expires_at: overlapping?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toLog(attempt: repo.AttemptRow, eventType: string): WebhookLogResource {
  return {
    id: attempt.id,
    webhook_id: attempt.endpointId,
    event_id: attempt.eventId,
    event_type: eventType,
    message_id: attempt.requestHeaders['webhook-id'] ?? attempt.eventId,
    attempt: attempt.attempt,
    trigger: attempt.trigger,
    status: attempt.status,
    response_status: attempt.responseStatus,
    duration_ms: attempt.durationMs,
    error: attempt.error,
    created_at: attempt.createdAt.toISOString(),
  };
}

type EventListRow = Awaited<ReturnType<typeof repo.listEvents>>['rows'][number];

function toOutgoingEvent(row: EventListRow): OutgoingEventResource {
  const status = row.all === 0 ? 'no_endpoints' : row.pending > 0 ? 'pending' : row.failed > 0 ? 'failed' : 'delivered';
  return {
    id: row.event.id,
    type: row.event.type,
    api_version: row.event.apiVersion,
    business: row.event.businessId && row.businessName !== null ? { id: row.event.businessId, name: row.businessName } : null,
    source: row.businessName ?? 'platform',
    status,
    created_at: row.event.createdAt.toISOString(),
  };
}

const auditFields = (row: repo.EndpointRow) => ({ url: row.url, description: row.description, events: row.events, api_version: row.apiVersion, status: row.status });

/**
 * Webhook endpoints, their delivery logs and the outgoing events, for the tenant (admin area:
 * endpoints that receive every business's events) or for one business (settings: its own).
 */
export function createWebhookService(app: AppContext) {
  const offset = (query: { page: number; limit: number }) => Math.max(query.page - 1, 0) * query.limit;

  async function found(tx: Tx, scope: EndpointScope, id: string): Promise<repo.EndpointRow> {
    const row = await repo.findEndpoint(tx, scope, id);
    if (!row) throw AppError.notFound();
    return row;
  }

  /** Checked when saved, for a clear answer; the guarded client checks again at every attempt (DNS may change). */
  async function usableUrl(url: string): Promise<void> {
    const problem = await app.outboundHttp.check(url);
    if (problem !== null) throw AppError.validation('url', messages.webhookUrlRefused);
  }

  async function changed(actor: AuditActor, scope: EndpointScope, id: string, changes: (row: repo.EndpointRow) => Partial<repo.EndpointRow> | Promise<Partial<repo.EndpointRow>>, after?: (tx: Tx, row: repo.EndpointRow) => Promise<void>) {
    return inTenant(app.db, scope.tenantId, async (tx) => {
      const before = await found(tx, scope, id);
      const updated = await repo.updateEndpoint(tx, scope, id, { ...(await changes(before)), updatedAt: app.clock.now() });
      if (!updated) throw AppError.notFound();
      await after?.(tx, updated);
      await recordAudit(tx, actor, { model: 'webhook', modelId: id, action: 'updated', before: auditFields(before), after: auditFields(updated), label: updated.url });
      return toResource(updated, app.clock.now());
    });
  }

  return {
    catalogue() {
      return { data: webhookEventTypes.map((type) => ({ type, description: webhookEventCatalogue[type].description })), api_versions: [...WEBHOOK_API_VERSIONS] };
    },

    async list(scope: EndpointScope, query: z.output<typeof webhookListQuerySchema>) {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const { rows, total } = await repo.listEndpoints(tx, scope, query.status, offset(query), query.limit);
        const now = app.clock.now();
        return { data: rows.map((row) => toResource(row, now)), meta: listMeta(query.page, query.limit, total) };
      });
    },

    async get(scope: EndpointScope, id: string): Promise<WebhookResource> {
      return inTenant(app.db, scope.tenantId, async (tx) => toResource(await found(tx, scope, id), app.clock.now()));
    },

    /** The secret is in this answer and no other. */
    async create(actor: AuditActor, scope: EndpointScope, input: WebhookInput): Promise<{ data: WebhookResource; secret: string }> {
      await usableUrl(input.url);
      const secret = newSecret();
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const now = app.clock.now();
        const row = await repo.insertEndpoint(tx, {
          tenantId: scope.tenantId,
          id: newId(),
          businessId: scope.businessId,
          url: input.url,
          description: input.description ?? null,
          events: [...new Set(input.events)],
          apiVersion: input.api_version,
          status: 'enabled',
          secretSealed: app.secretBox.seal(secret),
          createdBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        });
        await recordAudit(tx, actor, { model: 'webhook', modelId: row.id, action: 'created', after: auditFields(row), label: row.url });
        return { data: toResource(row, now), secret };
      });
    },

    async update(actor: AuditActor, scope: EndpointScope, id: string, input: WebhookInput): Promise<WebhookResource> {
      await usableUrl(input.url);
      return changed(actor, scope, id, () => ({ url: input.url, description: input.description ?? null, events: [...new Set(input.events)], apiVersion: input.api_version }));
    },

    /** A person's enable also forgets the failures: the five days count again from the next failure. */
    async setEnabled(actor: AuditActor, scope: EndpointScope, id: string, enabled: boolean): Promise<WebhookResource> {
      return changed(
        actor,
        scope,
        id,
        () => (enabled ? { status: 'enabled', disabledReason: null, failingSince: null } : { status: 'disabled', disabledReason: null }),
        enabled ? undefined : (tx, row) => repo.cancelPendingDeliveries(tx, row.tenantId, row.id),
      );
    },

    /** A new secret signs from now on; the old one also signs for `overlapHours` (0: from now on only the new one). */
    async rotateSecret(actor: AuditActor, scope: EndpointScope, id: string, overlapHours: number): Promise<{ data: WebhookResource; secret: string }> {
      const secret = newSecret();
      const data = await changed(actor, scope, id, (row) => {
        const now = app.clock.now();
        return overlapHours > 0
          ? { secretSealed: app.secretBox.seal(secret), previousSecretSealed: row.secretSealed, previousSecretExpiresAt: new Date(now.getTime() + overlapHours * 3_600_000) }
          : { secretSealed: app.secretBox.seal(secret), previousSecretSealed: null, previousSecretExpiresAt: null };
      });
      return { data, secret };
    },

    async remove(actor: AuditActor, scope: EndpointScope, id: string): Promise<void> {
      await inTenant(app.db, scope.tenantId, async (tx) => {
        const row = await found(tx, scope, id);
        await repo.deleteEndpoint(tx, scope, id);
        await recordAudit(tx, actor, { model: 'webhook', modelId: id, action: 'deleted', before: auditFields(row), label: row.url });
      });
    },

    async logs(scope: EndpointScope, id: string, query: z.output<typeof webhookLogQuerySchema>) {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        await found(tx, scope, id);
        const status = query.status === 'all' ? undefined : query.status;
        const rows = await repo.listAttempts(tx, scope.tenantId, id, status, offset(query), query.limit);
        const counts = await repo.countAttemptsByStatus(tx, scope.tenantId, id);
        const total = status === undefined ? counts.succeeded + counts.failed : counts[status];
        return { data: rows.map((row) => toLog(row.attempt, row.eventType)), meta: { ...listMeta(query.page, query.limit, total), succeeded_count: counts.succeeded, failed_count: counts.failed } };
      });
    },

    async log(scope: EndpointScope, id: string, logId: string): Promise<WebhookLogDetail> {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        await found(tx, scope, id);
        const row = await repo.findAttempt(tx, scope.tenantId, id, logId);
        if (!row) throw AppError.notFound();
        const { attempt, event } = row;
        return {
          ...toLog(attempt, event.type),
          url: attempt.url,
          request_headers: attempt.requestHeaders,
          request_body: JSON.stringify(envelopeOf(event)),
          response_body: attempt.responseBody,
          response_truncated: attempt.responseTruncated,
        };
      });
    },

    /** Sends the logged attempt's event to the endpoint once more, with the same `webhook-id`, as soon as the dispatcher runs. */
    async replay(actor: AuditActor, scope: EndpointScope, id: string, logId: string): Promise<void> {
      await inTenant(app.db, scope.tenantId, async (tx) => {
        const endpoint = await found(tx, scope, id);
        const row = await repo.findAttempt(tx, scope.tenantId, id, logId);
        if (!row) throw AppError.notFound();
        if (endpoint.status !== 'enabled') throw AppError.conflict(messages.webhookDisabled);
        await repo.requestReplay(tx, scope.tenantId, row.attempt.deliveryId, app.clock.now());
        await recordAudit(tx, actor, { model: 'webhook', modelId: id, action: 'updated', after: { event: 'replay_requested', event_id: row.event.id }, label: endpoint.url });
        afterCommit(tx, () => app.jobs.send(DISPATCH_WEBHOOKS_JOB, { tenantId: scope.tenantId }).catch(() => undefined));
      });
    },

    async events(tenantId: string, businessId: string | null, query: z.output<typeof outgoingEventQuerySchema>) {
      return inTenant(app.db, tenantId, async (tx) => {
        const { rows, total } = await repo.listEvents(tx, tenantId, businessId, { type: query.type, status: query.status }, offset(query), query.limit);
        return { data: rows.map(toOutgoingEvent), meta: listMeta(query.page, query.limit, total) };
      });
    },

    async event(tenantId: string, businessId: string | null, id: string): Promise<OutgoingEventDetail> {
      return inTenant(app.db, tenantId, async (tx) => {
        const row = await repo.findEvent(tx, tenantId, businessId, id);
        if (!row) throw AppError.notFound();
        const deliveries = await repo.deliveriesOfEvent(tx, tenantId, businessId, id);
        return {
          ...toOutgoingEvent(row),
          payload: envelopeOf(row.event),
          deliveries: deliveries.map(({ delivery, url, endpointBusinessId }) => ({
            webhook_id: delivery.endpointId,
            webhook_business_id: endpointBusinessId,
            url,
            status: delivery.status,
            attempts: delivery.attempts,
            next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
            last_response_status: delivery.lastResponseStatus,
          })),
        };
      });
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
