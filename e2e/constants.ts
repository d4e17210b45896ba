import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built app listens here during the browser suite; baseURL is http://localhost:E2E_PORT. `E2E_PORT` overrides it, so two checkouts can run the suite side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/** The platform super admin the app is started with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Admin-Passw0rd!';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT_DIR = path.join(REPO_ROOT, 'test-results/e2e');
/** Every mail the app sends during the suite lands here as one JSON file: { to, subject, text }. */
export const MAILBOX_DIR = path.join(OUTPUT_DIR, 'mailbox');
export const SERVER_LOG = path.join(OUTPUT_DIR, 'server.log');

/** The fake Stripe the suite starts beside the app (PAYMENT_PROVIDER_API_BASE): made-up test keys, accepted only by it. */
export const FAKE_STRIPE_KEYS = {
  secretKey: 'sk_test_e2e_fake_stripe_secret_0001',
  publishableKey: 'pk_test_e2e_fake_stripe_publishable_0001',
  webhookSecret: 'whsec_e2e_fake_stripe_webhook_0001',
} as const;

/** The fake Plaid's API keys (the tenant's bank-link client id and secret in the payouts journey). */
export const FAKE_PLAID_CREDENTIALS = { clientId: 'e2e_fake_plaid_client', secret: 'e2e_fake_plaid_secret_0001' } as const;

/**
 * The fake lender's key and products: a journey that finances through the HTTP lender sets a tenant's
 * financing provider to E2E_FAKE_LENDER_URL with these, and registers the tenant's lender webhook
 * (`POST /_control/webhooks {url}` with the key) once it knows the tenant's id.
 */
export const FAKE_LENDER = {
  apiKey: 'lk_test_e2e_fake_lender_0001',
  productIds: { factoring: '0190a3c4-0000-7000-8000-00000000e2e1', bnpl: '0190a3c4-0000-7000-8000-00000000e2e2' },
} as const;
