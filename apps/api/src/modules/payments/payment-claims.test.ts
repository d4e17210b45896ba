import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuditLogResource,
  type CounterpartyResource,
  type PaymentClaim,
  type PaymentClaimListResponse,
  type PaymentListResponse,
  type PaymentResource,
  type PublicDocument,
  type PublicLinkResponse,
  dashboardChartsSchema,
  dashboardStatsSchema,
  invoiceStatsSchema,
  messages,
} from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { createCustomer, invoiceBody, onboardedCustomer } from '../../../test/documents';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { invoices, payments } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { tokenOfUrl } from '../document-delivery/delivery-test-helpers';
import { createMode, createPayment, invoiceOf, openInvoice, paymentBody } from './test-payments';

const BUYER = 'Globex Corporation';
const BUYER_EMAIL = 'ap@globex.example';
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
let h: Harness;
let vendor: TestClient;
let buyer: TestClient;
let sibling: TestClient;
let foreign: TestClient;
let customer: CounterpartyResource;
let supplierId: string;

beforeAll(async () => {
  h = await createHarness({ clock });
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Łódź Widgets');
  sibling = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Sibling Works');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Ltd', OTHER_HOST);
  ({ customer, client: buyer } = await onboardedCustomer(h, vendor, BUYER, BUYER_EMAIL));
  const vendors = (await buyer.get('/api/v1/vendors')).body.data as CounterpartyResource[];
  const supplier = vendors.find((entry) => entry.name === 'Łódź Widgets');
  if (!supplier) throw new Error('The onboarded customer has no vendor record of its supplier');
  supplierId = supplier.id;
});
afterAll(async () => {
  await h.close();
});

/** A payment made by the buyer against one of the vendor's invoices: its claim. */
function claimBody(invoiceId: string, amount: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { direction: 'made', vendor_id: supplierId, invoice_id: invoiceId, payment_date: '2026-11-21', amount, ...overrides };
}

const claimsOf = async (client: TestClient, query = '') => (await client.get(`/api/v1/payments/claims${query}`)).body as unknown as PaymentClaimListResponse;
const receivedOn = async (invoiceId: string) => ((await vendor.get(`/api/v1/payments?tab=received&invoice_id=${invoiceId}`)).body as unknown as PaymentListResponse).data;
const paymentOf = async (client: TestClient, id: string) => (await client.get(`/api/v1/payments/${id}`)).body.data as PaymentResource;
const claimOf = (body: Record<string, unknown>) => body.data as PaymentClaim;

/** What each side's dashboard and invoice stats show: a claim must move none of it. */
async function figures(client: TestClient, direction: 'incoming' | 'outgoing') {
  const stats = dashboardStatsSchema.parse((await client.get('/api/v1/business/stats')).body);
  const charts = dashboardChartsSchema.parse((await client.get('/api/v1/business/charts/data')).body);
  const invoiceStats = invoiceStatsSchema.parse((await client.get(`/api/v1/invoices/stats?type=${direction}`)).body);
  return { stats: { ...stats, total_amount_due: stats.total_amount_due ?? 0 }, totals: charts.totals, invoiceStats };
}

async function publicPayments(invoiceId: string) {
  const link = (await vendor.post(`/api/v1/invoices/${invoiceId}/links`)).body as PublicLinkResponse;
  const page = (await h.client().get(`/api/v1/public/invoices/${tokenOfUrl(link.url)}`)).body as unknown as PublicDocument;
  return page.payments;
}

async function auditOf(client: TestClient, model: string, id: string): Promise<AuditLogResource[]> {
  const entries = (await client.get(`/api/v1/audit-logs?model=${model}&limit=100`)).body.data as AuditLogResource[];
  return entries.filter((entry) => entry.model_id === id);
}

describe('a payment made against a vendor invoice', () => {
  it('is the customer\'s claim: the vendor invoice, its stats and both dashboards stay as they were, and the vendor is mailed', async () => {
    const invoice = await openInvoice(vendor, customer.id, 10000);
    const vendorBefore = await figures(vendor, 'outgoing');
    const buyerBefore = await figures(buyer, 'incoming');

    const claim = await createPayment(buyer, claimBody(invoice.id, 10000, { notes: 'Wire ref 7781' }));
    expect(claim).toMatchObject({ direction: 'made', status: 'pending', claim: { status: 'claimed', decided_at: null, reason: null }, invoice: { id: invoice.id, amount_paid: 0, paid_status: 'unpaid' } });
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 0, due_amount: 10000, paid_status: 'unpaid' });
    expect(await figures(vendor, 'outgoing')).toEqual(vendorBefore);
    expect(await figures(buyer, 'incoming')).toEqual(buyerBefore);
    expect(await receivedOn(invoice.id)).toEqual([]);
    expect(await publicPayments(invoice.id)).toEqual([]);

    const mail = await h.smtp.waitFor(ADMIN_EMAIL, (m) => m.text.includes(`against your invoice ${invoice.invoice_number} (their reference ${claim.payment_number})`));
    expect(mail.subject).toContain(`${BUYER} recorded a payment of $100.00 on invoice`);
    expect(mail.text).toContain(`${BUYER} recorded a payment of $100.00, dated 21 Nov 2026`);
    expect(mail.text).toContain('Your invoice does not change until you confirm');

    // The vendor finds it among the claims addressed to it, without the buyer's own notes.
    const listed = await claimsOf(vendor, `?invoice_id=${invoice.id}`);
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ id: claim.id, amount: 10000, status: 'claimed', customer: { id: customer.id, name: BUYER }, invoice: { id: invoice.id, due_amount: 10000 }, decided_by: null, receipt_payment_id: null });
    expect(listed.data[0]).not.toHaveProperty('notes');
    expect(listed.meta.claimed_count).toBeGreaterThanOrEqual(1);
    // The claim stays the buyer's record: the vendor cannot open or change it as a payment.
    expect((await vendor.get(`/api/v1/payments/${claim.id}`)).status).toBe(404);
    expect((await vendor.delete(`/api/v1/payments/${claim.id}`)).status).toBe(404);
  });

  it('refuses a claim the invoice could not take, and a payment made without an invoice is no claim', async () => {
    const invoice = await openInvoice(vendor, customer.id, 5000);
    expect(errorsOf(await buyer.post('/api/v1/payments', claimBody(invoice.id, 5001))).amount?.[0]).toBe(messages.paymentExceedsDue);
    const plain = await createPayment(buyer, { direction: 'made', vendor_id: supplierId, payment_date: '2026-11-21', amount: 700 });
    expect(plain).toMatchObject({ status: 'completed', claim: null, invoice: null });
    expect((await claimsOf(vendor, '?status=all')).data.map((entry) => entry.id)).not.toContain(plain.id);
  });
});

describe('confirming a claim', () => {
  it('records the vendor payment received and settles the invoice, exactly once, with both audit logs and dashboards following', async () => {
    const invoice = await openInvoice(vendor, customer.id, 12000);
    const claim = await createPayment(buyer, claimBody(invoice.id, 12000));
    const vendorBefore = await figures(vendor, 'outgoing');
    const buyerBefore = await figures(buyer, 'incoming');

    const confirmed = await vendor.post(`/api/v1/payments/${claim.id}/confirm`);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const decided = claimOf(confirmed.body);
    expect(decided).toMatchObject({ id: claim.id, status: 'confirmed', decided_at: clock.now().toISOString(), reason: null, invoice: { amount_paid: 12000, due_amount: 0, paid_status: 'paid' } });
    expect(decided.decided_by).toBeTruthy();
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 12000, due_amount: 0, paid_status: 'paid' });

    // The vendor's own receipt, linked to the claim it confirms; the buyer's payment is confirmed.
    const [receipt] = await receivedOn(invoice.id);
    expect(receipt).toMatchObject({ id: decided.receipt_payment_id, direction: 'received', amount: 12000, payment_date: '2026-11-21', customer_id: customer.id, status: 'completed', confirms_claim: { id: claim.id, payment_number: claim.payment_number, business: { name: BUYER } } });
    expect(await paymentOf(buyer, claim.id)).toMatchObject({ status: 'completed', claim: { status: 'confirmed', decided_at: clock.now().toISOString(), reason: null } });
    expect((await publicPayments(invoice.id)).map((payment) => payment.payment_number)).toEqual([receipt?.payment_number]);

    // Counted once on each side: the vendor's receipts and the buyer's payments made, the amount due gone on both.
    const vendorAfter = await figures(vendor, 'outgoing');
    const buyerAfter = await figures(buyer, 'incoming');
    expect(vendorAfter.totals.receipts - vendorBefore.totals.receipts).toBe(12000);
    expect(vendorAfter.stats.total_amount_due - vendorBefore.stats.total_amount_due).toBe(-12000);
    expect(vendorAfter.totals.sales).toBe(vendorBefore.totals.sales);
    expect(vendorAfter.invoiceStats.totalPaid - vendorBefore.invoiceStats.totalPaid).toBe(12000);
    expect(buyerAfter.totals.payments_made - buyerBefore.totals.payments_made).toBe(12000);
    expect(buyerAfter.totals.purchases).toBe(buyerBefore.totals.purchases);
    expect(buyerAfter.invoiceStats.totalDue - buyerBefore.invoiceStats.totalDue).toBe(-12000);

    // Again (a double click): the same answer, nothing recorded twice.
    const again = await vendor.post(`/api/v1/payments/${claim.id}/confirm`);
    expect(again.status).toBe(200);
    expect(claimOf(again.body)).toMatchObject({ status: 'confirmed', receipt_payment_id: decided.receipt_payment_id, decided_at: decided.decided_at, decided_by: decided.decided_by });
    expect(await receivedOn(invoice.id)).toHaveLength(1);
    expect(await figures(vendor, 'outgoing')).toEqual(vendorAfter);

    // Both audit logs: the vendor's names the claim and its receipt, the buyer's records the decision on its payment.
    const vendorAudit = await auditOf(vendor, 'payment_claim', claim.id);
    expect(vendorAudit.map((entry) => entry.changes.claim_status)).toEqual([{ before: 'claimed', after: 'confirmed' }]);
    expect(vendorAudit[0]?.changes.receipt_payment_id).toEqual({ before: null, after: receipt?.id });
    expect((await auditOf(vendor, 'payment', receipt?.id ?? '')).map((entry) => entry.action)).toEqual(['created']);
    const buyerAudit = await auditOf(buyer, 'payment', claim.id);
    expect(buyerAudit.find((entry) => entry.action === 'updated')?.changes.status).toEqual({ before: 'pending', after: 'completed' });
    expect(buyerAudit.find((entry) => entry.action === 'updated')?.user).toBeNull();
  });

  it('confirms once however many confirmations arrive at the same time', async () => {
    const invoice = await openInvoice(vendor, customer.id, 8000);
    const claim = await createPayment(buyer, claimBody(invoice.id, 3000));
    const answers = await Promise.all(Array.from({ length: 6 }, () => vendor.post(`/api/v1/payments/${claim.id}/confirm`)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => claimOf(answer.body).receipt_payment_id)).size).toBe(1);
    expect(await receivedOn(invoice.id)).toHaveLength(1);
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 3000, due_amount: 5000, paid_status: 'partially_paid' });
  });

  it('refuses when the vendor recorded the same money meanwhile, and a race for the last amount due has one winner', async () => {
    const invoice = await openInvoice(vendor, customer.id, 6000);
    const claim = await createPayment(buyer, claimBody(invoice.id, 6000));
    await createPayment(vendor, paymentBody(customer.id, 6000, { invoice_id: invoice.id }));
    const refused = await vendor.post(`/api/v1/payments/${claim.id}/confirm`);
    expect(refused.status).toBe(422);
    expect(errorsOf(refused).amount?.[0]).toBe(messages.claimExceedsDue);
    expect(await paymentOf(buyer, claim.id)).toMatchObject({ status: 'pending', claim: { status: 'claimed' } });
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 6000, paid_status: 'paid' });

    const raced = await openInvoice(vendor, customer.id, 9000);
    const racing = await createPayment(buyer, claimBody(raced.id, 9000));
    const [confirm, recorded] = await Promise.all([vendor.post(`/api/v1/payments/${racing.id}/confirm`), vendor.post('/api/v1/payments', paymentBody(customer.id, 9000, { invoice_id: raced.id }))]);
    const won = [confirm.status === 200, recorded.status === 201];
    expect(won.filter(Boolean)).toHaveLength(1);
    expect([confirm.status, recorded.status]).toContain(422);
    expect(await receivedOn(raced.id)).toHaveLength(1);
    expect(await invoiceOf(vendor, raced.id)).toMatchObject({ amount_paid: 9000, due_amount: 0, paid_status: 'paid' });
  });

  it('lets the vendor undo a confirmation by deleting its payment received, never by editing what was confirmed', async () => {
    const invoice = await openInvoice(vendor, customer.id, 4000);
    const claim = await createPayment(buyer, claimBody(invoice.id, 4000));
    const receiptId = claimOf((await vendor.post(`/api/v1/payments/${claim.id}/confirm`)).body).receipt_payment_id ?? '';
    const edit = (overrides: Record<string, unknown>) => vendor.put(`/api/v1/payments/${receiptId}`, paymentBody(customer.id, 4000, { invoice_id: invoice.id, payment_date: '2026-11-21', ...overrides }));
    expect(errorsOf(await edit({ amount: 3000 })).amount?.[0]).toBe(messages.claimReceiptLocked);
    expect(errorsOf(await edit({ invoice_id: null })).invoice_id?.[0]).toBe(messages.claimReceiptLocked);
    expect((await edit({ notes: 'Arrived on the 22nd' })).status).toBe(200);

    expect((await vendor.delete(`/api/v1/payments/${receiptId}`)).status).toBe(200);
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 0, paid_status: 'unpaid' });
    expect(await paymentOf(buyer, claim.id)).toMatchObject({ status: 'pending', claim: { status: 'claimed', decided_at: null } });
    expect((await claimsOf(vendor, `?invoice_id=${invoice.id}`)).data[0]).toMatchObject({ status: 'claimed', receipt_payment_id: null });
    expect((await auditOf(vendor, 'payment_claim', claim.id)).map((entry) => entry.changes.claim_status?.after)).toEqual(['claimed', 'confirmed']);
  });
});

describe('rejecting a claim', () => {
  it('leaves the invoice as it is, tells the customer why, and lets the customer correct or delete the claim', async () => {
    const invoice = await openInvoice(vendor, customer.id, 7000);
    const claim = await createPayment(buyer, claimBody(invoice.id, 7000));
    const rejected = await vendor.post(`/api/v1/payments/${claim.id}/reject`, { reason: 'Nothing arrived on our account' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(claimOf(rejected.body)).toMatchObject({ status: 'rejected', reason: 'Nothing arrived on our account', receipt_payment_id: null, invoice: { amount_paid: 0 } });
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 0, paid_status: 'unpaid' });
    expect(await receivedOn(invoice.id)).toEqual([]);
    expect(await paymentOf(buyer, claim.id)).toMatchObject({ status: 'failed', claim: { status: 'rejected', reason: 'Nothing arrived on our account' } });
    const mail = await h.smtp.waitFor(BUYER_EMAIL, (m) => m.text.includes(`(your payment ${claim.payment_number})`));
    expect(mail.text).toContain(`Widgets rejected the payment of $70.00, dated 21 Nov 2026, that you recorded against its invoice ${invoice.invoice_number}`);
    expect(mail.text).toContain('Reason: Nothing arrived on our account');
    // Rejecting again changes nothing; confirming a rejected claim is refused.
    expect(claimOf((await vendor.post(`/api/v1/payments/${claim.id}/reject`, { reason: 'Another reason' })).body).reason).toBe('Nothing arrived on our account');
    expect(errorsOf(await vendor.post(`/api/v1/payments/${claim.id}/confirm`)).id?.[0]).toBe(messages.claimAlreadyRejected);
    expect(errorsOf(await vendor.post(`/api/v1/payments/${claim.id}/reject`, { reason: 'x'.repeat(256) })).reason?.[0]).toBe(messages.maxLength255);

    // Corrected, it is claimed again and the vendor hears of it; then it can be confirmed.
    const corrected = await buyer.put(`/api/v1/payments/${claim.id}`, claimBody(invoice.id, 6500));
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.data).toMatchObject({ amount: 6500, status: 'pending', claim: { status: 'claimed', decided_at: null, reason: null } });
    await h.smtp.waitFor(ADMIN_EMAIL, (m) => m.text.includes(`${BUYER} recorded a payment of $65.00`) && m.text.includes(invoice.invoice_number));
    expect((await vendor.post(`/api/v1/payments/${claim.id}/confirm`)).status).toBe(200);
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 6500, due_amount: 500 });

    // A rejected claim may simply go.
    const other = await openInvoice(vendor, customer.id, 2000);
    const dropped = await createPayment(buyer, claimBody(other.id, 2000));
    expect((await vendor.post(`/api/v1/payments/${dropped.id}/reject`)).status).toBe(200);
    expect((await buyer.delete(`/api/v1/payments/${dropped.id}`)).status).toBe(200);
    expect((await claimsOf(vendor, `?status=all&invoice_id=${other.id}`)).data).toEqual([]);
    expect(errorsOf(await vendor.post(`/api/v1/payments/${claim.id}/reject`)).id?.[0]).toBe(messages.claimAlreadyConfirmed);
  });
});

describe('the customer changing its claims', () => {
  it('edits and deletes a claim awaiting the vendor freely, but a confirmed one keeps its vendor, invoice, date and amount, and stays', async () => {
    const mode = await createMode(buyer, 'Wire');
    const invoice = await openInvoice(vendor, customer.id, 9000);
    const second = await openInvoice(vendor, customer.id, 3000);
    const claim = await createPayment(buyer, claimBody(invoice.id, 4000));
    const moved = await buyer.put(`/api/v1/payments/${claim.id}`, claimBody(second.id, 3000));
    expect(moved.body.data).toMatchObject({ invoice_id: second.id, amount: 3000, claim: { status: 'claimed' } });
    expect((await claimsOf(vendor, `?invoice_id=${second.id}`)).data.map((entry) => entry.id)).toEqual([claim.id]);
    expect(await invoiceOf(vendor, second.id)).toMatchObject({ amount_paid: 0 });
    const unlinked = await buyer.put(`/api/v1/payments/${claim.id}`, { direction: 'made', vendor_id: supplierId, payment_date: '2026-11-21', amount: 3000 });
    expect(unlinked.body.data).toMatchObject({ invoice_id: null, status: 'completed', claim: null });
    expect((await buyer.delete(`/api/v1/payments/${claim.id}`)).status).toBe(200);

    const kept = await createPayment(buyer, claimBody(invoice.id, 9000));
    expect((await vendor.post(`/api/v1/payments/${kept.id}/confirm`)).status).toBe(200);
    const edit = (overrides: Record<string, unknown>) => buyer.put(`/api/v1/payments/${kept.id}`, claimBody(invoice.id, 9000, overrides));
    expect(errorsOf(await edit({ amount: 8000 })).amount?.[0]).toBe(messages.claimConfirmedLocked);
    expect(errorsOf(await edit({ payment_date: '2026-11-22' })).payment_date?.[0]).toBe(messages.claimConfirmedLocked);
    expect(errorsOf(await edit({ invoice_id: second.id })).invoice_id?.[0]).toBe(messages.claimConfirmedLocked);
    const bookkeeping = await edit({ notes: 'Paid from the EUR account', payment_method_id: mode, payment_number: 'OUT-9' });
    expect(bookkeeping.status, JSON.stringify(bookkeeping.body)).toBe(200);
    expect(bookkeeping.body.data).toMatchObject({ notes: 'Paid from the EUR account', payment_number: 'OUT-9', mode: { name: 'Wire' }, claim: { status: 'confirmed' } });
    expect(errorsOf(await buyer.delete(`/api/v1/payments/${kept.id}`)).ids?.[0]).toBe(messages.claimConfirmedLocked);
    expect(errorsOf(await buyer.post('/api/v1/payments/delete', { ids: [kept.id] })).ids?.[0]).toBe(messages.claimConfirmedLocked);
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 9000, paid_status: 'paid' });
  });

  it('keeps the invoice of a claim: its customer cannot change and it cannot be deleted', async () => {
    const invoice = await openInvoice(vendor, customer.id, 2500);
    await createPayment(buyer, claimBody(invoice.id, 2500));
    const other = await createCustomer(vendor, 'Initech');
    const moved = await vendor.put(`/api/v1/invoices/${invoice.id}`, invoiceBody(other.id, { items: [{ name: 'Work', quantity: '1', price: 2500 }] }));
    expect(errorsOf(moved).customer_id?.[0]).toBe(messages.customerLockedByPayment);
    expect(errorsOf(await vendor.delete(`/api/v1/invoices/${invoice.id}`)).ids?.[0]).toBe(messages.invoiceHasPaymentClaims);
    expect((await vendor.get(`/api/v1/invoices/${invoice.id}`)).status).toBe(200);
  });
});

describe('payments made before claims existed (migration 0020)', () => {
  it('become claims the vendor confirmed: still in the invoice, listed on its public page, locked for the customer', async () => {
    const invoice = await openInvoice(vendor, customer.id, 5000);
    const legacy = await createPayment(buyer, claimBody(invoice.id, 5000));
    // The row and invoice as the code before 0020 left them: a completed payment made that paid the invoice.
    await h.app.db.execute(sql`ALTER TABLE payments DROP CONSTRAINT payments_claim_state`);
    await h.app.db
      .update(payments)
      .set({ status: 'completed', claimStatus: null, claimedAt: null })
      .where(and(eq(payments.tenantId, h.landlordId), eq(payments.id, legacy.id)));
    await h.app.db.update(invoices).set({ amountPaid: 5000, dueAmount: 0, paidStatus: 'paid' }).where(and(eq(invoices.tenantId, h.landlordId), eq(invoices.id, invoice.id)));
    const migration = readFileSync(new URL('../../db/migrations/0020_payment_claims.sql', import.meta.url), 'utf8').split('--> statement-breakpoint');
    for (const statement of migration.filter((part) => /^\s*(--[^\n]*\n\s*)*(UPDATE|ALTER TABLE "payments" ADD CONSTRAINT "payments_claim_state")/.test(part))) await h.app.db.execute(sql.raw(statement));

    expect(await paymentOf(buyer, legacy.id)).toMatchObject({ status: 'completed', claim: { status: 'confirmed', reason: null } });
    expect((await claimsOf(vendor, `?status=confirmed&invoice_id=${invoice.id}`)).data[0]).toMatchObject({ id: legacy.id, status: 'confirmed', receipt_payment_id: null, decided_by: null });
    expect((await publicPayments(invoice.id)).map((payment) => payment.payment_number)).toEqual([legacy.payment_number]);
    expect(errorsOf(await buyer.put(`/api/v1/payments/${legacy.id}`, claimBody(invoice.id, 4000))).amount?.[0]).toBe(messages.claimConfirmedLocked);
    expect(errorsOf(await buyer.delete(`/api/v1/payments/${legacy.id}`)).ids?.[0]).toBe(messages.claimConfirmedLocked);
    expect((await vendor.post(`/api/v1/payments/${legacy.id}/confirm`)).status).toBe(200);
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 5000, paid_status: 'paid' });
    expect(await receivedOn(invoice.id)).toEqual([]);
  });
});

describe('access to claims', () => {
  it('lets only the vendor the claim is addressed to see and decide it, with view-payment to read and send-payment to decide', async () => {
    const invoice = await openInvoice(vendor, customer.id, 3000);
    const claim = await createPayment(buyer, claimBody(invoice.id, 3000));
    // The customer itself, a sibling business of the vendor's owner and another tenant's business: not theirs.
    for (const outsider of [buyer, sibling, foreign]) {
      expect((await outsider.post(`/api/v1/payments/${claim.id}/confirm`)).status).toBe(404);
      expect((await outsider.post(`/api/v1/payments/${claim.id}/reject`, { reason: 'no' })).status).toBe(404);
      expect((await claimsOf(outsider, '?status=all')).data.map((entry) => entry.id)).not.toContain(claim.id);
    }
    // The vendor's business named from another tenant's session.
    const elsewhere = h.client(OTHER_HOST);
    expect((await elsewhere.login(OTHER_ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    elsewhere.business = vendor.business;
    expect((await elsewhere.post(`/api/v1/payments/${claim.id}/confirm`)).status).toBe(403);
    expect((await elsewhere.get('/api/v1/payments/claims')).status).toBe(403);

    const viewer = await inviteAndAccept(h, vendor, 'viewer@lodz.example', 'viewer');
    expect((await claimsOf(viewer, `?invoice_id=${invoice.id}`)).data.map((entry) => entry.id)).toEqual([claim.id]);
    expect((await viewer.post(`/api/v1/payments/${claim.id}/confirm`)).status).toBe(403);
    expect((await viewer.post(`/api/v1/payments/${claim.id}/reject`, {})).status).toBe(403);
    expect((await vendor.post('/api/v1/roles', { name: 'Invoice clerk', abilities: ['view-invoice'] })).status).toBe(201);
    const clerk = await inviteAndAccept(h, vendor, 'clerk@lodz.example', 'Invoice clerk');
    expect((await clerk.get('/api/v1/payments/claims')).status).toBe(403);
    expect((await clerk.post(`/api/v1/payments/${claim.id}/confirm`)).status).toBe(403);

    expect(await paymentOf(buyer, claim.id)).toMatchObject({ claim: { status: 'claimed' } });
    expect(await invoiceOf(vendor, invoice.id)).toMatchObject({ amount_paid: 0 });
    expect((await vendor.get('/api/v1/payments/claims?status=sideways')).status).toBe(422);
  });
});
