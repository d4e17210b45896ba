/**
 * The app as the in-process benchmarks start it: a fresh data directory on one database kind,
 * migrated and seeded, jobs run in-process (a job's failure is a benchmark problem), and for the
 * HTTP ones a listening server with the landlord signed in. `close` undoes all of it in reverse,
 * whatever was reached.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { ensureInitialData } from '../apps/api/src/db/seed';
import { loadEnv } from '../apps/api/src/env';
import { findLandlord } from '../apps/api/src/modules/tenants/tenants.service';
import type { AppContext } from '../apps/api/src/platform/app-context';
import { createAppContext } from '../apps/api/src/platform/app-context-factory';
import { InlineQueue } from '../apps/api/src/platform/jobs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Kind, type OpenedKind, type RawDb, type Session, listeningPort, problem, request, signIn } from './bench-kit';

export type BenchApp = {
  app: AppContext;
  jobs: InlineQueue;
  opened: OpenedKind;
  dataDir: string;
  landlordId: string;
  /** A bare driver on the same database, for bulk seeding; closed with the app. */
  raw(): RawDb;
  /** The server listening on a free port, with the landlord signed in (the session's user is `userId`). */
  listen(): Promise<{ port: number; session: Session; userId: string }>;
  close(): Promise<void>;
};

export async function openBenchApp(kind: Kind, label: string): Promise<BenchApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ledgerline-bench-${label}-`));
  const closers: (() => Promise<unknown>)[] = [async () => fs.rmSync(dataDir, { recursive: true, force: true })];
  const close = async () => {
    for (const closer of closers) await closer().catch((error: unknown) => problem(`${kind.name} ${label} clean-up`, error));
  };
  try {
    const opened = await kind.open(dataDir);
    closers.unshift(opened.cleanup);
    const { database } = opened;
    closers.unshift(() => database.close());
    await database.migrate();
    const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'silent', ...opened.env });
    const jobs = new InlineQueue((name, error) => problem(`${kind.name} job ${name}`, error));
    const app = createAppContext({ env, database, jobs, transport: null });
    closers.unshift(() => app.apiLog.flush());
    await ensureInitialData(app);
    const landlord = await findLandlord(app.db);
    if (!landlord) throw new Error('Seeding made no landlord tenant');
    return {
      app,
      jobs,
      opened,
      dataDir,
      landlordId: landlord.id,
      raw() {
        const raw = opened.raw(database);
        closers.unshift(() => raw.close());
        return raw;
      },
      async listen() {
        const server: FastifyInstance = await buildApp(app);
        closers.unshift(() => server.close());
        await server.listen({ port: 0, host: '127.0.0.1' });
        const port = listeningPort(server);
        const session = await signIn(port);
        const me = await request(port, 'GET', '/api/v1/me', { cookie: session.cookie });
        if (me.status !== 200) throw new Error(`GET /api/v1/me answered ${me.status}: ${me.body}`);
        const userId = (JSON.parse(me.body) as { data: { id: string } }).data.id;
        return { port, session, userId };
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The process's resident memory sampled every 50 ms from now until `stop`, in MB: before and at its highest. */
export function sampleRss(): { stop(): { baseMb: number; peakMb: number } } {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  return {
    stop() {
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      return { baseMb: base / 1024 / 1024, peakMb: peak / 1024 / 1024 };
    },
  };
}
