import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { parseHostAllowlist } from './platform/outbound/address-policy';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** A comma-separated allow-list of host names, addresses and CIDR ranges; a malformed range stops the start. */
const hostAllowlist = z
  .string()
  .optional()
  .refine(
    (text) => {
      try {
        parseHostAllowlist(text);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'must be host names, addresses or CIDR ranges, comma separated' },
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  APP_KEY: z.string().min(32, 'APP_KEY must be at least 32 characters').optional(),
  /** Scheme and port of the links the app mails; the host is always the tenant's first domain. */
  PUBLIC_SCHEME: z.enum(['http', 'https']).default('http'),
  PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8).max(128).optional(),
  DEMO: booleanFlag,
  TRUST_PROXY: booleanFlag,
  API_DOCS_PUBLIC: booleanFlag,
  MAIL_HOST: z.string().optional(),
  MAIL_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  MAIL_USERNAME: z.string().optional(),
  MAIL_PASSWORD: z.string().optional(),
  MAIL_FROM: z.string().default('Ledgerline <no-reply@localhost>'),
  MAIL_SECURE: booleanFlag,
  /** Hosts, addresses or CIDR ranges a tenant's SMTP may point at although not public (development). */
  MAIL_HOST_ALLOWLIST: hostAllowlist,
  /** Hosts, addresses or CIDR ranges outbound HTTP (webhooks, a tenant's lender) may reach although not public (development). */
  OUTBOUND_HTTP_ALLOWLIST: hostAllowlist,
  /** How long a webhook endpoint has to answer an attempt before it counts as failed. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  /** `/metrics` on a listener of its own; none when unset. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Bearer token every scrape must send; required when METRICS_HOST is not a loopback address. */
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** The payment provider's API at another address (`http://127.0.0.1:12111`: the fake Stripe in tests and the demo); Stripe's own when unset. */
  PAYMENT_PROVIDER_API_BASE: z.string().url().optional(),
  /**
   * Where the bank-link adapter sends every tenant's calls instead of the Plaid host its environment
   * names: the fake Plaid's URL in tests and the demo. Unset in production.
   */
  BANK_LINK_API_BASE: z.string().url().optional(),
  /**
   * The browser loads Stripe.js and Plaid Link from those API bases (where the fakes serve them)
   * instead of their canonical URLs: set by the demo, whose browser cannot reach js.stripe.com.
   * The browser tests leave it off and intercept the canonical URLs, the path production takes.
   */
  PROVIDER_SCRIPTS_AT_API_BASE: booleanFlag,
});

/** localhost, 127.0.0.0/8 or ::1: only this machine can reach the listener. */
export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

const checkedEnvSchema = envSchema.refine((env) => env.METRICS_PORT === undefined || env.METRICS_TOKEN !== undefined || isLoopbackHost(env.METRICS_HOST), {
  message: 'METRICS_TOKEN is required when METRICS_HOST is not a loopback address',
  path: ['METRICS_TOKEN'],
});

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  /** PUBLIC_PORT, else 443 for https (a TLS proxy in front) or PORT for http. */
  publicPort: number;
};

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = checkedEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const data = parsed.data;
  const publicPort = data.PUBLIC_PORT ?? (data.PUBLIC_SCHEME === 'https' ? 443 : data.PORT);
  return { ...data, dataDir: path.resolve(data.DATA_DIR), publicPort };
}
