import type { Env } from '../../env';

/**
 * Where the browser loads the providers' scripts from: null for their canonical URLs
 * (js.stripe.com, cdn.plaid.com), or, in the demo (PROVIDER_SCRIPTS_AT_API_BASE), the same path at
 * the provider APIs' other address, where the fakes serve their own Stripe.js and Link.
 */
export function providerScriptUrls(env: Pick<Env, 'PAYMENT_PROVIDER_API_BASE' | 'BANK_LINK_API_BASE' | 'PROVIDER_SCRIPTS_AT_API_BASE'>): { payment_provider: string | null; bank_link: string | null } {
  const at = (base: string | undefined, path: string) => (env.PROVIDER_SCRIPTS_AT_API_BASE && base ? new URL(path, base).toString() : null);
  return { payment_provider: at(env.PAYMENT_PROVIDER_API_BASE, '/v3'), bank_link: at(env.BANK_LINK_API_BASE, '/link/v2/stable/link-initialize.js') };
}
