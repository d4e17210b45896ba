import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client';
import type { BuildInfo } from './build-info';
import type { Clock } from './clock';
import type { JobQueue, QueueStats } from './jobs';
import type { MailBacklog } from './outbox';

/** How often at most the queue and outbox figures are read from the database, however often anyone scrapes. */
export const BACKLOG_REFRESH_MS = 5_000;

/** Upper bounds of the request-duration histogram, in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A request that matched no route: counted under one label, never its raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

type Backlog = { queues: QueueStats[]; mail: MailBacklog };

export type MetricsSources = {
  database: Pick<Database, 'kind' | 'pool'>;
  jobs: Pick<JobQueue, 'stats'>;
  outbox: { backlog(): Promise<MailBacklog> };
  clock: Clock;
  build: BuildInfo;
};

/**
 * A value read at most once per `maxAgeMs`: concurrent readers share one load, and a failed load
 * leaves the previous value in place (reported as stale by the caller's error counter).
 */
class CachedReading<T> {
  private value: T | null = null;
  private readAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<T | null> | null = null;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly maxAgeMs: number,
    private readonly now: () => number,
    private readonly onError: (error: unknown) => void,
  ) {}

  get(): Promise<T | null> {
    if (this.now() - this.readAt < this.maxAgeMs) return Promise.resolve(this.value);
    this.loading ??= this.load()
      .then((value) => {
        this.value = value;
        return value;
      })
      .catch((error: unknown) => {
        this.onError(error);
        return this.value;
      })
      .finally(() => {
        this.readAt = this.now();
        this.loading = null;
      });
    return this.loading;
  }
}

/**
 * The Prometheus metrics of one app process, in their own registry: requests by route pattern and
 * status class, the job queues' and the outbox's backlog (one cached read for all processes'
 * worth of work, so it is the same on every process), the database pool, the build, and with
 * `collectProcessMetrics` prom-client's process and Node.js metrics.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status_class'>;
  private readonly durations: Histogram<'method' | 'route' | 'status_class'>;
  private processMetrics = false;

  constructor(sources: MetricsSources, refreshMs = BACKLOG_REFRESH_MS) {
    const registers = [this.registry];
    let readErrors = 0;
    const backlog = new CachedReading<Backlog>(
      async () => ({ queues: await sources.jobs.stats(), mail: await sources.outbox.backlog() }),
      refreshMs,
      () => sources.clock.now().getTime(),
      () => (readErrors += 1),
    );
    new Gauge({
      name: 'ledgerline_metrics_backlog_read_errors',
      help: 'Failed reads of the queue and outbox figures since the start (the previous figures are served meanwhile).',
      registers,
      async collect() {
        // After this scrape's read, so a failure shows in the same scrape.
        await backlog.get();
        this.set(readErrors);
      },
    });

    new Gauge({ name: 'ledgerline_build_info', help: 'The running build: always 1, described by its labels.', labelNames: ['version', 'commit', 'node', 'database'], registers }).set(
      { version: sources.build.version, commit: sources.build.commit, node: process.version, database: sources.database.kind },
      1,
    );
    this.requests = new Counter({ name: 'ledgerline_http_requests_total', help: 'Requests answered, by route pattern and status class.', labelNames: ['method', 'route', 'status_class'], registers });
    this.durations = new Histogram({
      name: 'ledgerline_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern and status class.',
      labelNames: ['method', 'route', 'status_class'],
      buckets: DURATION_BUCKETS,
      registers,
    });

    new Gauge({
      name: 'ledgerline_job_queue_jobs',
      help: 'Jobs not finished, per queue: created (waiting), retry (failed, waiting to retry), active (running).',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        const read = await backlog.get();
        if (!read) return;
        this.reset();
        for (const queue of read.queues) {
          this.set({ queue: queue.queue, state: 'created' }, queue.created);
          this.set({ queue: queue.queue, state: 'retry' }, queue.retry);
          this.set({ queue: queue.queue, state: 'active' }, queue.active);
        }
      },
    });
    new Gauge({
      name: 'ledgerline_job_queue_oldest_waiting_seconds',
      help: 'How long the oldest job that may start has been waiting for a worker, per queue (0 when none waits).',
      labelNames: ['queue'],
      registers,
      async collect() {
        const read = await backlog.get();
        if (!read) return;
        this.reset();
        for (const queue of read.queues) this.set({ queue: queue.queue }, queue.oldestWaitingSeconds ?? 0);
      },
    });
    new Gauge({
      name: 'ledgerline_outbox_mails',
      help: 'Mail not delivered: pending (queued to send), held (no mail server configured), failed (attempts used up or waiting to retry).',
      labelNames: ['status'],
      registers,
      async collect() {
        const read = await backlog.get();
        if (!read) return;
        this.set({ status: 'pending' }, read.mail.pending);
        this.set({ status: 'held' }, read.mail.held);
        this.set({ status: 'failed' }, read.mail.failed);
      },
    });
    new Gauge({
      name: 'ledgerline_outbox_oldest_pending_seconds',
      help: 'Age of the oldest pending mail: the delivery lag (0 when none is pending).',
      registers,
      async collect() {
        const read = await backlog.get();
        if (read) this.set(read.mail.oldestPendingSeconds ?? 0);
      },
    });

    const pool = () => sources.database.pool();
    new Gauge({ name: 'ledgerline_db_pool_max_connections', help: 'Connections the pool may open (1 on the embedded database).', registers, collect() {
      this.set(pool().max);
    } });
    new Gauge({ name: 'ledgerline_db_pool_open_connections', help: 'Connections open now.', registers, collect() {
      this.set(pool().open);
    } });
    // The embedded database has no idle or waiting count: those series are left out rather than shown as 0.
    if (pool().idle !== null) {
      new Gauge({ name: 'ledgerline_db_pool_idle_connections', help: 'Open connections not in use.', registers, collect() {
        this.set(pool().idle ?? 0);
      } });
    }
    if (pool().waiting !== null) {
      new Gauge({ name: 'ledgerline_db_pool_waiting_requests', help: 'Queries waiting for a free connection.', registers, collect() {
        this.set(pool().waiting ?? 0);
      } });
    }
  }

  /** One answered request. `route` is the route's pattern (never the raw URL, so label values stay few). */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    const labels = { method, route: route ?? UNMATCHED_ROUTE, status_class: `${Math.floor(statusCode / 100)}xx` };
    this.requests.inc(labels);
    this.durations.observe(labels, seconds);
  }

  /** prom-client's process and Node.js metrics (CPU, memory, event loop lag, handles); once per registry. */
  collectProcessMetrics(): void {
    if (this.processMetrics) return;
    this.processMetrics = true;
    collectDefaultMetrics({ register: this.registry });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}

/** Counts every response of `server` by its route pattern, method and status class. */
export function installRequestMetrics(server: FastifyInstance, metrics: AppMetrics): void {
  server.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
}
