/**
 * The only way server code schedules work on a timer (lint refuses the bare `setTimeout`,
 * `setInterval` and `setImmediate` elsewhere). A task that throws or rejects is reported to `onError`
 * with its label and the timer carries on: no background work can end the process through an
 * uncaught exception or an unhandled rejection. Timers are unref'd, so they never hold a process
 * open that is otherwise done (shutdown stops them anyway).
 */

export type TaskErrorHandler = (message: string, error: unknown) => void;

export type TimerHandle = { stop(): void };

/** Runs `task`, turning a throw and a rejection alike into one report. */
async function runReported(label: string, task: () => unknown, onError: TaskErrorHandler): Promise<void> {
  try {
    await task();
  } catch (error) {
    try {
      onError(`${label} failed`, error);
    } catch {
      // The reporter itself failed (a closed log stream): nothing further can be told.
    }
  }
}

/** Runs `task` once after `delayMs`. */
export function safeTimeout(label: string, delayMs: number, task: () => unknown, onError: TaskErrorHandler): TimerHandle {
  const timer = setTimeout(() => void runReported(label, task, onError), delayMs);
  timer.unref();
  return { stop: () => clearTimeout(timer) };
}

/**
 * Runs `task` every `everyMs`. A run still going when the next is due is not doubled: that tick is
 * skipped, so a slow database cannot pile up sweeps.
 */
export function safeInterval(label: string, everyMs: number, task: () => unknown, onError: TaskErrorHandler): TimerHandle {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void runReported(label, task, onError).finally(() => {
      running = false;
    });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
