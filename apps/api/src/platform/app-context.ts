import type { AppDb, Database } from '../db/client';
import type { Env } from '../env';
import type { ApiLogWriter } from './api-log';
import type { Clock } from './clock';
import type { SecretBox } from './crypto';
import type { JobQueue } from './jobs';
import type { MailHostGuard } from './mail-host-guard';
import type { AppMetrics } from './metrics';
import type { WebhookEventLog } from './webhook-events';
import type { Outbox } from './outbox';
import type { OutboundHttp } from './outbound/outbound-http';
import type { BankLinkProviderFactory } from './providers/bank-link-provider';
import type { FinancingProviderFactory } from './providers/financing-provider';
import type { PaymentProviderFactory } from './providers/payment-provider';
import type { FileStorage } from './storage';
import type { TenantResolver } from './tenancy';

export type RateLimitRule = { max: number; windowMs: number };

/** Everything services need from the outside world, built once per process (or per test). */
export type AppContext = {
  env: Env;
  database: Database;
  db: AppDb;
  clock: Clock;
  outbox: Outbox;
  /** The outgoing events of the webhook catalogue, written in the transaction of their change. */
  webhookEvents: WebhookEventLog;
  /** Checks the SMTP hosts tenants configure (never the operator's MAIL_HOST). */
  mailHosts: MailHostGuard;
  /** Every request to a URL a tenant or business chose (webhooks, their lender): refuses non-public addresses, follows no redirect, bounds time and size. */
  outboundHttp: OutboundHttp;
  jobs: JobQueue;
  secretBox: SecretBox;
  storage: FileStorage;
  tenants: TenantResolver;
  apiLog: ApiLogWriter;
  /** This process's Prometheus metrics (served by platform/metrics-server.ts when METRICS_PORT is set). */
  metrics: AppMetrics;
  /** Builds a payment-provider client for a tenant's credentials (the Stripe adapter; tests point it at the fake). */
  paymentProviders: PaymentProviderFactory;
  /** Builds a bank-link client for a tenant's credentials (the Plaid adapter; tests point it at the fake). */
  bankLinkProviders: BankLinkProviderFactory;
  /** Builds an HTTP lender client for a tenant's financing provider settings (tests and the demo point them at the fake lender). */
  financingProviders: FinancingProviderFactory;
  rateLimits: { auth: RateLimitRule };
};

/**
 * Who is asking, for logs, and where links in mail point: `origin` is the request's tenant's
 * public origin (TenantRecord.origin), never read from the request's headers.
 */
export type RequestMeta = { ip: string; userAgent: string | null; origin: string };
