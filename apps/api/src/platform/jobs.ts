import { setImmediate as nextTurn } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { SqlExecutor } from '../db/client';

/**
 * At shutdown, jobs still running get this long to finish; then pg-boss marks them failed, to be
 * retried by whichever process runs next. Within the process's 10 s stop deadline (main.ts).
 */
const STOP_WAIT_MS = 3_000;

export type JobHandler = (data: Record<string, unknown>) => Promise<void>;
export type SendOptions = { singletonKey?: string; retryLimit?: number; startAfterSeconds?: number };

/** Background work. pg-boss in the running product; the inline queue runs jobs in-process (tests). */
export interface JobQueue {
  start(): Promise<void>;
  register(name: string, handler: JobHandler): Promise<void>;
  send(name: string, data: Record<string, unknown>, options?: SendOptions): Promise<void>;
  stop(): Promise<void>;
}

/** Work the process queues on a timer: `run` is one pass, also callable directly (tests, benchmarks). */
export type PeriodicJob<Result> = { run(): Promise<Result>; register(): Promise<void>; trigger(): Promise<void> };

/**
 * A periodic job under `name`: `register` makes this process a worker for it, `trigger` queues one
 * run. The singleton key keeps at most one run queued, however many processes trigger it.
 */
export function periodicJob<Result>(jobs: JobQueue, name: string, run: () => Promise<Result>, retryLimit = 1): PeriodicJob<Result> {
  return {
    run,
    async register(): Promise<void> {
      await jobs.register(name, async () => {
        await run();
      });
    },
    async trigger(): Promise<void> {
      await jobs.send(name, {}, { singletonKey: name, retryLimit });
    },
  };
}

export class PgBossQueue implements JobQueue {
  private readonly boss: PgBoss;
  private readonly log: (message: string, error: unknown) => void;

  constructor(executor: SqlExecutor, log: (message: string, error: unknown) => void) {
    this.boss = new PgBoss({ db: executor as PgBoss.Db, schema: 'pgboss', supervise: true, schedule: false, pollingIntervalSeconds: 1 });
    this.log = log;
    this.boss.on('error', (error) => this.log('job queue error', error));
  }

  async start(): Promise<void> {
    await this.boss.start();
  }

  /** A failing run is logged here and rethrown, so pg-boss records it and retries it by the job's options. */
  async register(name: string, handler: JobHandler): Promise<void> {
    await this.boss.createQueue(name);
    await this.boss.work<Record<string, unknown>>(name, { pollingIntervalSeconds: 1, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) {
        try {
          await handler(job.data);
        } catch (error) {
          this.log(`job ${name} failed`, error);
          throw error;
        }
      }
    });
  }

  async send(name: string, data: Record<string, unknown>, options: SendOptions = {}): Promise<void> {
    await this.boss.send(name, data, {
      retryLimit: options.retryLimit ?? 5,
      retryBackoff: true,
      retryDelay: 5,
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    });
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: STOP_WAIT_MS });
  }
}

/** Runs each job right after it is sent, in this process; `drain()` waits for all of them. */
export class InlineQueue implements JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly onError: (name: string, error: unknown) => void = () => undefined) {}

  async start(): Promise<void> {}

  async register(name: string, handler: JobHandler): Promise<void> {
    this.handlers.set(name, handler);
  }

  async send(name: string, data: Record<string, unknown>): Promise<void> {
    const handler = this.handlers.get(name);
    if (!handler) throw new Error(`No handler for job ${name}`);
    const run = nextTurn()
      .then(() => handler(data))
      .catch((error: unknown) => this.onError(name, error))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  async stop(): Promise<void> {
    await this.drain();
  }
}
