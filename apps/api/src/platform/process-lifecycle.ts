import type { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { safeTimeout } from './timers';

type Step = { label: string; stop: () => unknown };

export type LifecycleOptions = {
  /** However the steps fare, the process has exited this long after a shutdown began. */
  deadlineMs: number;
  exit: (code: number) => void;
};

/**
 * How the server process ends. What it starts registers how to stop it; a shutdown stops them
 * last-started first, each failure logged and the next step run anyway, then exits. A timer (which
 * does not itself keep the process alive) ends the process with code 1 if the steps have not
 * finished by the deadline, whatever a request, a job or the database is doing.
 *
 * Signals: SIGTERM and SIGINT shut down (exit 0 unless a step failed). An unhandled rejection is
 * one piece of work that failed: it is logged and the process carries on. An uncaught exception
 * left some code half way, in a state nobody can vouch for: it is logged, the process shuts down
 * and exits 1, and the supervisor starts a fresh one.
 */
export class ProcessLifecycle {
  private readonly steps: Step[] = [];
  private stopping: Promise<void> | null = null;
  private exitCode = 0;

  constructor(
    private readonly logger: Logger,
    private readonly options: LifecycleOptions,
  ) {}

  /** `stop` runs at shutdown, before everything registered earlier. */
  onShutdown(label: string, stop: () => unknown): void {
    this.steps.push({ label, stop });
  }

  listen(events: EventEmitter): void {
    for (const signal of ['SIGTERM', 'SIGINT']) events.on(signal, () => void this.shutdown(signal));
    events.on('unhandledRejection', (reason: unknown) => {
      this.logger.error({ err: reason }, 'unhandled promise rejection: logged, the process carries on');
    });
    events.on('uncaughtException', (error: unknown, origin: unknown) => {
      this.logger.fatal({ err: error, origin }, 'uncaught exception: shutting down, to be restarted by the supervisor');
      void this.shutdown('uncaught exception', 1);
    });
  }

  /** Idempotent; a later call with a higher exit code raises the code the process ends with. */
  shutdown(reason: string, exitCode = 0): Promise<void> {
    this.exitCode = Math.max(this.exitCode, exitCode);
    this.stopping ??= this.stopAll(reason);
    return this.stopping;
  }

  private async stopAll(reason: string): Promise<void> {
    this.logger.info({ reason }, 'shutting down');
    const deadline = safeTimeout(
      'shutdown deadline',
      this.options.deadlineMs,
      () => {
        this.logger.error({ reason, deadlineMs: this.options.deadlineMs }, 'shutdown did not finish in time: exiting');
        this.options.exit(Math.max(this.exitCode, 1));
      },
      (message, error) => this.logger.error({ err: error }, message),
    );
    for (const { label, stop } of [...this.steps].reverse()) {
      try {
        await stop();
      } catch (error) {
        this.exitCode = Math.max(this.exitCode, 1);
        this.logger.error({ err: error }, `${label} failed during shutdown`);
      }
    }
    deadline.stop();
    this.logger.info({ reason, exitCode: this.exitCode }, 'stopped');
    this.options.exit(this.exitCode);
  }
}

/**
 * Stops accepting connections and ends idle ones at once (`forceCloseConnections: 'idle'`);
 * requests still running get `graceMs` to finish, then their connections are closed too, so a
 * stalled upload or a hung handler cannot hold the shutdown.
 */
export async function closeServer(server: FastifyInstance, graceMs: number, onError: (message: string, error: unknown) => void): Promise<void> {
  const force = safeTimeout('closing connections still busy', graceMs, () => server.server.closeAllConnections(), onError);
  try {
    await server.close();
  } finally {
    force.stop();
  }
}
