import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { ProcessLifecycle } from './process-lifecycle';

type Line = { level: number; msg: string; err?: { message: string } };

function lifecycle(deadlineMs = 9_000) {
  const lines: Line[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Line) });
  const exits: number[] = [];
  const events = new EventEmitter();
  const subject = new ProcessLifecycle(logger, { deadlineMs, exit: (code) => exits.push(code) });
  subject.listen(events);
  return { subject, events, lines, exits, messages: () => lines.map((line) => line.msg) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ProcessLifecycle', () => {
  it('on SIGTERM stops what started last first, runs every step although one fails, and exits 1 for the failure', async () => {
    const { subject, events, exits, messages } = lifecycle();
    const order: string[] = [];
    subject.onShutdown('closing the database', () => order.push('database'));
    subject.onShutdown('stopping the job queue', () => Promise.reject(new Error('queue broke')));
    subject.onShutdown('closing the server', async () => {
      order.push('server');
    });
    events.emit('SIGTERM');
    events.emit('SIGTERM');
    await vi.runAllTimersAsync();
    expect(order).toEqual(['server', 'database']);
    expect(messages()).toContain('stopping the job queue failed during shutdown');
    expect(exits).toEqual([1]);
  });

  it('exits 0 after a clean stop and leaves no deadline behind', async () => {
    const { subject, events, exits } = lifecycle();
    subject.onShutdown('closing the server', () => undefined);
    events.emit('SIGINT');
    await vi.advanceTimersByTimeAsync(0);
    expect(exits).toEqual([0]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('exits 1 at the deadline when a step never finishes', async () => {
    const { subject, events, exits, messages } = lifecycle(9_000);
    subject.onShutdown('flushing the API log', () => new Promise(() => undefined));
    events.emit('SIGTERM');
    await vi.advanceTimersByTimeAsync(8_999);
    expect(exits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(exits).toEqual([1]);
    expect(messages()).toContain('shutdown did not finish in time: exiting');
  });

  it('logs an unhandled rejection and carries on', async () => {
    const { subject, events, exits, lines } = lifecycle();
    const stopped: string[] = [];
    subject.onShutdown('closing the server', () => stopped.push('server'));
    events.emit('unhandledRejection', new Error('nobody awaited this'), Promise.resolve());
    await vi.runAllTimersAsync();
    expect(lines.map((line) => [line.level, line.msg, line.err?.message])).toEqual([[50, 'unhandled promise rejection: logged, the process carries on', 'nobody awaited this']]);
    expect(stopped).toEqual([]);
    expect(exits).toEqual([]);
  });

  it('logs an uncaught exception as fatal, shuts down and exits 1, also when a signal started the stop', async () => {
    const { subject, events, exits, lines } = lifecycle();
    subject.onShutdown('closing the server', () => new Promise<void>((resolve) => setTimeout(resolve, 100)));
    events.emit('SIGTERM');
    events.emit('uncaughtException', new Error('half way'), 'uncaughtException');
    await vi.runAllTimersAsync();
    const fatal = lines.find((line) => line.level === 60);
    expect(fatal?.err?.message).toBe('half way');
    expect(exits).toEqual([1]);
  });
});
