import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { openEmbedded, openPostgres } from './db/client';
import { demoPayLink, seedDemoPayoutAccount } from './db/demo-payments';
import { ensureInitialData, loginsMade } from './db/seed';
import { loadEnv } from './env';
import { createAppContext } from './platform/app-context-factory';
import { lockDataDir } from './platform/data-dir-lock';
import { startMetricsServer, stopMetricsServer } from './platform/metrics-server';
import { PgBossQueue } from './platform/jobs';
import { ProcessLifecycle, closeServer } from './platform/process-lifecycle';
import { safeInterval } from './platform/timers';
import { errorForLog } from './platform/server-log';
import { logDestination } from './platform/log-format';
import { openUrl, startMessage } from './platform/first-start';
import { transportFromEnv } from './platform/mail';
import { createOutboxSweepJob } from './platform/outbox';
import { createWebhookSweepJob } from './modules/webhooks/webhook-dispatcher';
import { createExportFileSweepJob } from './modules/exports/exports.service';
import { createInvoiceOverdueJob } from './modules/invoices/invoice-overdue';
import { createEstimateExpiryJob } from './modules/estimates/estimate-expiry';
import { createRecurringInvoiceJob } from './modules/recurring-invoices/recurring-job';
import { createPaymentReminderJob } from './modules/payment-reminders/payment-reminder-job';
import { createBnplRepaymentJob } from './modules/financing/bnpl-repayment-job';
import { seedDemoFinancing } from './db/demo-financing';
import { createStatisticsJob, refreshStatistics } from './db/statistics';
import { createDashboardCompactionJob } from './modules/dashboard/dashboard-compaction';
import { createInvoiceTotalsCompactionJob } from './modules/invoices/invoice-totals-compaction';
import { createIdempotencyExpiryJob } from './platform/idempotency';
import { createThrottleExpiryJob } from './platform/throttle';
import { createFloodCounterExpiryJob } from './platform/flood-limit';
import { createAuthMailJobs } from './modules/auth/auth-jobs';
import { createPendingSignUpExpiryJob } from './modules/auth/sign-up';
import { LOAN_RECONCILIATION_EVERY_MS, createLoanReconciliation } from './modules/financing/loan-reconciliation';
import { connectDemoProviders, findLandlord } from './modules/tenants/tenants.service';
import { DEMO_PLATFORM_FEE, DEMO_PROVIDER_KEYS, startDemoProviders } from './platform/demo-providers';

const SWEEP_MS = 30_000;
/** Retries come due on their own schedule (the first after 5 s): the sweep queues their tenants' dispatcher. */
const WEBHOOK_SWEEP_MS = 5_000;
const ESTIMATE_EXPIRY_MS = 60 * 60 * 1000;
/** A due date passes at a business's midnight: within a quarter of an hour its webhook event is written. */
const INVOICE_OVERDUE_MS = 15 * 60 * 1000;
const RECURRING_INVOICES_MS = 60 * 1000;
const PAYMENT_REMINDERS_MS = 60 * 60 * 1000;
const DASHBOARD_COMPACTION_MS = 60 * 1000;
const IDEMPOTENCY_EXPIRY_MS = 60 * 60 * 1000;
/** Export files whose download link expired (24 h) are removed within the hour. */
const EXPORT_FILE_SWEEP_MS = 60 * 60 * 1000;
const THROTTLE_EXPIRY_MS = 10 * 60 * 1000;
const PENDING_SIGN_UP_EXPIRY_MS = 60 * 60 * 1000;
const STATISTICS_MS = 5 * 60 * 1000;

/**
 * A stop ends the process within 10 s: requests get SERVER_GRACE_MS, running jobs 3 s (jobs.ts),
 * and whatever is still going at SHUTDOWN_DEADLINE_MS is cut off.
 */
const SHUTDOWN_DEADLINE_MS = 9_000;
const SERVER_GRACE_MS = 4_000;

async function main(): Promise<void> {
  const startedAt = Date.now();
  const loadedEnv = loadEnv();
  const logStream = logDestination();
  const loggerOptions = {
    level: loadedEnv.LOG_LEVEL,
    redact: { paths: ['*.password', '*.token', '*.secret', 'req.headers.authorization', 'req.headers.cookie'], censor: '[REDACTED]' },
    serializers: { err: errorForLog },
  };
  const logger = logStream ? pino(loggerOptions, logStream) : pino(loggerOptions);
  const logError = (message: string, error: unknown) => logger.error({ err: error }, message);
  const lifecycle = new ProcessLifecycle(logger, { deadlineMs: SHUTDOWN_DEADLINE_MS, exit: (code) => process.exit(code) });
  lifecycle.listen(process);
  try {
    const release = loadedEnv.DATABASE_URL ? () => undefined : lockDataDir(loadedEnv.dataDir);
    lifecycle.onShutdown('releasing the data directory', release);
    // DEMO with no provider of its own: the fake Stripe, Plaid and lender run in this process (test mode),
    // keeping their state in the data directory this process now holds.
    const demoProviders = loadedEnv.DEMO && !loadedEnv.PAYMENT_PROVIDER_API_BASE ? await startDemoProviders(loadedEnv.dataDir) : null;
    if (demoProviders) {
      lifecycle.onShutdown('stopping the demo providers', () => demoProviders.close());
      demoProviders.deliverEventsTo(loadedEnv.PORT);
    }
    const env = demoProviders
      ? { ...loadedEnv, PAYMENT_PROVIDER_API_BASE: demoProviders.paymentProviderApiBase, BANK_LINK_API_BASE: demoProviders.bankLinkApiBase, PROVIDER_SCRIPTS_AT_API_BASE: true }
      : loadedEnv;
    const database = env.DATABASE_URL ? openPostgres(env.DATABASE_URL, 10, (error) => logError('idle database connection failed', error)) : await openEmbedded(env.dataDir);
    lifecycle.onShutdown('closing the database', () => database.close());
    await database.migrate();
    const jobs = new PgBossQueue(database, logError);
    const transport = transportFromEnv(env);
    const app = createAppContext({ env, database, jobs, transport, onBackgroundError: (error) => logError('background write failed', error) });
    lifecycle.onShutdown('flushing the API log', () => app.apiLog.flush());
    const seeded = await ensureInitialData(app);
    let demoPayLinkUrl: string | null = null;
    if (demoProviders) {
      const landlord = await findLandlord(app.db);
      if (landlord) {
        await connectDemoProviders(app, landlord.id, DEMO_PROVIDER_KEYS, DEMO_PLATFORM_FEE);
        // The demo lends through the platform lender; the fake lender runs for an operator who points the landlord at it
        // (on 127.0.0.1, so with OUTBOUND_HTTP_ALLOWLIST=127.0.0.1: loopback stays closed to tenants' URLs otherwise).
        demoProviders.deliverLenderEventsTo(landlord.id);
        logger.info({ url: demoProviders.financingProviderApiBase }, 'demo lender (fake) listening');
      }
      // The demo business takes card payments from the first start: its payout account is onboarded and verified in the fake.
      // A demo that cannot (the fake's state deleted but not the database's) still starts, without the pay link.
      if (seeded.demoOwner) {
        try {
          await seedDemoPayoutAccount(app, seeded.demoOwner, demoProviders.onboarding);
          await seedDemoFinancing(app, seeded.demoOwner, demoProviders.onboarding);
          demoPayLinkUrl = await demoPayLink(app, seeded.demoOwner);
        } catch (error) {
          logError('the demo payout account or loans could not be set up: delete the data directory to start the demo over', error);
        }
      }
    }

    // The first start's tables (and the demo's) get statistics before the first request plans against them.
    await refreshStatistics(database.executor);
    let ready = false;
    const here = path.dirname(fileURLToPath(import.meta.url));
    const webDist = env.WEB_DIST ?? path.resolve(here, '../../web/dist');
    // The queues requests write to exist before the first request: sign-up and forgot-password only queue a job.
    await jobs.start();
    lifecycle.onShutdown('stopping the job queue', () => jobs.stop());
    await createAuthMailJobs(app).register();
    const server = await buildApp(app, { logger: { level: env.LOG_LEVEL, ...(logStream ? { stream: logStream } : {}) }, webDist, isReady: () => ready });
    // Delivers mail once the app's modules registered the renderers of attachments made at send (receipt PDFs).
    await app.outbox.register();
    if (env.METRICS_PORT !== undefined) {
      const metricsOptions = { host: env.METRICS_HOST, port: env.METRICS_PORT, token: env.METRICS_TOKEN ?? null, onError: (error: unknown) => logError('metrics collection failed', error) };
      const metricsServer = await startMetricsServer(app.metrics, metricsOptions);
      server.addHook('onClose', () => stopMetricsServer(metricsServer));
    }
    await server.listen({ port: env.PORT, host: env.HOST });
    const address = server.server.address();
    process.stdout.write(startMessage(openUrl(env, typeof address === 'object' && address ? address.port : env.PORT), loginsMade(seeded), demoPayLinkUrl));
    lifecycle.onShutdown('closing the server', () => {
      ready = false;
      return closeServer(server, SERVER_GRACE_MS, logError);
    });

    await app.outbox.sweep(0);
    const timers: { stop(): void }[] = [];
    lifecycle.onShutdown('stopping the timers', () => {
      for (const timer of timers) timer.stop();
    });
    // Periodic jobs: queued at start and then on their interval by every process; pg-boss keeps one run per interval.
    const periodicJobs: { label: string; job: { register(): Promise<void>; trigger(everyMs: number): Promise<unknown> }; everyMs: number }[] = [
      { label: 'outbox sweep', job: createOutboxSweepJob(app), everyMs: SWEEP_MS },
      { label: 'webhook sweep', job: createWebhookSweepJob(app), everyMs: WEBHOOK_SWEEP_MS },
      { label: 'estimate expiry', job: createEstimateExpiryJob(app), everyMs: ESTIMATE_EXPIRY_MS },
      { label: 'invoice overdue events', job: createInvoiceOverdueJob(app), everyMs: INVOICE_OVERDUE_MS },
      { label: 'recurring invoices', job: createRecurringInvoiceJob(app, (error) => logError('recurring invoice generation failed', error)), everyMs: RECURRING_INVOICES_MS },
      {
        label: 'payment reminders',
        job: createPaymentReminderJob(app, (scope, error) => logger.error({ err: error, tenant: scope.tenantId, business: scope.businessId }, 'payment reminders failed')),
        everyMs: PAYMENT_REMINDERS_MS,
      },
      { label: 'BNPL repayments', job: createBnplRepaymentJob(app, (error) => logError('a BNPL repayment failed', error)), everyMs: PAYMENT_REMINDERS_MS },
      { label: 'planner statistics', job: createStatisticsJob(app), everyMs: STATISTICS_MS },
      { label: 'dashboard compaction', job: createDashboardCompactionJob(app), everyMs: DASHBOARD_COMPACTION_MS },
      { label: 'invoice totals compaction', job: createInvoiceTotalsCompactionJob(app), everyMs: DASHBOARD_COMPACTION_MS },
      { label: 'idempotency key expiry', job: createIdempotencyExpiryJob(app), everyMs: IDEMPOTENCY_EXPIRY_MS },
      { label: 'expired export files', job: createExportFileSweepJob(app), everyMs: EXPORT_FILE_SWEEP_MS },
      { label: 'throttle counter expiry', job: createThrottleExpiryJob(app), everyMs: THROTTLE_EXPIRY_MS },
      { label: 'flood counter expiry', job: createFloodCounterExpiryJob(app), everyMs: THROTTLE_EXPIRY_MS },
      { label: 'pending sign-up expiry', job: createPendingSignUpExpiryJob(app), everyMs: PENDING_SIGN_UP_EXPIRY_MS },
      {
        label: 'loan reconciliation',
        job: createLoanReconciliation(app, (tenantId, error) => logger.error({ err: error, tenant: tenantId }, 'loan reconciliation failed')),
        everyMs: LOAN_RECONCILIATION_EVERY_MS,
      },
    ];
    for (const { label, job, everyMs } of periodicJobs) {
      await job.register();
      void job.trigger(everyMs).catch((error: unknown) => logError(`queueing ${label} failed`, error));
      timers.push(safeInterval(`queueing ${label}`, everyMs, () => job.trigger(everyMs), logError));
    }
    ready = true;
    logger.info({ port: env.PORT, database: database.kind, ms: Date.now() - startedAt }, 'ready');
  } catch (error) {
    logger.fatal({ err: error }, 'the server could not start');
    await lifecycle.shutdown('start-up failed', 1);
  }
}

// Only what fails before the logger exists (an invalid environment) arrives here.
main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
