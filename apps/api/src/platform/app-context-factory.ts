import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { AppContext } from './app-context';
import { ApiLogWriter } from './api-log';
import { type BuildInfo, readBuildInfo } from './build-info';
import { type Clock, systemClock } from './clock';
import { SecretBox, randomToken } from './crypto';
import type { JobQueue } from './jobs';
import type { MailTransport } from './mail';
import { MailHostGuard } from './mail-host-guard';
import { AppMetrics } from './metrics';
import { Outbox } from './outbox';
import { AddressPolicy, type HostResolver } from './outbound/address-policy';
import { OutboundHttpClient } from './outbound/outbound-http';
import type { BankLinkProviderFactory } from './providers/bank-link-provider';
import type { FinancingProviderFactory } from './providers/financing-provider';
import { createHttpFinancingProviderFactory } from './providers/http-financing-provider';
import type { PaymentProviderFactory } from './providers/payment-provider';
import { plaidBankLinkProviderFactory } from './providers/plaid-bank-link-provider';
import { createStripePaymentProviderFactory, stripeApiBaseOf } from './providers/stripe-payment-provider';
import { FileStorage } from './storage';
import { TenantMailers } from './tenant-mail';
import { TenantResolver } from './tenancy';
import { WebhookEventLog } from './webhook-events';

/** APP_KEY from the environment, else one generated once and kept in the data directory. */
export function resolveAppKey(env: Env): string {
  if (env.APP_KEY) return env.APP_KEY;
  const file = path.join(env.dataDir, 'app.key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(env.dataDir, { recursive: true });
  const key = randomToken(32);
  fs.writeFileSync(file, key, { mode: 0o600 });
  return key;
}

export type ContextOptions = {
  env: Env;
  database: Database;
  jobs: JobQueue;
  transport: MailTransport | null;
  clock?: Clock;
  onBackgroundError?: (error: unknown) => void;
  rateLimits?: AppContext['rateLimits'];
  /** Resolves the host names tenants give (SMTP hosts, outbound HTTP): the system resolver when omitted, a fixed table in tests. */
  resolveHost?: HostResolver;
  /** The build the metrics report: read from beside the running bundle when omitted. */
  build?: BuildInfo;
  /** The payment-provider clients: the Stripe adapter at PAYMENT_PROVIDER_API_BASE (or Stripe's API) when omitted. */
  paymentProviders?: PaymentProviderFactory;
  /** The bank-link clients: the Plaid adapter at BANK_LINK_API_BASE (or Plaid's hosts) when omitted. */
  bankLinkProviders?: BankLinkProviderFactory;
  /** The lender clients: the HTTP lender adapter at each tenant's financing provider url when omitted. */
  financingProviders?: FinancingProviderFactory;
};

export function createAppContext(options: ContextOptions): AppContext {
  const clock = options.clock ?? systemClock;
  const db = options.database.db;
  const onError = options.onBackgroundError ?? (() => undefined);
  const secretBox = new SecretBox(resolveAppKey(options.env));
  const mailHosts = new MailHostGuard(AddressPolicy.fromSetting(options.env.MAIL_HOST_ALLOWLIST), options.resolveHost);
  const outboundHttp = new OutboundHttpClient(AddressPolicy.fromSetting(options.env.OUTBOUND_HTTP_ALLOWLIST), options.resolveHost);
  const outbox = new Outbox(db, options.jobs, options.transport, options.env.MAIL_FROM, clock, secretBox, new TenantMailers(secretBox, mailHosts));
  return {
    env: options.env,
    database: options.database,
    db,
    clock,
    jobs: options.jobs,
    outbox,
    webhookEvents: new WebhookEventLog(options.jobs, clock),
    mailHosts,
    outboundHttp,
    secretBox,
    storage: new FileStorage(path.join(options.env.dataDir, 'uploads')),
    tenants: new TenantResolver(db, { scheme: options.env.PUBLIC_SCHEME, port: options.env.publicPort, trustProxy: options.env.TRUST_PROXY }),
    apiLog: new ApiLogWriter(db, onError),
    metrics: new AppMetrics({ database: options.database, jobs: options.jobs, outbox, clock, build: options.build ?? readBuildInfo() }),
    paymentProviders: options.paymentProviders ?? createStripePaymentProviderFactory(stripeApiBaseOf(options.env.PAYMENT_PROVIDER_API_BASE)),
    bankLinkProviders: options.bankLinkProviders ?? plaidBankLinkProviderFactory({ apiBaseUrl: options.env.BANK_LINK_API_BASE }),
    financingProviders: options.financingProviders ?? createHttpFinancingProviderFactory(outboundHttp),
    rateLimits: options.rateLimits ?? { auth: { max: 10, windowMs: 60_000 } },
  };
}
