import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openEmbedded } from '../db/client';
import { PgBossQueue, periodicJob } from './jobs';

describe('the pg-boss queue', () => {
  it('takes a batch per fetch; a failing job is retried on its own while the rest of its batch completes', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-batch-'));
    const database = await openEmbedded(dataDir);
    const logged: string[] = [];
    const jobs = new PgBossQueue(database, (message) => logged.push(message));
    try {
      await database.migrate();
      await jobs.start();
      const runs: number[] = [];
      let failuresLeft = 1;
      await jobs.register(
        'batch-test',
        async (data) => {
          const n = Number(data.n);
          runs.push(n);
          if (n === 2 && failuresLeft > 0) {
            failuresLeft -= 1;
            throw new Error('job 2 failed once');
          }
        },
        { batchSize: 10, concurrency: 2 },
      );
      for (const n of [1, 2, 3]) await jobs.send('batch-test', { n }, { retryLimit: 2 });
      for (let i = 0; i < 400 && runs.filter((n) => n === 2).length < 2; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(runs.filter((n) => n === 1)).toHaveLength(1);
      expect(runs.filter((n) => n === 3)).toHaveLength(1);
      expect(runs.filter((n) => n === 2)).toHaveLength(2);
      expect(logged).toEqual(['job batch-test failed']);
    } finally {
      await jobs.stop();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('queues a job run once a day (pg-boss caps a singleton slot at its archive interval), once per slot', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-daily-'));
    const database = await openEmbedded(dataDir);
    const jobs = new PgBossQueue(database, () => undefined);
    try {
      await database.migrate();
      await jobs.start();
      let runs = 0;
      const daily = periodicJob(jobs, 'daily-test', async () => {
        runs += 1;
      });
      await daily.register();
      await daily.trigger(24 * 60 * 60 * 1000);
      await daily.trigger(24 * 60 * 60 * 1000);
      for (let i = 0; i < 200 && runs === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(runs).toBe(1);
    } finally {
      await jobs.stop();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
