import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { safeInterval, safeTimeout } from './timers';

type Report = { message: string; error: string };

function reporter(): { reports: Report[]; onError: (message: string, error: unknown) => void } {
  const reports: Report[] = [];
  return { reports, onError: (message, error) => reports.push({ message, error: error instanceof Error ? error.message : String(error) }) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('safeInterval', () => {
  it('reports a task that throws or rejects with its label and keeps running it', async () => {
    const { reports, onError } = reporter();
    let runs = 0;
    const timer = safeInterval('sweep', 1_000, () => {
      runs += 1;
      if (runs === 1) throw new Error('thrown');
      if (runs === 2) return Promise.reject(new Error('rejected'));
      return Promise.resolve();
    }, onError);
    await vi.advanceTimersByTimeAsync(3_000);
    timer.stop();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(runs).toBe(3);
    expect(reports).toEqual([
      { message: 'sweep failed', error: 'thrown' },
      { message: 'sweep failed', error: 'rejected' },
    ]);
  });

  it('skips a tick while the previous run is still going', async () => {
    const { reports, onError } = reporter();
    let runs = 0;
    let finish: () => void = () => undefined;
    const timer = safeInterval('slow', 1_000, () => {
      runs += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    }, onError);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    timer.stop();
    expect(reports).toEqual([]);
  });
});

describe('safeTimeout', () => {
  it('reports a throwing task, survives a throwing reporter, and runs nothing once stopped', async () => {
    const { reports, onError } = reporter();
    safeTimeout('flush', 10, () => {
      throw new Error('flush broke');
    }, onError);
    safeTimeout('flush again', 10, () => {
      throw new Error('ignored');
    }, () => {
      throw new Error('the reporter broke too');
    });
    let stoppedRan = false;
    safeTimeout('stopped', 10, () => {
      stoppedRan = true;
    }, onError).stop();
    await vi.advanceTimersByTimeAsync(20);
    expect(reports).toEqual([{ message: 'flush failed', error: 'flush broke' }]);
    expect(stoppedRan).toBe(false);
  });
});
