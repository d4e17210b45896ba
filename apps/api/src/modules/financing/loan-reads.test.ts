import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoanResource, LoanStats, LoanTransactionResource } from '@app/contracts';
import { createCustomer, createInvoice } from '../../../test/documents';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { type FixtureLoan, loanFixtures } from '../../../test/loans';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';

let h: Harness;
let fixtures: ReturnType<typeof loanFixtures>;
let owner: TestClient;
let sibling: TestClient;
let foreign: TestClient;
let factoring: FixtureLoan;
let repaid: FixtureLoan;
let bnpl: FixtureLoan;
let customerBusinessId: string;

type TransactionsPage = { data: LoanTransactionResource[]; meta: { next_cursor: string | null; per_page: number } };
const loansOf = (body: Record<string, unknown>) => body.data as LoanResource[];
const pageOf = (body: Record<string, unknown>) => body as unknown as TransactionsPage;

/** An invoice of `vendor` to a new customer, finalized and approved (the admin approval stands in for the customer's). */
async function approvedInvoice(vendor: TestClient, customerName: string) {
  const customer = await createCustomer(vendor, customerName);
  const invoice = await createInvoice(vendor, customer.id);
  expect((await vendor.post(`/api/v1/invoices/${invoice.id}/finalize`)).status).toBe(200);
  expect((await vendor.post(`/api/v1/invoices/admin/${invoice.id}/approve`)).status).toBe(200);
  return { invoice, customer };
}

async function allPages(client: TestClient, query: string, limit: number): Promise<LoanTransactionResource[]> {
  const rows: LoanTransactionResource[] = [];
  let after: string | null = null;
  do {
    const response = await client.get(`/api/v1/loan-transactions?limit=${limit}${query}${after ? `&after=${after}` : ''}`);
    expect(response.status).toBe(200);
    const page = pageOf(response.body);
    rows.push(...page.data);
    after = page.meta.next_cursor;
  } while (after);
  return rows;
}

beforeAll(async () => {
  h = await createHarness();
  fixtures = loanFixtures(h);
  owner = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Lumen Works');
  sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sibling Works');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Works', OTHER_HOST);
  const businessId = owner.business ?? '';

  const first = await approvedInvoice(owner, 'Kestrel Brewing');
  factoring = await fixtures.createLoan({ tenantId: h.landlordId, businessId, invoiceId: first.invoice.id, principal: 24_000, fee: 800, invoiceAmount: first.invoice.total });
  await fixtures.fund(factoring, 24_000, 800);

  const second = await approvedInvoice(owner, 'Granite Labs');
  repaid = await fixtures.createLoan({ tenantId: h.landlordId, businessId, invoiceId: second.invoice.id, principal: 20_000, fee: 500, invoiceAmount: second.invoice.total, status: 'repaid' });
  await fixtures.fund(repaid, 20_000, 500, '2026-11-21');
  await fixtures.repay(repaid, { fee: 500, principal: 20_000, reserve: second.invoice.total - 20_500 });
  await fixtures.releaseReserve(repaid, second.invoice.total - 20_500);

  // BNPL: the customer business defers paying the owner's invoice; the loan is the customer's.
  const third = await approvedInvoice(owner, 'Onyx Dental');
  customerBusinessId = third.customer.customer_business.id;
  bnpl = await fixtures.createLoan({ tenantId: h.landlordId, businessId: third.customer.customer_business.id, invoiceId: third.invoice.id, product: 'bnpl', principal: 30_000, fee: 900, invoiceAmount: third.invoice.total });
  await fixtures.fund(bnpl, 30_000, 900);
});
afterAll(async () => {
  await h.close();
});

describe('GET /loans', () => {
  it('lists the business’s loans with balances read from the ledger, their invoice and schedule', async () => {
    const response = await owner.get('/api/v1/loans');
    expect(response.status).toBe(200);
    const loans = loansOf(response.body);
    expect(loans.map((loan) => loan.id)).toEqual([repaid.id, factoring.id]);
    expect(response.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 15, total: 2 });
    const open = loans[1];
    expect(open).toMatchObject({
      product: 'factoring',
      status: 'funded',
      lender: 'platform',
      business_name: 'Lumen Works',
      invoice: { invoice_number: expect.any(String), counterparty_name: 'Kestrel Brewing', total: 35_000 },
      currency_code: 'USD',
      principal_amount: 24_000,
      fee_amount: 800,
      principal_balance: 24_000,
      fee_balance: 800,
      total_balance: 24_800,
      due_date: '2026-12-31',
    });
    expect(open?.schedule).toEqual([
      { kind: 'advance', date: expect.any(String), amount: 24_000, done: true },
      { kind: 'repayment', date: '2026-12-31', amount: 24_800, done: false },
      { kind: 'reserve', date: '2026-12-31', amount: 35_000 - 24_800, done: false },
    ]);
    expect(loans[0]).toMatchObject({ status: 'repaid', principal_balance: 0, fee_balance: 0, total_balance: 0 });
    expect(loans[0]?.schedule.every((item) => item.done)).toBe(true);
  });

  it('counts a pending repayment as owed until it is posted, and not at all once voided', async () => {
    const loanBalance = async () => loansOf((await owner.get(`/api/v1/loans?status=funded`)).body).find((loan) => loan.id === factoring.id);
    const pending = await fixtures.repay(factoring, { fee: 300, principal: 0, reserve: 0 }, 'pending');
    expect(await loanBalance()).toMatchObject({ fee_balance: 800, total_balance: 24_800 });
    await fixtures.ledger.settle(h.landlordId, pending.transaction.id, 'voided');
    expect(await loanBalance()).toMatchObject({ fee_balance: 800, total_balance: 24_800 });
    const second = await fixtures.repay(factoring, { fee: 300, principal: 0, reserve: 0 }, 'pending');
    await fixtures.ledger.settle(h.landlordId, second.transaction.id, 'posted');
    expect(await loanBalance()).toMatchObject({ principal_balance: 24_000, fee_balance: 500, total_balance: 24_500 });
  });

  it('filters by product and status and pages', async () => {
    expect(loansOf((await owner.get('/api/v1/loans?status=repaid')).body).map((loan) => loan.id)).toEqual([repaid.id]);
    expect(loansOf((await owner.get('/api/v1/loans?product=bnpl')).body)).toEqual([]);
    const paged = await owner.get('/api/v1/loans?limit=1&page=2');
    expect(loansOf(paged.body).map((loan) => loan.id)).toEqual([factoring.id]);
    expect(paged.body.meta).toMatchObject({ current_page: 2, last_page: 2, total: 2 });
    expect(errorsOf(await owner.get('/api/v1/loans?status=unknown')).status).toBeDefined();
  });

  it('shows tenant admins every business’s loans under /platform, narrowed by business_id', async () => {
    const all = loansOf((await owner.get('/api/v1/platform/loans')).body);
    expect(all.map((loan) => loan.id)).toEqual([bnpl.id, repaid.id, factoring.id]);
    expect(all[0]).toMatchObject({ product: 'bnpl', business_id: customerBusinessId, invoice: { counterparty_name: 'Lumen Works' }, schedule: [{ kind: 'advance' }, { kind: 'repayment' }] });
    const narrowed = loansOf((await owner.get(`/api/v1/platform/loans?business_id=${customerBusinessId}`)).body);
    expect(narrowed.map((loan) => loan.id)).toEqual([bnpl.id]);
  });
});

describe('GET /loan-transactions', () => {
  it('lists each movement newest first with its amounts summed by account', async () => {
    const rows = await allPages(owner, '', 100);
    const ofRepaid = rows.filter((row) => row.loan_id === repaid.id);
    expect(ofRepaid.map((row) => [row.kind, row.principal_amount, row.fee_amount, row.cash_amount])).toEqual([
      ['reserve_release', 0, 0, 14_500],
      ['repayment', -20_000, -500, -35_000],
      ['fee', 0, 500, 0],
      ['advance', 20_000, 0, 20_000],
    ]);
    expect(rows.some((row) => row.loan_id === bnpl.id)).toBe(false);
    const times = rows.map((row) => row.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(rows.find((row) => row.status === 'voided')).toMatchObject({ kind: 'repayment', fee_amount: -300 });
  });

  it('pages by cursor without gaps or repeats while new movements arrive', async () => {
    const before = await allPages(owner, '', 100);
    const first = await owner.get('/api/v1/loan-transactions?limit=3');
    const firstPage = pageOf(first.body);
    expect(firstPage.data).toHaveLength(3);
    expect(firstPage.meta).toMatchObject({ per_page: 3, next_cursor: expect.any(String) });
    const added = await fixtures.post(factoring, { kind: 'fee', lines: [[factoring.accounts.fee, 100], [factoring.accounts.feeIncome, -100]] });
    const rest: LoanTransactionResource[] = [];
    let after = firstPage.meta.next_cursor;
    while (after) {
      const page = pageOf((await owner.get(`/api/v1/loan-transactions?limit=3&after=${after}`)).body);
      rest.push(...page.data);
      after = page.meta.next_cursor;
    }
    expect([...firstPage.data, ...rest].map((row) => row.id)).toEqual(before.map((row) => row.id));
    expect((await allPages(owner, '', 2)).map((row) => row.id)).toEqual([added.transaction.id, ...before.map((row) => row.id)]);
  });

  it('filters by loan, product, kind and effective dates', async () => {
    const byLoan = await allPages(owner, `&loan_id=${repaid.id}`, 2);
    expect(byLoan.map((row) => row.kind)).toEqual(['reserve_release', 'repayment', 'fee', 'advance']);
    expect((await allPages(owner, '&kind=advance', 10)).map((row) => row.loan_id).sort()).toEqual([factoring.id, repaid.id].sort());
    expect(await allPages(owner, '&product=bnpl', 10)).toEqual([]);
    expect((await allPages(owner, '&product=factoring', 10)).length).toBeGreaterThan(0);
    const nov21 = await allPages(owner, '&from=2026-11-21&to=2026-11-21', 10);
    expect(nov21.map((row) => [row.loan_id, row.kind])).toEqual([
      [repaid.id, 'fee'],
      [repaid.id, 'advance'],
    ]);
  });

  it('refuses a cursor it did not make', async () => {
    const response = await owner.get('/api/v1/loan-transactions?after=bm90LWEtY3Vyc29y');
    expect(response.status).toBe(422);
    expect(errorsOf(response).after?.[0]).toMatch(/first page/);
  });

  it('shows tenant admins every business’s movements', async () => {
    const response = await owner.get(`/api/v1/platform/loan-transactions?loan_id=${bnpl.id}`);
    expect(pageOf(response.body).data.map((row) => [row.kind, row.product])).toEqual([
      ['fee', 'bnpl'],
      ['advance', 'bnpl'],
    ]);
  });
});

describe('GET /loan-stats', () => {
  it('sums the business’s balances per product and currency with open and repaid counts', async () => {
    const stats = (await owner.get('/api/v1/loan-stats')).body as LoanStats;
    const factoringFee = loansOf((await owner.get('/api/v1/loans?status=funded')).body)[0]?.fee_balance ?? 0;
    expect(stats).toEqual({
      balances: [{ product: 'factoring', currency_code: 'USD', principalBalance: 24_000, feeBalance: factoringFee, totalBalance: 24_000 + factoringFee, open_loans: 1, repaid_loans: 1 }],
      exposure: [],
    });
    expect(((await owner.get('/api/v1/loan-stats?product=bnpl')).body as LoanStats).balances).toEqual([]);
  });

  it('gives tenant admins every business’s balances and the principal each business owes', async () => {
    const stats = (await owner.get('/api/v1/platform/loan-stats')).body as LoanStats;
    expect(stats.balances.map((row) => [row.product, row.principalBalance, row.open_loans])).toEqual([
      ['bnpl', 30_000, 1],
      ['factoring', 24_000, 1],
    ]);
    expect(stats.exposure).toEqual([
      { business_id: customerBusinessId, business_name: expect.any(String), currency_code: 'USD', principal_balance: 30_000 },
      { business_id: owner.business, business_name: 'Lumen Works', currency_code: 'USD', principal_balance: 24_000 },
    ]);
  });
});

describe('GET /approved-invoice-amount', () => {
  it('sums approved, unpaid outgoing invoices without a live loan, per currency, beside the spec’s figure', async () => {
    const before = (await owner.get('/api/v1/approved-invoice-amount')).body;
    expect(before).toEqual({ invoice_approval_amount: 0, amounts: [] });
    const { invoice } = await approvedInvoice(owner, 'Tidal Media');
    await createInvoice(owner, (await createCustomer(owner, 'Draft Only')).id);
    expect((await owner.get('/api/v1/approved-invoice-amount')).body).toEqual({ invoice_approval_amount: 0, amounts: [{ currency_code: 'USD', amount: invoice.total, invoice_count: 1 }] });
    const viewer = await inviteAndAccept(h, owner, 'viewer@loan-reads.example', 'viewer');
    expect((await viewer.get('/api/v1/approved-invoice-amount')).status).toBe(200);
  });
});

describe('access', () => {
  it('shows another business of the tenant none of these loans', async () => {
    expect(loansOf((await sibling.get(`/api/v1/loans?business_id=${owner.business}`)).body)).toEqual([]);
    expect(pageOf((await sibling.get(`/api/v1/loan-transactions?loan_id=${factoring.id}`)).body).data).toEqual([]);
    expect((await sibling.get('/api/v1/loan-stats')).body).toEqual({ balances: [], exposure: [] });
    expect((await sibling.get('/api/v1/approved-invoice-amount')).body).toEqual({ invoice_approval_amount: 0, amounts: [] });
  });

  it('shows another tenant none of them, not even to its admins', async () => {
    expect(loansOf((await foreign.get('/api/v1/loans')).body)).toEqual([]);
    expect(pageOf((await foreign.get(`/api/v1/loan-transactions?loan_id=${factoring.id}`)).body).data).toEqual([]);
    expect(loansOf((await foreign.get('/api/v1/platform/loans')).body)).toEqual([]);
    expect(pageOf((await foreign.get('/api/v1/platform/loan-transactions')).body).data).toEqual([]);
    expect((await foreign.get('/api/v1/platform/loan-stats')).body).toEqual({ balances: [], exposure: [] });
  });

  it('needs view-balance-sheet (business) and refuses business members the platform lists', async () => {
    const viewer = await inviteAndAccept(h, owner, 'viewer2@loan-reads.example', 'viewer');
    expect((await viewer.get('/api/v1/loans')).status).toBe(200);
    expect((await owner.post('/api/v1/roles', { name: 'Invoices Only', abilities: ['view-invoice'] })).status).toBe(201);
    const clerk = await inviteAndAccept(h, owner, 'clerk@loan-reads.example', 'Invoices Only');
    for (const path of ['/api/v1/loans', '/api/v1/loan-transactions', '/api/v1/loan-stats']) expect((await clerk.get(path)).status).toBe(403);
    expect((await clerk.get('/api/v1/approved-invoice-amount')).status).toBe(200);
    for (const path of ['/api/v1/platform/loans', '/api/v1/platform/loan-transactions', '/api/v1/platform/loan-stats']) expect((await viewer.get(path)).status).toBe(403);
  });
});
