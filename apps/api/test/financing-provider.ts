import { eq } from 'drizzle-orm';
import { tenants } from '../src/db/schema';
import type { LenderLoan } from '../src/platform/providers/financing-provider';
import { lenderSignature } from '../src/platform/providers/http-financing-provider';
import type { Harness } from './harness';

/** The fake lender listens on 127.0.0.1, which outbound HTTP reaches only through the development allow-list. */
export const FAKE_LENDER_ENV = { OUTBOUND_HTTP_ALLOWLIST: '127.0.0.1' };

export const TEST_FINANCING_PRODUCT_IDS = ['0190a3c4-0000-7000-8000-00000000fa01', '0190a3c4-0000-7000-8000-00000000fa02', '0190a3c4-0000-7000-8000-00000000fa03'];

/** Stores a tenant's lender as a saved tenant form would (the API key sealed). */
export async function connectFinancingProvider(h: Harness, tenantId: string, columns: { url: string; apiKey: string; productIds?: string[] } | null): Promise<void> {
  await h.app.db
    .update(tenants)
    .set({
      financingProviderUrl: columns?.url ?? null,
      financingProviderSecret: columns ? h.app.secretBox.seal(columns.apiKey) : null,
      financingProductIds: columns?.productIds ?? (columns ? TEST_FINANCING_PRODUCT_IDS : []),
    })
    .where(eq(tenants.id, tenantId));
  h.app.tenants.forget();
}

let sequence = 0;

export function lenderLoan(overrides: Partial<LenderLoan> = {}): LenderLoan {
  sequence += 1;
  return {
    id: `loan_test_${sequence}`,
    offerId: `ofr_test_${sequence}`,
    product: 'factoring',
    invoiceReference: '0190a3c4-0000-7000-8000-0000000000aa',
    status: 'funded',
    currency: 'USD',
    principal: 80_000,
    fee: 2_400,
    principalRepaid: 0,
    feeRepaid: 0,
    fundedAt: new Date().toISOString(),
    dueDate: '2026-12-31',
    repaidAt: null,
    ...overrides,
  };
}

/** A lender event body as the lender sends it (its exact bytes are what the signature covers). */
export function lenderEventBody(input: { type: string; loan?: LenderLoan; id?: string }): { id: string; body: string; loan: LenderLoan } {
  sequence += 1;
  const id = input.id ?? `evt_test_${Date.now().toString(36)}_${sequence}`;
  const loan = input.loan ?? lenderLoan();
  return { id, loan, body: JSON.stringify({ id, type: input.type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object: loan } }) };
}

/** The `Lender-Signature` and `Lender-Timestamp` headers for a body, signed with `apiKey` at `atSeconds`. */
export function lenderHeaders(body: string, apiKey: string, atSeconds = Math.floor(Date.now() / 1000)): Record<string, string> {
  return { 'lender-signature': lenderSignature(body, apiKey, atSeconds), 'lender-timestamp': String(atSeconds) };
}

/** Posts a delivery to a tenant's lender webhook as the lender does: raw JSON bytes, no session. */
export async function deliverLenderWebhook(h: Harness, host: string, tenantId: string, body: string, headers: Record<string, string>) {
  const response = await h.server.inject({
    method: 'POST',
    url: `/api/v1/webhooks/financing-provider/${tenantId}`,
    headers: { host, 'content-type': 'application/json; charset=utf-8', ...headers },
    payload: body,
  });
  return { status: response.statusCode, body: response.body };
}
