import { setImmediate as nextTurn } from 'node:timers/promises';
import pLimit from 'p-limit';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../db/client';

/**
 * At shutdown, jobs still running get this long to finish; then pg-boss marks them failed, to be
 * retried by whichever process runs next. Within the process's 10 s stop deadline (main.ts).
 */
const STOP_WAIT_MS = 3_000;

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;
/**
 * `singletonKey` with `singletonSeconds`: at most one job of that key per slot of that many seconds
 * (slots counted from the epoch on the database's clock), whichever process sends it.
 */
export type SendOptions = { singletonKey?: string; singletonSeconds?: number; retryLimit?: number; startAfterSeconds?: number };

/**
 * `batchSize`: jobs fetched at once. pg-boss fetches once per polling interval (a second), so a
 * queue that must keep up with a stream of work (provider events) takes many per fetch.
 * `concurrency`: how many jobs of a batch run at once (each on its own connection of the pool).
 */
export type RegisterOptions = { batchSize?: number; concurrency?: number };

/** One queue's backlog: jobs waiting (new or to retry), running, and how long the oldest runnable one has waited. */
export type QueueStats = { queue: string; created: number; retry: number; active: number; oldestWaitingSeconds: number | null };

/** Background work. pg-boss in the running product; the inline queue runs jobs in-process (tests). */
export interface JobQueue {
  start(): Promise<void>;
  register(name: string, handler: JobHandler, options?: RegisterOptions): Promise<void>;
  send(name: string, data: Record<string, unknown>, options?: SendOptions): Promise<void>;
  /** Every registered queue's backlog (for metrics). */
  stats(): Promise<QueueStats[]>;
  stop(): Promise<void>;
}

/**
 * Work the process queues on a timer: `run` is one pass, also callable directly (tests, benchmarks).
 * `trigger(everyMs)` queues the run of the current interval of `everyMs`.
 */
export type PeriodicJob<Result> = { run(): Promise<Result>; register(): Promise<void>; trigger(everyMs: number): Promise<void> };

/**
 * A periodic job under `name`: `register` makes this process a worker for it, `trigger` queues a
 * run. Every app process triggers it on its own timer; pg-boss keeps one job per interval slot
 * (singleton key and seconds), so it runs once per interval however many processes there are.
 */
/**
 * pg-boss refuses a singleton slot longer than its archive interval (12 hours by default): a job
 * run daily is kept to one per 12-hour slot, which its daily timer never fills twice.
 */
export const MAX_SINGLETON_SECONDS = 12 * 60 * 60;

export function periodicJob<Result>(jobs: JobQueue, name: string, run: () => Promise<Result>, retryLimit = 1): PeriodicJob<Result> {
  return {
    run,
    async register(): Promise<void> {
      await jobs.register(name, async () => {
        await run();
      });
    },
    async trigger(everyMs: number): Promise<void> {
      await jobs.send(name, {}, { singletonKey: name, singletonSeconds: Math.min(MAX_SINGLETON_SECONDS, Math.max(1, Math.round(everyMs / 1000))), retryLimit });
    },
  };
}

const QUEUE_STATS_SQL = `
  select q.name,
    count(j.id) filter (where j.state = 'created')::int as created,
    count(j.id) filter (where j.state = 'retry')::int as retry,
    count(j.id) filter (where j.state = 'active')::int as active,
    extract(epoch from now() - min(j.start_after) filter (where j.state in ('created', 'retry') and j.start_after <= now()))::float8 as oldest_waiting_seconds
  from pgboss.queue q
  left join pgboss.job j on j.name = q.name and j.state < 'completed'
  group by q.name
  order by q.name`;

const queueStatsRow = z.object({
  name: z.string(),
  created: z.number().int(),
  retry: z.number().int(),
  active: z.number().int(),
  oldest_waiting_seconds: z.number().nullable(),
});

export class PgBossQueue implements JobQueue {
  private readonly boss: PgBoss;
  private readonly log: (message: string, error: unknown) => void;

  constructor(
    private readonly database: Pick<Database, 'executor' | 'exclusively'>,
    log: (message: string, error: unknown) => void,
  ) {
    this.boss = new PgBoss({ db: database.executor as PgBoss.Db, schema: 'pgboss', supervise: true, schedule: false, pollingIntervalSeconds: 1 });
    this.log = log;
    this.boss.on('error', (error) => this.log('job queue error', error));
  }

  async start(): Promise<void> {
    await this.boss.start();
  }

  /**
   * A failing run is logged here and marked failed on its own, so pg-boss retries it by the job's
   * options while the other jobs of its batch complete.
   */
  async register(name: string, handler: JobHandler, options: RegisterOptions = {}): Promise<void> {
    // Two processes creating the same new queue at once deadlock inside pg-boss: they take turns.
    if (!(await this.boss.getQueue(name))) await this.database.exclusively(() => this.boss.createQueue(name));
    const limit = pLimit(options.concurrency ?? 1);
    await this.boss.work<Record<string, unknown>>(name, { pollingIntervalSeconds: 1, batchSize: options.batchSize ?? 1 }, async (jobs) => {
      await Promise.all(
        jobs.map((job) =>
          limit(async () => {
            try {
              await handler(job.data);
            } catch (error) {
              this.log(`job ${name} failed`, error);
              await this.boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
            }
          }),
        ),
      );
    });
  }

  async send(name: string, data: Record<string, unknown>, options: SendOptions = {}): Promise<void> {
    await this.boss.send(name, data, {
      retryLimit: options.retryLimit ?? 5,
      retryBackoff: true,
      retryDelay: 5,
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.singletonSeconds ? { singletonSeconds: options.singletonSeconds } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
  }

  /**
   * Read from pg-boss's tables in one statement: jobs not yet finished per queue, and how long the
   * oldest job that may start (its start_after passed) has been waiting, on the database's clock.
   */
  async stats(): Promise<QueueStats[]> {
    const { rows } = await this.database.executor.executeSql(QUEUE_STATS_SQL, []);
    return rows.map((row) => queueStatsRow.parse(row)).map((row) => ({ queue: row.name, created: row.created, retry: row.retry, active: row.active, oldestWaitingSeconds: row.oldest_waiting_seconds }));
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: STOP_WAIT_MS });
  }
}

/**
 * Runs each job right after it is sent, in this process; `drain()` waits for all of them. A job
 * sent to start later is kept, not run: `delayed()` shows it and `runDelayed()` runs it, so a test
 * decides when "later" comes.
 */
export class InlineQueue implements JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly running = new Set<Promise<void>>();
  private readonly activeByName = new Map<string, number>();
  private held: { name: string; data: Record<string, unknown> }[] = [];

  constructor(private readonly onError: (name: string, error: unknown) => void = () => undefined) {}

  async start(): Promise<void> {}

  async register(name: string, handler: JobHandler): Promise<void> {
    this.handlers.set(name, handler);
  }

  async send(name: string, data: Record<string, unknown>, options: SendOptions = {}): Promise<void> {
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`No handler for job ${name}`);
    if (options.startAfterSeconds) {
      this.held.push({ name, data });
      return;
    }
    this.activeByName.set(name, (this.activeByName.get(name) ?? 0) + 1);
    const run = nextTurn()
      .then(() => handler(data))
      .catch((error: unknown) => this.onError(name, error))
      .finally(() => {
        this.running.delete(run);
        this.activeByName.set(name, (this.activeByName.get(name) ?? 1) - 1);
      });
    this.running.add(run);
  }

  /** Nothing waits here: every job starts as soon as it is sent. */
  async stats(): Promise<QueueStats[]> {
    return [...this.handlers.keys()].sort().map((queue) => ({ queue, created: 0, retry: 0, active: this.activeByName.get(queue) ?? 0, oldestWaitingSeconds: null }));
  }

  delayed(): readonly { name: string; data: Record<string, unknown> }[] {
    return this.held;
  }

  /** Sends the held jobs now, as if their time had come. */
  async runDelayed(): Promise<void> {
    const due = this.held;
    this.held = [];
    for (const job of due) await this.send(job.name, job.data);
    await this.drain();
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  async stop(): Promise<void> {
    await this.drain();
  }
}
