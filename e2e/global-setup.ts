import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { BankTokenRegistry, startFakeLender, startFakePlaid, startFakeStripe } from '@app/fakes';
import { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_PORT, FAKE_LENDER, FAKE_PLAID_CREDENTIALS, FAKE_STRIPE_KEYS, MAILBOX_DIR, OUTPUT_DIR, REPO_ROOT, SERVER_LOG } from './constants';

const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/api/dist/main.js');
const WEB_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 20_000;

/** Quoted-printable to bytes, then UTF-8 (soft line breaks removed). */
export function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const text = input.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i += 1) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) as nodemailer writes non-ASCII subjects. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function headerOf(raw: string, name: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  const head = (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' '); // unfold
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? decodeEncodedWords(line.slice(name.length + 1).trim()) : '';
}

let mailCount = 0;

function saveMail(to: string[], raw: string): void {
  fs.mkdirSync(MAILBOX_DIR, { recursive: true });
  mailCount += 1;
  const name = `${Date.now()}-${String(mailCount).padStart(4, '0')}.json`;
  const mail = { to, subject: headerOf(raw, 'subject'), text: decodeQuotedPrintable(raw), receivedAt: new Date().toISOString() };
  // Written under another name first, so a reader never sees half a file.
  const target = path.join(MAILBOX_DIR, name);
  fs.writeFileSync(`${target}.tmp`, JSON.stringify(mail, null, 2));
  fs.renameSync(`${target}.tmp`, target);
}

async function startSmtp(): Promise<{ server: SMTPServer; port: number }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        try {
          saveMail(
            session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            Buffer.concat(chunks).toString('utf8'),
          );
          callback();
        } catch (error) {
          callback(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP server has no port');
  return { server, port: address.port };
}

function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function logTail(): string {
  try {
    return fs.readFileSync(SERVER_LOG, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '(no server log)';
  }
}

async function waitUntilReady(child: ChildProcess, url: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The app exited before it was ready (exit ${child.exitCode ?? child.signalCode}). Last lines of ${SERVER_LOG}:\n${logTail()}`);
    }
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The app was not ready within ${READY_TIMEOUT_MS} ms. Last lines of ${SERVER_LOG}:\n${logTail()}`);
}

/** A real SMTP server in this process and the built app on a fresh data directory; returns the teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` before the browser suite.`);
  if (!fs.existsSync(WEB_INDEX)) console.warn(`[e2e] ${WEB_INDEX} is missing: the app will serve the API only (run \`npm run build\`).`);
  if (await portInUse(E2E_PORT)) throw new Error(`Port ${E2E_PORT} is already in use: stop whatever listens there before the browser suite.`);

  fs.rmSync(MAILBOX_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAILBOX_DIR, { recursive: true });
  const smtp = await startSmtp();
  // The payment provider the app checks tenants' keys with: no journey reaches the real one.
  // Its Connect events (accounts) and platform events (payments, refunds) go to the app's webhook on the
  // landlord's host, both signed with the journeys' webhook secret, the one the landlord tenant keeps;
  // the fake Plaid's processor tokens are accepted by it through the shared registry.
  const registry = new BankTokenRegistry();
  const webhookUrl = `http://localhost:${E2E_PORT}/api/v1/webhooks/payment-provider`;
  // Only the event types the app handles (app.ts registers them): a new handler adds its type here.
  const webhookEvents = [
    'account.updated',
    'payment_intent.succeeded',
    'payment_intent.payment_failed',
    'payment_intent.canceled',
    'payment_intent.processing',
    'payment_intent.requires_action',
    'setup_intent.succeeded',
    // A payment's transfers and charges, and refunds (modules/payment-movements).
    'charge.succeeded',
    'charge.refunded',
    'application_fee.created',
    'application_fee.refunded',
    'transfer.created',
    'transfer.reversed',
    'refund.created',
    'refund.updated',
    'refund.failed',
  ];
  // Bank debits settle only when a journey says so (`/_control/bank_payments/settle`), so their processing state can be looked at.
  const stripe = await startFakeStripe({ ...FAKE_STRIPE_KEYS, registry, webhookUrl, webhookEvents, platformWebhookUrl: webhookUrl, platformWebhookSecret: FAKE_STRIPE_KEYS.webhookSecret, bankSettlementDelayMs: null });
  const plaid = await startFakePlaid({ registry, credentials: FAKE_PLAID_CREDENTIALS });
  // No tenant lends through it unless a journey points one at it: the platform lender is the default.
  const lender = await startFakeLender({ apiKey: FAKE_LENDER.apiKey, productIds: FAKE_LENDER.productIds });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerline-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    MAIL_HOST: '127.0.0.1',
    MAIL_PORT: String(smtp.port),
    MAIL_FROM: 'Ledgerline <no-reply@example.com>',
    // Mailed links: http://<tenant's first domain>:E2E_PORT/... (localhost, t2.localhost).
    PUBLIC_SCHEME: 'http',
    PUBLIC_PORT: String(E2E_PORT),
    // A tenant's own SMTP settings may point at the suite's SMTP server on this machine.
    MAIL_HOST_ALLOWLIST: '127.0.0.1',
    // Tenants' URLs (a lender at E2E_FAKE_LENDER_URL, webhook receivers) may point at the suite's fakes on this machine.
    OUTBOUND_HTTP_ALLOWLIST: '127.0.0.1',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'info',
    PAYMENT_PROVIDER_API_BASE: stripe.url,
    BANK_LINK_API_BASE: plaid.url,
  };
  // Always the embedded database, whatever the calling shell has configured.
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'TRUST_PROXY', 'DEMO', 'MAIL_USERNAME', 'MAIL_PASSWORD', 'MAIL_SECURE', 'WEB_DIST']) delete env[name];

  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  const log = fs.openSync(SERVER_LOG, 'w');
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], { cwd: REPO_ROOT, env, stdio: ['ignore', log, log] });
  fs.closeSync(log);

  const teardown = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited(child);
      clearTimeout(timer);
    }
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    await stripe.close();
    await plaid.close();
    await lender.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(child, `http://127.0.0.1:${E2E_PORT}/readyz`);
  } catch (error) {
    await teardown();
    throw error;
  }
  process.env.E2E_MAILBOX_DIR = MAILBOX_DIR;
  // The journeys serve the fake Stripe.js and Plaid Link scripts, which call these, on the real scripts' URLs.
  process.env.E2E_FAKE_STRIPE_URL = stripe.url;
  process.env.E2E_FAKE_PLAID_URL = plaid.url;
  process.env.E2E_FAKE_LENDER_URL = lender.url;
  console.log(`[e2e] app ready on http://localhost:${E2E_PORT} (data ${dataDir}, SMTP 127.0.0.1:${smtp.port}, log ${path.relative(REPO_ROOT, SERVER_LOG)})`);
  return teardown;
}
