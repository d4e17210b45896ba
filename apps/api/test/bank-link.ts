import { eq } from 'drizzle-orm';
import { BankTokenRegistry, type FakePlaid, startFakePlaid } from '@app/fakes';
import { tenants } from '../src/db/schema';
import type { Clock } from '../src/platform/clock';
import { type PaymentHarness, startPaymentHarness } from './online-payments';

/** A payment harness whose tenant links banks through the fake Plaid; closing it stops both fakes. */
export type LinkedBankHarness = PaymentHarness & { plaid: FakePlaid };

/**
 * The fake Plaid and the fake Stripe sharing one token registry (a processor token Plaid makes is
 * one Stripe takes), the tenant's bank-link credentials set, and bank debits settled only when a
 * test says so (`fake.control.settleBankPayments()`).
 */
export async function startLinkedBankHarness(clock: Clock): Promise<LinkedBankHarness> {
  const registry = new BankTokenRegistry();
  const plaid = await startFakePlaid({ registry });
  const online = await startPaymentHarness({ clock, fakeOptions: { registry, bankSettlementDelayMs: null }, bankLinkApiBase: plaid.url });
  const { h } = online;
  await h.app.db
    .update(tenants)
    .set({ bankLinkClientId: plaid.credentials.clientId, bankLinkSecret: h.app.secretBox.seal(plaid.credentials.secret), bankLinkEnvironment: 'sandbox' })
    .where(eq(tenants.id, h.landlordId));
  return {
    ...online,
    plaid,
    async close() {
      await online.close();
      await plaid.close();
    },
  };
}

/**
 * What Plaid Link does in the browser, against the fake Plaid: opens the session for a link token
 * and picks the account (checking settles; savings is returned R03), answering what the pay form
 * sends as `bank_link`.
 */
export async function chooseInLink(plaidUrl: string, linkToken: string, holder: string, subtype: 'checking' | 'savings' = 'checking'): Promise<{ public_token: string; account_id: string; account_holder_name: string }> {
  const post = async (path: string, body: Record<string, string>) => {
    const response = await fetch(`${plaidUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return (await response.json()) as Record<string, unknown>;
  };
  const opened = await post('/__fake/link/open', { link_token: linkToken });
  const accounts = opened.accounts as { id: string; subtype: string }[];
  const accountId = accounts.find((account) => account.subtype === subtype)?.id ?? '';
  const done = await post('/__fake/link/complete', { link_token: linkToken, link_session_id: String(opened.link_session_id), account_id: accountId });
  return { public_token: String(done.public_token), account_id: accountId, account_holder_name: holder };
}
