import { type ProviderEventDetail, type ProviderEventResource, listMeta, paymentProviderWebhookPath, type providerEventsQuerySchema } from '@app/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { PaymentProviderError } from '../../platform/providers/payment-provider';
import { paymentProviderSettings } from '../tenants/tenants.service';
import * as repo from './provider-events.repository';

/** The job that processes one stored event. */
export const PROCESS_PROVIDER_EVENT_JOB = 'provider-event-process';
export const PAYMENT_PROVIDER = 'stripe';
/**
 * Events arrive in bursts (an onboarding sends several): each fetch takes up to 50, four run at a
 * time (each its own transaction with its row locked), leaving the pool room for requests.
 */
const PROCESSING = { batchSize: 50, concurrency: 4 };

/** Why a delivery was refused: the provider retries it, nothing was stored. */
export const webhookMessages = {
  missingSignature: 'The Stripe-Signature header is missing.',
  invalidSignature: 'The signature or its timestamp is not valid.',
  notConfigured: 'No payment-provider webhook is configured for this tenant.',
} as const;

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
  /** The event's object (`data.object`), as the provider sent it. */
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

function toResource(row: Pick<repo.ProviderEventRow, 'id' | 'provider' | 'providerEventId' | 'type' | 'account' | 'createdAt' | 'livemode' | 'receivedAt' | 'processedAt' | 'status'>): ProviderEventResource {
  return {
    id: row.id,
    event_name: row.type,
    provider_event_id: row.providerEventId,
    source: row.provider,
    status: row.status,
    method: 'POST',
    url: paymentProviderWebhookPath,
    account: row.account,
    livemode: row.livemode,
    created_at: row.createdAt.toISOString(),
    received_at: row.receivedAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
  };
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
 * The inbox of provider events: a delivery is verified (signature and timestamp, over the raw
 * body, with the tenant's webhook secret) before anything in it is read, stored once per provider
 * event id, and processed by a job through the handlers other modules register.
 */
export function createProviderEventService(app: AppContext, handlers: ProviderEventHandlers) {

  async function enqueue(tenantId: string, eventId: string): Promise<void> {
    await app.jobs.send(PROCESS_PROVIDER_EVENT_JOB, { tenantId, eventId });
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
     * A delivery to the tenant's webhook: refused (400, nothing stored) unless its signature over
     * the raw body and its timestamp check out; stored once; queued for processing. A duplicate
     * answers as the first did and stores nothing; one not processed yet is queued again.
     */
    async receive(tenantId: string, rawBody: Buffer, signatureHeader: string | undefined): Promise<void> {
      if (!signatureHeader) throw AppError.badRequest(webhookMessages.missingSignature);
      const settings = await paymentProviderSettings(app, tenantId);
      if (!settings?.webhookSecret) throw AppError.badRequest(webhookMessages.notConfigured);
      const verified = await app.paymentProviders(settings.credentials)
        .verifyEvent(rawBody, signatureHeader, settings.webhookSecret)
        .catch((error: unknown) => {
          throw error instanceof PaymentProviderError ? AppError.badRequest(webhookMessages.invalidSignature) : error;
        });
      const stored = await inTenant(app.db, tenantId, async (tx) => {
        const id = await repo.insertOnce(tx, {
          tenantId,
          id: newId(),
          provider: PAYMENT_PROVIDER,
          providerEventId: verified.id,
          type: verified.type,
          account: verified.account,
          createdAt: new Date(verified.created * 1000),
          livemode: verified.livemode,
          payload: verified.payload,
          receivedAt: app.clock.now(),
        });
        if (id) return { id, processed: false };
        const existing = await repo.findByProviderEventId(tx, tenantId, PAYMENT_PROVIDER, verified.id);
        return existing ? { id: existing.id, processed: existing.status === 'processed' } : null;
      });
      if (stored && !stored.processed) await enqueue(tenantId, stored.id);
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
        return { data: rows.map(toResource), meta: { ...listMeta(query.page, query.limit, total), event_total_count: total } };
      });
    },

    async get(tenantId: string, id: string): Promise<ProviderEventDetail> {
      const row = await inTenant(app.db, tenantId, (tx) => repo.findEvent(tx, tenantId, id));
      if (!row) throw AppError.notFound();
      return { ...toResource(row), attempts: row.attempts, last_error: row.lastError, payload: row.payload };
    },
  };
}

export type ProviderEventService = ReturnType<typeof createProviderEventService>;
