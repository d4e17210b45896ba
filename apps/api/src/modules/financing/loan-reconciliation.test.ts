import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderEventResource } from '@app/contracts';
import { type FakeLender, startFakeLender } from '@app/fakes';
import { loans, providerEvents } from '../../db/schema';
import { createHttpFinancingProvider } from '../../platform/providers/http-financing-provider';
import { createCustomer, createInvoice } from '../../../test/documents';
import { FAKE_LENDER_ENV, connectFinancingProvider, TEST_FINANCING_PRODUCT_IDS } from '../../../test/financing-provider';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness } from '../../../test/harness';
import { type FixtureLoan, loanFixtures } from '../../../test/loans';
import { signUpAndSignIn } from '../../../test/sign-up';
import { ownerWithBusiness } from '../../../test/team';
import { type LoanReconciliation, createLoanReconciliation } from './loan-reconciliation';

const LENDER_KEY = 'lk_test_reconciliation_0123456789abcdef';

let h: Harness;
let fixtures: ReturnType<typeof loanFixtures>;
let reconciliation: LoanReconciliation;
let owner: TestClient;
let admin: TestClient;
let otherAdmin: TestClient;
let foreign: TestClient;
let lender: FakeLender;
let funded: FixtureLoan;
const failures: unknown[] = [];

async function approvedInvoice(vendor: TestClient, customerName: string) {
  const customer = await createCustomer(vendor, customerName);
  const invoice = await createInvoice(vendor, customer.id);
  expect((await vendor.post(`/api/v1/invoices/${invoice.id}/finalize`)).status).toBe(200);
  expect((await vendor.post(`/api/v1/invoices/admin/${invoice.id}/approve`)).status).toBe(200);
  return invoice;
}

function reconciliationRows(tenantId: string) {
  return h.app.db
    .select()
    .from(providerEvents)
    .where(and(eq(providerEvents.tenantId, tenantId), eq(providerEvents.provider, 'reconciliation')));
}

beforeAll(async () => {
  h = await createHarness({ env: FAKE_LENDER_ENV });
  fixtures = loanFixtures(h);
  reconciliation = createLoanReconciliation(h.app, (_tenantId, error) => failures.push(error));
  lender = await startFakeLender({ apiKey: LENDER_KEY, productIds: { factoring: TEST_FINANCING_PRODUCT_IDS[0] ?? '', bnpl: TEST_FINANCING_PRODUCT_IDS[1] ?? '' }, fundingDelayMs: null });
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Reconciled Works');
  admin = h.client();
  await admin.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Lender Works', OTHER_HOST);
  otherAdmin = h.client(OTHER_HOST);
  await otherAdmin.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD);
  const businessId = owner.business ?? '';

  const first = await approvedInvoice(owner, 'Kestrel Brewing');
  funded = await fixtures.createLoan({ tenantId: h.landlordId, businessId, invoiceId: first.id, principal: 24_000, fee: 800, invoiceAmount: first.total });
  await fixtures.fund(funded, 24_000, 800);

  const second = await approvedInvoice(owner, 'Granite Labs');
  const repaid = await fixtures.createLoan({ tenantId: h.landlordId, businessId, invoiceId: second.id, principal: 20_000, fee: 500, invoiceAmount: second.total, status: 'repaid' });
  await fixtures.fund(repaid, 20_000, 500);
  await fixtures.repay(repaid, { fee: 500, principal: 20_000, reserve: 0 });
}, 120_000);
afterAll(async () => {
  await lender.close();
  await h.close();
});

describe('the loan reconciliation against the ledger', () => {
  it('reports nothing on loans whose ledger agrees with them', async () => {
    expect(await reconciliation.reconcileTenant(h.landlordId)).toBe(0);
    expect(await reconciliationRows(h.landlordId)).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('reports a tampered principal once, on the admin events screen, however often it runs', async () => {
    await h.app.db.update(loans).set({ principal: 25_000 }).where(eq(loans.id, funded.id));
    expect(await reconciliation.reconcileTenant(h.landlordId)).toBe(1);
    expect(await reconciliation.run()).toBe(0);
    const rows = await reconciliationRows(h.landlordId);
    expect(rows.map((row) => row.type)).toEqual(['reconciliation.principal_mismatch']);
    expect(rows[0]?.payload).toMatchObject({ loan_id: funded.id, principal: 25_000, advanced: 24_000, principal_balance: 24_000 });

    const listed = await admin.get('/api/v1/events?type=reconciliation.principal_mismatch');
    expect(listed.status).toBe(200);
    const events = listed.body.data as ProviderEventResource[];
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ source: 'reconciliation', status: 'received', method: 'JOB', url: 'loan-reconciliation' });
    const detail = await admin.get(`/api/v1/events/${events[0]?.id ?? ''}`);
    expect(detail.body.data).toMatchObject({ payload: { summary: "The loan's principal is 25000 but the ledger advanced 24000." } });
  });

  it('reports a repaid loan that still owes, and no other tenant sees it', async () => {
    await h.app.db.update(loans).set({ principal: 24_000, status: 'repaid' }).where(eq(loans.id, funded.id));
    expect(await reconciliation.reconcileTenant(h.landlordId)).toBe(1);
    expect((await reconciliationRows(h.landlordId)).map((row) => row.type).sort()).toEqual(['reconciliation.principal_mismatch', 'reconciliation.receivable_left']);
    const foreignList = await otherAdmin.get('/api/v1/events?type=reconciliation.receivable_left');
    expect(foreignList.status).toBe(200);
    expect(foreignList.body.data).toEqual([]);
    await h.app.db.update(loans).set({ status: 'funded' }).where(eq(loans.id, funded.id));
  });

  it('is read by view-event holders only: a business owner is refused', async () => {
    const businessOwner = await signUpAndSignIn(h, { email: 'reconciliation-probe@example.com', business_name: 'Probe Co' });
    expect((await businessOwner.get('/api/v1/events?type=reconciliation.principal_mismatch')).status).toBe(403);
  });
});

describe("the loan reconciliation against the HTTP lender's records", () => {
  let providerLoanId = '';

  beforeAll(async () => {
    await connectFinancingProvider(h, h.otherTenantId, { url: lender.url, apiKey: LENDER_KEY });
    const invoice = await approvedInvoice(foreign, 'Heron Freight');
    const client = createHttpFinancingProvider({ baseUrl: lender.url, apiKey: LENDER_KEY, productIds: { factoring: TEST_FINANCING_PRODUCT_IDS[0] ?? '', bnpl: TEST_FINANCING_PRODUCT_IDS[1] ?? '', drawdown: null } }, h.app.outboundHttp);
    const company = (reference: string, name: string) => ({ reference, name, country: 'US', email: null });
    const borrower = company(foreign.business ?? '', 'Lender Works');
    await client.approval(borrower, `approval:${borrower.reference}`);
    const offer = await client.createOffer(
      {
        product: 'factoring',
        termDays: 30,
        invoice: { reference: invoice.id, number: invoice.invoice_number, currency: 'USD', total: invoice.total, dueAmount: invoice.total, issueDate: '2026-11-20', dueDate: '2026-12-20', borrower, counterparty: company('0190a3c4-0000-7000-8000-0000000000bb', 'Heron Freight') },
      },
      `offer:${invoice.id}`,
    );
    const accepted = await client.acceptOffer(offer.id, offer.principal, `accept:${offer.id}`);
    lender.control.fund(accepted.id);
    providerLoanId = accepted.id;
    const loan = await fixtures.createLoan({ tenantId: h.otherTenantId, businessId: foreign.business ?? '', invoiceId: invoice.id, principal: accepted.principal, fee: accepted.fee, invoiceAmount: invoice.total });
    await h.app.db.update(loans).set({ lender: 'provider', providerLoanId }).where(eq(loans.id, loan.id));
    await fixtures.fund(loan, accepted.principal, accepted.fee);
  });

  it('reports nothing while the lender and the ledger agree', async () => {
    expect(await reconciliation.reconcileTenant(h.otherTenantId)).toBe(0);
    expect(failures).toEqual([]);
  });

  it('reports a loan the lender marked late once, with both records', async () => {
    lender.control.markLate(providerLoanId);
    expect(await reconciliation.reconcileTenant(h.otherTenantId)).toBe(1);
    expect(await reconciliation.reconcileTenant(h.otherTenantId)).toBe(0);
    const rows = await reconciliationRows(h.otherTenantId);
    expect(rows.map((row) => row.type)).toEqual(['reconciliation.lender_status_mismatch']);
    expect(rows[0]?.payload).toMatchObject({ status: 'funded', lender_record: { id: providerLoanId, status: 'late' } });
    expect(await reconciliationRows(h.landlordId)).toHaveLength(2);
  });

  it('still checks the ledger when the lender is unavailable, and says why', async () => {
    lender.control.failNextRequests(5);
    expect(await reconciliation.reconcileTenant(h.otherTenantId)).toBe(0);
    expect(failures).toHaveLength(1);
  });
});
