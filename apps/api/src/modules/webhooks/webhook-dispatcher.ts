import { Webhook } from 'standardwebhooks';
import { WEBHOOK_DISABLE_AFTER_SECONDS, WEBHOOK_RESPONSE_BODY_LIMIT_BYTES, WEBHOOK_RETRY_DELAYS_SECONDS, type WebhookEnvelope, webhookEnvelopeSchema } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { newId } from '../../platform/crypto';
import { periodicJob } from '../../platform/jobs';
import type { OutboundResult } from '../../platform/outbound/outbound-http';
import { DISPATCH_WEBHOOKS_JOB } from '../../platform/webhook-events';
import { templatedMail } from '../email-templates/email-templates.port';
import * as repo from './webhooks.repository';

export const SWEEP_WEBHOOKS_JOB = 'webhooks-sweep';

/** How long a run holds the deliveries it took before another run may take them (a sender that died). */
const LEASE_MS = 2 * 60_000;
const BATCH = 50;
const MAX_PER_RUN = 2_000;
const PARALLEL_SENDS = 16;
/**
 * A receiver is not sent more than this many attempts at once by this process (a burst of events
 * must not look like an attack to it, nor take all senders), nor taken more deliveries ahead of
 * sending (so those taken are sent well within their lease).
 */
const SENDS_PER_ENDPOINT = 4;
const HELD_PER_ENDPOINT = 8;
const USER_AGENT = 'Ledgerline-Webhooks/1.0';

type Leased = Awaited<ReturnType<typeof repo.leaseDue>>['leased'][number];

function adjust(counts: Map<string, number>, key: string, by: number): void {
  const count = (counts.get(key) ?? 0) + by;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}

/** The body every attempt of an event sends, to every endpoint: the same bytes each time. */
export function envelopeOf(event: repo.EventRow): WebhookEnvelope {
  return webhookEnvelopeSchema.parse({ id: event.id, type: event.type, api_version: event.apiVersion, timestamp: event.createdAt.toISOString(), business_id: event.businessId, data: event.data });
}

/**
 * Sends the outgoing events (docs/design-notes.md, "Outgoing webhooks"): fans each new event out
 * to the endpoints subscribed to it, signs each attempt as Standard Webhooks says (the same
 * `webhook-id` on every attempt and replay, a fresh timestamp and signature each time, signed by
 * the previous secret too while a rotation overlaps), and retries a failed attempt on the schedule
 * with jitter. An endpoint that has failed for five days is disabled and its keepers told.
 */
export function createWebhookDispatcher(app: AppContext, random: () => number = Math.random) {
  /** By endpoint, in this process: deliveries taken and not yet recorded (queued or sending), and those sending. */
  const held = new Map<string, number>();
  const sending = new Map<string, number>();
  let slotWaiters: (() => void)[] = [];
  const slotFreed = () => new Promise<void>((resolve) => slotWaiters.push(resolve));
  const freeSlot = () => {
    const waiting = slotWaiters;
    slotWaiters = [];
    for (const wake of waiting) wake();
  };

  const secretsOf = (endpoint: repo.EndpointRow, now: Date): string[] => {
    const secrets = [app.secretBox.open(endpoint.secretSealed)];
    if (endpoint.previousSecretSealed && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now) secrets.push(app.secretBox.open(endpoint.previousSecretSealed));
    return secrets;
  };

  function signedRequest(endpoint: repo.EndpointRow, event: repo.EventRow, now: Date) {
    const body = JSON.stringify(envelopeOf(event));
    const signature = secretsOf(endpoint, now)
      .map((secret) => new Webhook(secret).sign(event.id, now, body))
      .join(' ');
    const headers = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
    };
    return { body, headers };
  }

  /** When a failed scheduled attempt is tried again: the schedule's delay for it, up to a tenth longer. */
  function retryAt(now: Date, scheduledAttempts: number): Date | null {
    const delay = WEBHOOK_RETRY_DELAYS_SECONDS[scheduledAttempts - 1];
    if (delay === undefined) return null;
    return new Date(now.getTime() + Math.round(delay * 1000 * (1 + random() * 0.1)));
  }

  async function disableFailing(tx: Tx, endpoint: repo.EndpointRow, now: Date): Promise<void> {
    const scope = { tenantId: endpoint.tenantId, businessId: endpoint.businessId };
    await repo.updateEndpoint(tx, scope, endpoint.id, { status: 'disabled', disabledReason: 'Every delivery failed for 5 days.', updatedAt: now });
    await repo.cancelPendingDeliveries(tx, endpoint.tenantId, endpoint.id);
    for (const keeper of await repo.endpointKeepers(tx, endpoint)) {
      const variables = { recipient_name: keeper.name, endpoint_url: endpoint.url, failing_days: WEBHOOK_DISABLE_AFTER_SECONDS / 86_400 };
      await app.outbox.write(tx, endpoint.tenantId, await templatedMail(tx, endpoint.tenantId, 'webhook_disabled', { to: keeper.email, variables, secrets: [] }));
    }
  }

  /**
   * Writes what an attempt came to in one short transaction: the log row, then the delivery as it
   * was leased (a person who cancelled it or asked for a replay meanwhile keeps their change), then
   * the endpoint's failure bookkeeping only when it changes. The endpoint's row is locked first:
   * disabling it cancels its other pending deliveries, whose rows the records of concurrent
   * attempts lock, so every record takes the locks in one order (endpoint, then deliveries) and
   * none deadlocks (which lost the attempt's log and the disabling).
   */
  async function record(leased: Leased, now: Date, result: OutboundResult, request: { headers: Record<string, string> }): Promise<void> {
    const { delivery, endpoint, event } = leased;
    const succeeded = result.ok && result.status >= 200 && result.status < 300;
    const trigger = delivery.replayRequested ? 'replay' : 'scheduled';
    const scheduledAttempts = trigger === 'scheduled' ? delivery.attempts + 1 : delivery.attempts;
    const lastResponseStatus = result.ok ? result.status : null;
    await inTenant(app.db, delivery.tenantId, async (tx) => {
      await repo.lockEndpoint(tx, delivery.tenantId, endpoint.id);
      await repo.insertAttempt(tx, {
        tenantId: delivery.tenantId,
        id: newId(),
        deliveryId: delivery.id,
        endpointId: delivery.endpointId,
        eventId: event.id,
        attempt: delivery.attempts + 1,
        trigger,
        status: succeeded ? 'succeeded' : 'failed',
        url: endpoint.url,
        requestHeaders: { 'webhook-id': request.headers['webhook-id'] ?? '', 'webhook-timestamp': request.headers['webhook-timestamp'] ?? '' },
        responseStatus: lastResponseStatus,
        responseBody: result.ok ? result.bodyText : null,
        responseTruncated: result.ok && result.truncated,
        error: result.ok ? null : result.message,
        durationMs: Math.round(result.durationMs),
        createdAt: now,
      });
      if (succeeded) {
        await repo.finishDelivery(tx, delivery, { status: 'succeeded', attempts: scheduledAttempts, nextAttemptAt: null, replayRequested: false, lastResponseStatus });
        if (endpoint.failingSince) await repo.clearFailing(tx, delivery.tenantId, endpoint.id);
        return;
      }
      if (delivery.status === 'pending') {
        // A failed replay of a delivery on its schedule keeps its place on it.
        const next = retryAt(now, Math.max(scheduledAttempts, 1));
        await repo.finishDelivery(tx, delivery, { status: next ? 'pending' : 'failed', attempts: scheduledAttempts, nextAttemptAt: next, replayRequested: false, lastResponseStatus });
      } else {
        // A replay of a delivery that had ended: it stays as it was.
        await repo.finishDelivery(tx, delivery, { nextAttemptAt: null, replayRequested: false, lastResponseStatus });
      }
      const failing = await repo.markFailing(tx, delivery.tenantId, endpoint.id, now);
      if (failing?.status === 'enabled' && failing.failingSince && now.getTime() - failing.failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_SECONDS * 1000) await disableFailing(tx, failing, now);
    });
  }

  async function attempt(leased: Leased): Promise<void> {
    const { delivery, endpoint, event } = leased;
    if (endpoint.status !== 'enabled') {
      // Disabled after the event was fanned out: nothing is sent to it.
      await inTenant(app.db, delivery.tenantId, (tx) => repo.finishDelivery(tx, delivery, { status: delivery.status === 'pending' ? 'cancelled' : delivery.status, nextAttemptAt: null, replayRequested: false }));
      return;
    }
    const request = signedRequest(endpoint, event, app.clock.now());
    const result = await app.outboundHttp.send({ url: endpoint.url, method: 'POST', headers: request.headers, body: request.body, timeoutMs: app.env.WEBHOOK_TIMEOUT_MS, maxResponseBytes: WEBHOOK_RESPONSE_BODY_LIMIT_BYTES });
    await record(leased, app.clock.now(), result, request);
  }

  /**
   * One run for a tenant: senders take leased deliveries one by one, a slow endpoint holding only
   * its own sender and never more than SENDS_PER_ENDPOINT of them; the next batch is leased (and
   * new events fanned out) when nothing taken can be sent. A run sends at most MAX_PER_RUN, then
   * queues the next run, so tenants take turns.
   */
  async function dispatchTenant(tenantId: string): Promise<number> {
    const queue: Leased[] = [];
    let taken = 0;
    let exhausted = false;
    let refilling: Promise<number> | null = null;
    const refill = () => {
      refilling ??= (async () => {
        const now = app.clock.now();
        const { leased, crowded } = await inTenant(app.db, tenantId, async (tx) => {
          while ((await repo.fanOut(tx, tenantId, now, 200)) > 0);
          return repo.leaseDue(tx, tenantId, now, new Date(now.getTime() + LEASE_MS), BATCH, held, HELD_PER_ENDPOINT);
        });
        if (leased.length === 0 && !crowded) exhausted = true;
        for (const one of leased) adjust(held, one.endpoint.id, 1);
        queue.push(...leased);
        return leased.length;
      })().finally(() => {
        refilling = null;
      });
      return refilling;
    };
    const takeSendable = (): Leased | undefined => {
      const index = queue.findIndex((one) => (sending.get(one.endpoint.id) ?? 0) < SENDS_PER_ENDPOINT);
      return index === -1 ? undefined : queue.splice(index, 1)[0];
    };
    const sender = async () => {
      for (;;) {
        const next = takeSendable();
        if (next) {
          taken += 1;
          adjust(sending, next.endpoint.id, 1);
          try {
            await attempt(next);
          } finally {
            adjust(sending, next.endpoint.id, -1);
            adjust(held, next.endpoint.id, -1);
            freeSlot();
          }
          continue;
        }
        if (!exhausted && taken < MAX_PER_RUN && (await refill()) > 0) continue;
        if (queue.length === 0 && (exhausted || taken >= MAX_PER_RUN)) return;
        // What is taken waits for its endpoint, or what is due waits for room: an attempt ending changes that.
        await slotFreed();
      }
    };
    const senders = await Promise.allSettled(Array.from({ length: PARALLEL_SENDS }, sender));
    // Taken but not sent (a sender failed): their leases run out and a later run sends them.
    for (const left of queue.splice(0)) adjust(held, left.endpoint.id, -1);
    const failed = senders.find((one) => one.status === 'rejected');
    if (failed) throw failed.reason;
    if (!exhausted) await app.jobs.send(DISPATCH_WEBHOOKS_JOB, { tenantId });
    return taken;
  }

  return {
    dispatchTenant,
    async register(): Promise<void> {
      await app.jobs.register(
        DISPATCH_WEBHOOKS_JOB,
        async (data) => {
          if (typeof data.tenantId === 'string') await dispatchTenant(data.tenantId);
        },
        { batchSize: 10, concurrency: 4 },
      );
    },
  };
}

export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;

/**
 * Queues a dispatcher run for every tenant with work: retries come due, and events whose run was
 * lost (a crash between commit and queueing). Read as the owner, across tenants.
 */
export function createWebhookSweepJob(app: Pick<AppContext, 'db' | 'jobs' | 'clock'>) {
  return periodicJob(
    app.jobs,
    SWEEP_WEBHOOKS_JOB,
    async () => {
      const now = app.clock.now();
      const tenants = await repo.tenantsWithWork(app.db, now, new Date(now.getTime() - 10_000));
      for (const tenantId of tenants) await app.jobs.send(DISPATCH_WEBHOOKS_JOB, { tenantId });
      return tenants.length;
    },
    0,
  );
}
