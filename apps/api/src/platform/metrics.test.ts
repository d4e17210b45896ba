import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_HOST, type Harness, createHarness } from '../../test/harness';
import { inTenant } from '../db/tenant-tx';
import { loadEnv } from '../env';
import { SOURCE_BUILD } from './build-info';
import { fixedClock } from './clock';
import { randomToken } from './crypto';
import { type JobHandler, PgBossQueue, type QueueStats, periodicJob } from './jobs';
import { AppMetrics, BACKLOG_REFRESH_MS } from './metrics';
import { boundPort, startMetricsServer, stopMetricsServer } from './metrics-server';

const clock = fixedClock(new Date('2030-03-01T09:00:00Z'));
const TOKEN = 'metrics-token-0123456789-0123456789-abcdef';
let h: Harness;
let listener: http.Server;
let metricsUrl: string;
beforeAll(async () => {
  h = await createHarness({ clock });
  listener = await startMetricsServer(h.app.metrics, { host: '127.0.0.1', port: 0, token: TOKEN, onError: () => undefined });
  metricsUrl = `http://127.0.0.1:${boundPort(listener)}/metrics`;
});
afterAll(async () => {
  await stopMetricsServer(listener);
  await h.close();
});

/** The value of one series in Prometheus text, or null when it is absent. */
function seriesValue(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

/** A job handler that holds its job active until released. */
function heldHandler(): { handler: JobHandler; started: Promise<void>; release(): void; runs: () => number } {
  let runs = 0;
  let markStarted: () => void = () => undefined;
  let release: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    started,
    release: () => release(),
    runs: () => runs,
    handler: async () => {
      runs += 1;
      markStarted();
      await released;
    },
  };
}

describe('request metrics', () => {
  it('counts requests by route pattern and status class, never by the raw URL', async () => {
    const guest = h.client();
    const token = randomToken();
    for (let i = 0; i < 2; i += 1) expect((await guest.get(`/api/v1/public/invoices/${token}`)).status).toBe(404);
    await guest.csrf();
    expect((await guest.get(`/api/v1/no-such-thing/${token}`)).status).toBe(404);
    const text = await h.app.metrics.render();
    expect(seriesValue(text, 'ledgerline_http_requests_total{method="GET",route="/api/v1/public/invoices/:token",status_class="4xx"}')).toBe(2);
    expect(seriesValue(text, 'ledgerline_http_requests_total{method="GET",route="/api/v1/csrf-cookie",status_class="2xx"}')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'ledgerline_http_requests_total{method="GET",route="unmatched",status_class="4xx"}')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'ledgerline_http_request_duration_seconds_count{method="GET",route="/api/v1/public/invoices/:token",status_class="4xx"}')).toBe(2);
    expect(text).toContain('ledgerline_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/v1/public/invoices/:token",status_class="4xx"}');
    expect(text).not.toContain(token);
  });

  it('names the build, the database and its pool', async () => {
    const text = await h.app.metrics.render();
    expect(seriesValue(text, `ledgerline_build_info{version="${SOURCE_BUILD.version}",commit="${SOURCE_BUILD.commit}",node="${process.version}",database="${h.app.database.kind}"}`)).toBe(1);
    const pool = h.app.database.pool();
    expect(seriesValue(text, 'ledgerline_db_pool_max_connections')).toBe(pool.max);
    expect(seriesValue(text, 'ledgerline_db_pool_open_connections')).toBeGreaterThanOrEqual(1);
    if (h.app.database.kind === 'postgres') expect(seriesValue(text, 'ledgerline_db_pool_waiting_requests')).toBe(0);
    else expect(seriesValue(text, 'ledgerline_db_pool_waiting_requests')).toBeNull();
  });
});

describe('backlog metrics', () => {
  it('reports undelivered mail and the age of the oldest pending one, read at most every few seconds', async () => {
    clock.advance(BACKLOG_REFRESH_MS);
    const before = await h.app.metrics.render();
    const pendingBefore = seriesValue(before, 'ledgerline_outbox_mails{status="pending"}') ?? 0;
    for (let i = 0; i < 2; i += 1) {
      await inTenant(h.app.db, h.landlordId, (tx) => h.app.outbox.write(tx, h.landlordId, { to: 'lag@example.com', subject: 'Waiting', text: 'not dispatched', secrets: [] }));
    }
    clock.advance(90_000);
    const cached = await h.app.metrics.render();
    expect(seriesValue(cached, 'ledgerline_outbox_mails{status="pending"}')).toBe(pendingBefore + 2);
    expect(seriesValue(cached, 'ledgerline_outbox_oldest_pending_seconds')).toBeGreaterThanOrEqual(90);

    await inTenant(h.app.db, h.landlordId, (tx) => h.app.outbox.write(tx, h.landlordId, { to: 'lag@example.com', subject: 'Later', text: 'not dispatched', secrets: [] }));
    expect(seriesValue(await h.app.metrics.render(), 'ledgerline_outbox_mails{status="pending"}')).toBe(pendingBefore + 2);
    clock.advance(BACKLOG_REFRESH_MS);
    expect(seriesValue(await h.app.metrics.render(), 'ledgerline_outbox_mails{status="pending"}')).toBe(pendingBefore + 3);
  });

  it("reports pg-boss queues: waiting and running jobs and how long the oldest has waited; a periodic job runs once per interval whichever process triggers it", async () => {
    const first = new PgBossQueue(h.app.database, () => undefined);
    const second = new PgBossQueue(h.app.database, () => undefined);
    await first.start();
    await second.start();
    const probe = heldHandler();
    const periodic = heldHandler();
    try {
      await first.register('metrics-probe', probe.handler);
      for (let i = 0; i < 3; i += 1) await first.send('metrics-probe', { i });
      await second.send('metrics-probe', { later: true }, { startAfterSeconds: 3600 });
      await probe.started;

      const jobsOfFirst = periodicJob(first, 'metrics-periodic', () => periodic.handler({}));
      const jobsOfSecond = periodicJob(second, 'metrics-periodic', () => periodic.handler({}));
      await jobsOfFirst.register();
      await jobsOfSecond.register();
      await jobsOfFirst.trigger(3_600_000);
      await jobsOfSecond.trigger(3_600_000);
      await jobsOfFirst.trigger(3_600_000);
      await periodic.started;

      const stats = await first.stats();
      const probeStats = stats.find((queue) => queue.queue === 'metrics-probe');
      expect(probeStats).toMatchObject({ created: 3, retry: 0, active: 1 });
      expect(probeStats?.oldestWaitingSeconds).toBeGreaterThan(0);
      expect(stats.find((queue) => queue.queue === 'metrics-periodic')).toEqual({ queue: 'metrics-periodic', created: 0, retry: 0, active: 1, oldestWaitingSeconds: null });

      const metrics = new AppMetrics({ database: h.app.database, jobs: first, outbox: h.app.outbox, clock, build: SOURCE_BUILD });
      const text = await metrics.render();
      expect(seriesValue(text, 'ledgerline_job_queue_jobs{queue="metrics-probe",state="created"}')).toBe(3);
      expect(seriesValue(text, 'ledgerline_job_queue_jobs{queue="metrics-probe",state="active"}')).toBe(1);
      expect(seriesValue(text, 'ledgerline_job_queue_oldest_waiting_seconds{queue="metrics-probe"}')).toBeGreaterThan(0);
      expect(seriesValue(text, 'ledgerline_job_queue_oldest_waiting_seconds{queue="metrics-periodic"}')).toBe(0);
      expect(periodic.runs()).toBe(1);
      const { rows } = await h.app.database.executor.executeSql(`select count(*)::int as jobs from pgboss.job where name = 'metrics-periodic'`, []);
      expect(rows).toEqual([{ jobs: 1 }]);
    } finally {
      probe.release();
      periodic.release();
      await first.stop();
      await second.stop();
    }
  }, 30_000);

  it('keeps serving the last figures when a read fails, and counts the failure', async () => {
    let reads = 0;
    const figures: QueueStats[] = [{ queue: 'steady', created: 4, retry: 0, active: 0, oldestWaitingSeconds: 12 }];
    const jobs = {
      async stats() {
        reads += 1;
        if (reads > 1) throw new Error('database gone');
        return figures;
      },
    };
    const metrics = new AppMetrics({ database: h.app.database, jobs, outbox: h.app.outbox, clock, build: SOURCE_BUILD });
    expect(seriesValue(await metrics.render(), 'ledgerline_job_queue_jobs{queue="steady",state="created"}')).toBe(4);
    clock.advance(BACKLOG_REFRESH_MS);
    const text = await metrics.render();
    expect(reads).toBe(2);
    expect(seriesValue(text, 'ledgerline_job_queue_jobs{queue="steady",state="created"}')).toBe(4);
    expect(seriesValue(text, 'ledgerline_job_queue_oldest_waiting_seconds{queue="steady"}')).toBe(12);
    expect(seriesValue(text, 'ledgerline_metrics_backlog_read_errors')).toBe(1);
  });
});

describe('the metrics listener', () => {
  it('serves /metrics with the bearer token only, with the process metrics', async () => {
    expect((await fetch(metricsUrl)).status).toBe(401);
    expect((await fetch(metricsUrl, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await fetch(metricsUrl, { headers: { authorization: `Basic ${TOKEN}` } })).status).toBe(401);
    const scraped = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scraped.status).toBe(200);
    expect(scraped.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const text = await scraped.text();
    expect(text).toContain('ledgerline_http_requests_total');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect((await fetch(metricsUrl.replace('/metrics', '/other'), { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });

  it('is not served on the public listener, on any tenant host', async () => {
    for (const host of ['localhost', OTHER_HOST]) {
      const response = await h.client(host).get('/metrics', { authorization: `Bearer ${TOKEN}` });
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain('ledgerline_');
    }
  });

  it('needs a token to listen anywhere but loopback', () => {
    const base = { DATA_DIR: '/tmp/unused', METRICS_PORT: '9464' };
    expect(() => loadEnv({ ...base, METRICS_HOST: '0.0.0.0' })).toThrow('METRICS_TOKEN is required when METRICS_HOST is not a loopback address');
    expect(loadEnv({ ...base, METRICS_HOST: '0.0.0.0', METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    expect(loadEnv(base).METRICS_HOST).toBe('127.0.0.1');
    expect(loadEnv({ ...base, METRICS_HOST: '::1' }).METRICS_PORT).toBe(9464);
  });
});
