import {
  LOAN_RECONCILIATION_JOB,
  type ProviderEventDetail,
  type ProviderEventResource,
  financingProviderWebhookPath,
  listMeta,
  paymentProviderWebhookPath,
  type providerEventsQuerySchema,
  reconciliationEventSource,
} from '@app/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import * as repo from './provider-events.repository';
import { FINANCING_PROVIDER, type WebhookDelivery, type WebhookSource, financingWebhookSource, paymentWebhookSource } from './webhook-sources';

/** The job that processes one stored event. */
export const PROCESS_PROVIDER_EVENT_JOB = 'provider-event-process';
/**
 * Events arrive in bursts (an onboarding sends several): each fetch takes up to 50, four run at a
 * time (each its own transaction with its row locked), leaving the pool room for requests.
 */
const PROCESSING = { batchSize: 50, concurrency: 4 };
/**
 * A new event is processed by the request that stored it, before the provider is answered; the
 * job sent with it starts this much later and only finds work when that run failed or the process
 * ended first. Left to the queue, its polling (a second per fetch) set the pace: 0.5 s median from
 * receipt to processed for a steady 20 events/s, and 17 s p99 after a burst (bench `webhooks`).
 */
const BACKSTOP_AFTER_SECONDS = 30;

/** A stored, verified event as a handler sees it. */
export type InboxEvent = {
  /** Our id of the stored event. */
  id: string;
  tenantId: string;
  provider: string;
  providerEventId: string;
  type: string;
  account: string | null;
  /** Unix seconds, the provider's. */
  created: number;
  livemode: boolean;
  /** The event's object (`data.object`), as the provider sent it: for the lender's `loan.*` events, the loan (read it with `lenderLoanSchema`). */
  object: Record<string, unknown>;
};

/**
 * What another module does with an event type (the payout-account module with `account.updated`).
 * It runs in the inbox's transaction, with the event row locked: its writes and the event's
 * `processed` mark commit together, so a handler runs to completion once per event.
 */
export type ProviderEventHandler = (tx: Tx, event: InboxEvent) => Promise<void>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function objectOf(payload: unknown): Record<string, unknown> {
  const data = isRecord(payload) ? payload.data : null;
  return isRecord(data) && isRecord(data.object) ? data.object : {};
}

type ListedRow = Pick<repo.ProviderEventRow, 'id' | 'provider' | 'providerEventId' | 'type' | 'account' | 'createdAt' | 'livemode' | 'receivedAt' | 'processedAt' | 'status'>;

/** How the event reached us: a provider's POST to its webhook path, or the reconciliation job. */
function arrivalOf(tenantId: string, provider: string): Pick<ProviderEventResource, 'method' | 'url'> {
  if (provider === reconciliationEventSource) return { method: 'JOB', url: LOAN_RECONCILIATION_JOB };
  return { method: 'POST', url: provider === FINANCING_PROVIDER ? financingProviderWebhookPath(tenantId) : paymentProviderWebhookPath };
}

function toResource(tenantId: string, row: ListedRow): ProviderEventResource {
  return {
    id: row.id,
    event_name: row.type,
    provider_event_id: row.providerEventId,
    source: row.provider,
    status: row.status,
    ...arrivalOf(tenantId, row.provider),
    account: row.account,
    livemode: row.livemode,
    created_at: row.createdAt.toISOString(),
    received_at: row.receivedAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
  };
}

/** A difference the loan reconciliation found: `key` names it (what disagrees, with the figures), so the same difference is listed once. */
export type ReconciliationDifference = { key: string; type: string; summary: string; details: Record<string, unknown> };

/**
 * Lists a reconciliation difference among the tenant's events, in the caller's transaction: stored
 * once per key (a later run finding the same difference adds nothing) and left `received`, as
 * nothing processes it; an admin reads it. True when it is new.
 */
export async function recordReconciliationDifferenceInTx(tx: Tx, tenantId: string, difference: ReconciliationDifference, at: Date): Promise<boolean> {
  const id = await repo.insertOnce(tx, {
    tenantId,
    id: newId(),
    provider: reconciliationEventSource,
    providerEventId: difference.key,
    type: difference.type,
    account: null,
    createdAt: at,
    livemode: true,
    payload: { summary: difference.summary, ...difference.details },
    receivedAt: at,
  });
  return id !== null;
}

/** Which module handles which event type: one handler per type, registered when the app is built. */
export type ProviderEventHandlers = {
  register(type: string, handler: ProviderEventHandler): void;
  handlerFor(type: string): ProviderEventHandler | undefined;
};

export function createProviderEventHandlers(): ProviderEventHandlers {
  const handlers = new Map<string, ProviderEventHandler>();
  return {
    register(type, handler) {
      if (handlers.has(type)) throw new Error(`A handler for ${type} events is already registered`);
      handlers.set(type, handler);
    },
    handlerFor: (type) => handlers.get(type),
  };
}

/**
 * The inbox of provider events (the payment provider's and the lender's, one code path): a delivery
 * is verified (signature and timestamp, over the raw body, with the tenant's secret for that
 * provider) before anything in it is read, stored once per provider
 * event id, and processed by a job through the handlers other modules register.
 */
export function createProviderEventService(app: AppContext, handlers: ProviderEventHandlers) {

  async function enqueue(tenantId: string, eventId: string): Promise<void> {
    await app.jobs.send(PROCESS_PROVIDER_EVENT_JOB, { tenantId, eventId }, { startAfterSeconds: BACKSTOP_AFTER_SECONDS });
  }

  return {
    /** Makes this process a worker for the processing job (a failed run is retried with the queue's backoff). */
    async registerJob(): Promise<void> {
      await app.jobs.register(PROCESS_PROVIDER_EVENT_JOB, async (data) => {
        const { tenantId, eventId } = data;
        if (typeof tenantId !== 'string' || typeof eventId !== 'string') throw new Error('A provider-event job names no tenant or event');
        await this.process(tenantId, eventId);
      }, PROCESSING);
    },

    /**
     * A delivery to one of the tenant's webhooks (the payment provider's, the lender's): refused
     * (400, nothing stored) unless its signature over the raw body and its timestamp check out with
     * the tenant's own secret; stored once per provider event id; processed at once, with a job
     * queued behind it in case that fails. A duplicate answers as the first did and stores nothing;
     * one not processed yet is tried again.
     */
    async receive(tenantId: string, source: WebhookSource, delivery: WebhookDelivery): Promise<void> {
      const verified = await source.verify(app, tenantId, delivery);
      const stored = await inTenant(app.db, tenantId, async (tx) => {
        const id = await repo.insertOnce(tx, {
          tenantId,
          id: newId(),
          provider: source.provider,
          providerEventId: verified.id,
          type: verified.type,
          account: verified.account,
          createdAt: new Date(verified.created * 1000),
          livemode: verified.livemode,
          payload: verified.payload,
          receivedAt: app.clock.now(),
        });
        if (id) return { id, processed: false };
        const existing = await repo.findByProviderEventId(tx, tenantId, source.provider, verified.id);
        return existing ? { id: existing.id, processed: existing.status === 'processed' } : null;
      });
      if (!stored || stored.processed) return;
      await enqueue(tenantId, stored.id);
      // The event is stored: a failure is on its row (attempts, last error) and the job retries it,
      // so the provider is told it arrived either way.
      await this.process(tenantId, stored.id).catch(() => undefined);
    },

    receivePayment(tenantId: string, delivery: WebhookDelivery): Promise<void> {
      return this.receive(tenantId, paymentWebhookSource, delivery);
    },

    /**
     * The lender's delivery to `/webhooks/financing-provider/{tenantId}`: the host picks the tenant
     * as for every request, and the path must name that same tenant (else 404, nothing read), so a
     * URL registered at a lender for one tenant never reaches another.
     */
    async receiveFinancing(tenantId: string, addressedTenantId: string, delivery: WebhookDelivery): Promise<void> {
      if (addressedTenantId !== tenantId) throw AppError.notFound();
      await this.receive(tenantId, financingWebhookSource, delivery);
    },

    /**
     * Processes one stored event: its handler and the `processed` mark in one transaction with the
     * row locked, so a second run (a duplicate job, a retry) finds it processed and does nothing.
     * A failure is recorded on the row (attempts, last error) and rethrown for the queue to retry.
     */
    async process(tenantId: string, eventId: string): Promise<void> {
      try {
        await inTenant(app.db, tenantId, async (tx) => {
          const row = await repo.lockEvent(tx, tenantId, eventId);
          if (!row || row.status === 'processed') return;
          // Types nobody handles are marked processed with nothing done.
          const handler = handlers.handlerFor(row.type);
          if (handler) {
            await handler(tx, {
              id: row.id,
              tenantId,
              provider: row.provider,
              providerEventId: row.providerEventId,
              type: row.type,
              account: row.account,
              created: Math.floor(row.createdAt.getTime() / 1000),
              livemode: row.livemode,
              object: objectOf(row.payload),
            });
          }
          await repo.markProcessed(tx, tenantId, eventId, app.clock.now());
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await inTenant(app.db, tenantId, (tx) => repo.markFailed(tx, tenantId, eventId, message.slice(0, 1000)));
        throw error;
      }
    },

    async list(tenantId: string, query: z.output<typeof providerEventsQuerySchema>) {
      const filter = { type: query.type || undefined, status: query.status };
      return inTenant(app.db, tenantId, async (tx) => {
        const rows = await repo.listEvents(tx, tenantId, filter, Math.max(query.page - 1, 0) * query.limit, query.limit);
        const total = await repo.countEvents(tx, tenantId, filter);
        return { data: rows.map((row) => toResource(tenantId, row)), meta: { ...listMeta(query.page, query.limit, total), event_total_count: total } };
      });
    },

    async get(tenantId: string, id: string): Promise<ProviderEventDetail> {
      const row = await inTenant(app.db, tenantId, (tx) => repo.findEvent(tx, tenantId, id));
      if (!row) throw AppError.notFound();
      return { ...toResource(tenantId, row), attempts: row.attempts, last_error: row.lastError, payload: row.payload };
    },
  };
}

export type ProviderEventService = ReturnType<typeof createProviderEventService>;
