import { eq } from 'drizzle-orm';
import { createInvoiceCollections } from '../financing/invoice-collections';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AttachmentResource, type CounterpartyResource, type EstimateResource, type InvoiceResource, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { auditOf } from '../../../test/catalog';
import { createCustomer, createTaxType, onboardedCustomer } from '../../../test/documents';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { estimates } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { attachmentStorageKey } from '../../platform/storage';
import { createDocumentAttachments } from '../attachments/attachments.service';
import { PDF, postForm } from '../attachments/test-files';
import { createInvoiceService } from '../invoices/invoices.service';
import { createEstimateExpiryJob } from './estimate-expiry';
import { type EstimateService, createEstimateService } from './estimates.service';
import { noOnlineIntents } from './estimate-deposits';
import { createPaymentService } from '../payments/payments.service';
import { act, createEstimate } from './test-estimates';

const START = new Date('2026-11-20T10:00:00Z');
const clock = fixedClock(START);
let h: Harness;
let vendor: TestClient;
let third: TestClient;
let customer: CounterpartyResource;
let buyer: TestClient;
let vat: string;
let service: EstimateService;

beforeAll(async () => {
  h = await createHarness({ clock });
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Lifecycle Works');
  third = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Third Party');
  ({ customer, client: buyer } = await onboardedCustomer(h, vendor, 'Umbrella', 'buyer@umbrella.example'));
  vat = await createTaxType(vendor, 'VAT', '19');
  const attachments = createDocumentAttachments(h.app);
  service = createEstimateService(h.app, attachments, createInvoiceService(h.app, attachments), { payments: createPaymentService(h.app, attachments, createInvoiceCollections(h.app).collectInTx).deposits, intents: noOnlineIntents });
});
afterEach(() => {
  clock.set(START);
});
afterAll(async () => {
  await h.close();
});

const dataOf = (body: Record<string, unknown>) => body.data as EstimateResource;
const statusOf = async (client: TestClient, id: string) => dataOf((await client.get(`/api/v1/estimates/${id}`)).body).status;
const storedStatus = async (id: string) => (await h.app.db.select({ status: estimates.status }).from(estimates).where(eq(estimates.id, id)))[0]?.status;
const setConvertAction = async (action: string) => expect((await vendor.post('/api/v1/business/settings', { settings: { estimate_convert_action: action } })).status).toBe(200);
const vendorScope = () => ({ tenantId: h.landlordId, businessId: vendor.business ?? '' });

describe('status actions', () => {
  it('finalizes, marks sent and voids along the transition table, refusing the rest', async () => {
    const draft = await createEstimate(vendor, customer.id);
    expect((await buyer.get(`/api/v1/estimates/${draft.id}`)).status).toBe(404);
    const open = await act(vendor, draft.id, 'finalize');
    expect(open).toMatchObject({ status: 'open', allowed_actions: expect.arrayContaining(['convert', 'mark_sent', 'void']) });
    expect(errorsOf(await vendor.post(`/api/v1/estimates/${draft.id}/finalize`)).status?.[0]).toBe('An open estimate cannot be finalized.');
    const sent = await act(vendor, draft.id, 'mark-sent');
    expect(sent.status).toBe('sent');
    expect(sent.sent_at).toBe(START.toISOString());
    expect(errorsOf(await vendor.post(`/api/v1/estimates/${draft.id}/mark-sent`)).status?.[0]).toBe('A sent estimate cannot be marked as sent.');
    const voided = await act(vendor, draft.id, 'void');
    expect(voided).toMatchObject({ status: 'void', allowed_actions: ['delete', 'clone'] });
    expect(errorsOf(await vendor.post(`/api/v1/estimates/${draft.id}/mark-sent`)).status?.[0]).toBe('A void estimate cannot be marked as sent.');
    expect(errorsOf(await vendor.post(`/api/v1/estimates/${draft.id}/convert-to-invoice`)).status?.[0]).toBe('A void estimate cannot be converted to an invoice.');
    const other = await createEstimate(vendor, customer.id);
    expect(errorsOf(await vendor.post(`/api/v1/estimates/${other.id}/convert-to-invoice`)).status?.[0]).toBe('A draft estimate cannot be converted to an invoice.');
    expect((await auditOf(vendor, 'estimate')).filter((entry) => entry.model_id === draft.id).map((entry) => entry.changes.event?.after)).toEqual(['void', 'mark_sent', 'finalize', undefined]);
  });

  it('lets only the receiving business approve and reject', async () => {
    const estimate = await act(vendor, (await createEstimate(vendor, customer.id)).id, 'mark-sent');
    expect((await vendor.post(`/api/v1/estimates/${estimate.id}/approve`)).status).toBe(404);
    expect((await third.post(`/api/v1/estimates/${estimate.id}/approve`)).status).toBe(404);
    expect((await third.post(`/api/v1/estimates/${estimate.id}/reject`)).status).toBe(404);
    expect((await buyer.post(`/api/v1/estimates/${estimate.id}/reject`, { reason: 'Too slow' })).body).toEqual({ status: 'rejected' });
    expect(dataOf((await vendor.get(`/api/v1/estimates/${estimate.id}`)).body)).toMatchObject({ status: 'rejected', rejected_at: START.toISOString() });
    expect(errorsOf(await buyer.post(`/api/v1/estimates/${estimate.id}/reject`)).status?.[0]).toBe('A rejected estimate cannot be rejected.');
    expect((await buyer.post(`/api/v1/estimates/${estimate.id}/approve`)).body).toEqual({ status: 'approved' });
    expect(dataOf((await buyer.get(`/api/v1/estimates/${estimate.id}`)).body)).toMatchObject({ status: 'approved', rejected_at: null, allowed_actions: ['reject'] });
    expect(errorsOf(await buyer.post(`/api/v1/estimates/${estimate.id}/approve`)).status?.[0]).toBe('An approved estimate cannot be approved.');
    const draft = await createEstimate(vendor, customer.id);
    expect((await buyer.post(`/api/v1/estimates/${draft.id}/approve`)).status).toBe(404);
    expect(await statusOf(vendor, draft.id)).toBe('draft');
    const buyerAudit = await auditOf(buyer, 'estimate');
    expect(buyerAudit.slice(0, 2).map((entry) => entry.changes.event?.after)).toEqual(['approve', 'reject']);
    expect(buyerAudit[1]?.changes.reason).toEqual({ before: null, after: 'Too slow' });
  });

  it('needs approve-reject-estimate on the receiving side', async () => {
    const estimate = await act(vendor, (await createEstimate(vendor, customer.id)).id, 'finalize');
    const viewer = await inviteAndAccept(h, buyer, 'viewer@umbrella.example', 'viewer');
    expect((await viewer.get(`/api/v1/estimates/${estimate.id}`)).status).toBe(200);
    expect((await viewer.post(`/api/v1/estimates/${estimate.id}/approve`)).status).toBe(403);
    expect((await viewer.post(`/api/v1/estimates/${estimate.id}/reject`)).status).toBe(403);
    expect(await statusOf(vendor, estimate.id)).toBe('open');
  });
});

describe('converting to an invoice', () => {
  async function convert(id: string): Promise<InvoiceResource> {
    const response = await vendor.post(`/api/v1/estimates/${id}/convert-to-invoice`);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data as InvoiceResource;
  }

  it('creates a draft invoice dated today with the same lines and keeps the estimate (no_action)', async () => {
    await setConvertAction('no_action');
    const estimate = await act(vendor, (await createEstimate(vendor, customer.id, { estimate_date: '2026-11-01', notes: 'Thanks', discount_type: 'percentage', discount: '10', taxes: [{ tax_type_id: vat }] })).id, 'mark-sent');
    const invoice = await convert(estimate.id);
    expect(invoice).toMatchObject({ status: 'draft', source: 'estimate', estimate_id: estimate.id, invoice_date: '2026-11-20', customer_id: customer.id, notes: 'Thanks', discount: '10', total: estimate.total, tax: estimate.tax, template_name: 'invoice1' });
    expect(invoice.items.map((item) => [item.name, item.quantity, item.price, item.total])).toEqual(estimate.items.map((item) => [item.name, item.quantity, item.price, item.total]));
    expect(invoice.taxes.map((tax) => [tax.tax_type_id, tax.amount])).toEqual(estimate.taxes.map((tax) => [tax.tax_type_id, tax.amount]));
    const after = dataOf((await vendor.get(`/api/v1/estimates/${estimate.id}`)).body);
    expect(after).toMatchObject({ status: 'sent', converted_invoice_id: invoice.id });
    expect(after.allowed_actions).not.toContain('convert');
    expect(errorsOf(await vendor.post(`/api/v1/estimates/${estimate.id}/convert-to-invoice`)).status?.[0]).toBe(messages.estimateAlreadyConverted);
    expect((await vendor.get(`/api/v1/invoices/${invoice.id}`)).status).toBe(200);
    // Deleting the invoice frees the estimate for another conversion.
    expect((await vendor.delete(`/api/v1/invoices/${invoice.id}`)).status).toBe(200);
    expect(dataOf((await vendor.get(`/api/v1/estimates/${estimate.id}`)).body)).toMatchObject({ converted_invoice_id: null, allowed_actions: expect.arrayContaining(['convert']) });
  });

  it('marks the estimate approved (mark_estimate_as_approved)', async () => {
    await setConvertAction('mark_estimate_as_approved');
    const estimate = await act(vendor, (await createEstimate(vendor, customer.id)).id, 'finalize');
    const invoice = await convert(estimate.id);
    expect(dataOf((await vendor.get(`/api/v1/estimates/${estimate.id}`)).body)).toMatchObject({ status: 'approved', approved_at: START.toISOString(), converted_invoice_id: invoice.id });
    expect((await vendor.get(`/api/v1/estimates?tab_status=converted`)).body.data).toEqual(expect.arrayContaining([expect.objectContaining({ id: estimate.id })]));
  });

  it('deletes the estimate and its attachments (delete_estimate)', async () => {
    await setConvertAction('delete_estimate');
    const estimate = await act(vendor, (await createEstimate(vendor, customer.id)).id, 'finalize');
    const uploaded = await postForm(h, vendor, `/api/v1/estimates/${estimate.id}/attachments`, [{ field: 'attachments[]', fileName: 'quote.pdf', content: PDF }]);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const [attachment] = uploaded.body.data as AttachmentResource[];
    const key = attachmentStorageKey(h.landlordId, attachment?.id ?? '');
    expect(await h.app.storage.getDocument(key)).not.toBeNull();
    const invoice = await convert(estimate.id);
    expect(invoice.estimate_id).toBe(estimate.id);
    expect((await vendor.get(`/api/v1/estimates/${estimate.id}`)).status).toBe(404);
    expect(await h.app.storage.getDocument(key)).toBeNull();
    expect((await auditOf(vendor, 'estimate'))[0]).toMatchObject({ action: 'deleted', model_id: estimate.id });
    await setConvertAction('no_action');
  });

  it('needs create-invoice and the issuing business', async () => {
    const estimate = await act(vendor, (await createEstimate(vendor, customer.id)).id, 'finalize');
    expect((await buyer.post(`/api/v1/estimates/${estimate.id}/convert-to-invoice`)).status).toBe(404);
    const viewer = await inviteAndAccept(h, vendor, 'viewer@lifecycle.example', 'viewer');
    expect((await viewer.post(`/api/v1/estimates/${estimate.id}/convert-to-invoice`)).status).toBe(403);
    expect(dataOf((await vendor.get(`/api/v1/estimates/${estimate.id}`)).body).converted_invoice_id).toBeNull();
  });
});

describe('expiry', () => {
  it('shows an estimate past its expiry date as expired on read, with the expired actions', async () => {
    const estimate = await act(vendor, (await createEstimate(vendor, customer.id, { estimate_date: '2026-10-01', expiry_date: '2026-11-19' })).id, 'mark-sent');
    expect(estimate.status).toBe('expired');
    expect(await storedStatus(estimate.id)).toBe('sent');
    expect(estimate.allowed_actions).toEqual(['edit', 'delete', 'void', 'convert', 'clone']);
    expect(dataOf((await buyer.get(`/api/v1/estimates/${estimate.id}`)).body)).toMatchObject({ status: 'expired', allowed_actions: ['approve'] });
    expect((await vendor.get('/api/v1/estimates?status=expired')).body.data).toEqual([expect.objectContaining({ id: estimate.id })]);
    expect((await vendor.get('/api/v1/estimates?status=sent')).body.data).not.toEqual(expect.arrayContaining([expect.objectContaining({ id: estimate.id })]));
    expect(errorsOf(await buyer.post(`/api/v1/estimates/${estimate.id}/reject`)).status?.[0]).toBe('An expired estimate cannot be rejected.');
    expect((await buyer.post(`/api/v1/estimates/${estimate.id}/approve`)).body).toEqual({ status: 'approved' });
    expect(await storedStatus(estimate.id)).toBe('approved');
  });

  it('the job stores expired on open, sent and viewed estimates past expiry, in the business time zone', async () => {
    const job = createEstimateExpiryJob(h.app);
    await job.register();
    const due = await act(vendor, (await createEstimate(vendor, customer.id, { expiry_date: '2026-11-25' })).id, 'finalize');
    const later = await act(vendor, (await createEstimate(vendor, customer.id, { expiry_date: '2026-11-26' })).id, 'mark-sent');
    const draft = await createEstimate(vendor, customer.id, { expiry_date: '2026-11-20' });
    const approved = await act(vendor, (await createEstimate(vendor, customer.id, { expiry_date: '2026-11-20' })).id, 'finalize');
    expect((await buyer.post(`/api/v1/estimates/${approved.id}/approve`)).status).toBe(200);
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Lifecycle', OTHER_HOST);
    const elsewhere = await act(foreign, (await createEstimate(foreign, (await createCustomer(foreign, 'Far Away')).id, { expiry_date: '2026-11-24' })).id, 'finalize');

    // Sessions time out when the clock jumps ahead, so requests go out at the start time.
    clock.set(new Date('2026-11-26T10:00:00Z'));
    await job.trigger(60 * 60 * 1000);
    await h.jobs.drain();
    clock.set(START);
    expect(await storedStatus(due.id)).toBe('expired');
    expect(await storedStatus(later.id)).toBe('sent');
    expect(await storedStatus(draft.id)).toBe('draft');
    expect(await storedStatus(approved.id)).toBe('approved');
    expect(await storedStatus(elsewhere.id)).toBe('expired');
    const audit = (await auditOf(vendor, 'estimate')).find((entry) => entry.model_id === due.id);
    expect(audit?.changes).toMatchObject({ status: { before: 'open', after: 'expired' }, event: { before: null, after: 'expire' } });

    // 2026-11-26T12:00Z is already the 27th at UTC+14.
    expect((await vendor.post('/api/v1/business/settings', { settings: { time_zone: 'Pacific/Kiritimati' } })).status).toBe(200);
    const kiritimatiMorning = new Date('2026-11-26T12:00:00Z');
    expect(await service.expireDue(h.landlordId, kiritimatiMorning)).toBe(1);
    expect(await storedStatus(later.id)).toBe('expired');
    expect(await service.expireDue(h.landlordId, kiritimatiMorning)).toBe(0);
    expect((await vendor.post('/api/v1/business/settings', { settings: { time_zone: 'UTC' } })).status).toBe(200);
  });

  it('editing an expired estimate opens it again', async () => {
    const estimate = await act(vendor, (await createEstimate(vendor, customer.id, { estimate_date: '2026-10-01', expiry_date: '2026-10-31' })).id, 'finalize');
    expect(estimate.status).toBe('expired');
    const updated = await vendor.put(`/api/v1/estimates/${estimate.id}`, { customer_id: customer.id, estimate_date: '2026-10-01', expiry_date: '2026-12-31', items: [{ name: 'Renewed', price: 2000 }] });
    expect(dataOf(updated.body)).toMatchObject({ status: 'open', expiry_date: '2026-12-31' });
  });
});

describe('delivery hooks', () => {
  it('records a send, hides drafts from recipients, marks viewed once and approves or rejects from the link', async () => {
    const actor = { tenantId: h.landlordId, userId: null, businessId: vendor.business, ip: null };
    const draft = await createEstimate(vendor, customer.id);
    expect(await service.getForRecipient(h.landlordId, draft.id)).toBeNull();
    const sent = await service.recordSent(actor, vendorScope(), draft.id);
    expect(sent).toMatchObject({ status: 'sent', sent_at: START.toISOString() });
    expect(await service.getForRecipient(h.landlordId, draft.id)).toMatchObject({ direction: 'incoming', status: 'sent' });

    clock.set(new Date('2026-11-21T09:00:00Z'));
    await service.markViewed(h.landlordId, draft.id);
    clock.set(new Date('2026-11-22T09:00:00Z'));
    await service.markViewed(h.landlordId, draft.id);
    clock.set(START);
    expect(dataOf((await vendor.get(`/api/v1/estimates/${draft.id}`)).body)).toMatchObject({ status: 'viewed', viewed_at: '2026-11-21T09:00:00.000Z' });

    expect((await service.rejectFromLink(h.landlordId, draft.id, 'Not now')).status).toBe('rejected');
    expect((await service.approveFromLink(h.landlordId, draft.id)).status).toBe('approved');
    const [approval, rejection] = await auditOf(buyer, 'estimate');
    expect(approval).toMatchObject({ model_id: draft.id, changes: expect.objectContaining({ event: { before: null, after: 'approve' } }) });
    expect(rejection?.changes.reason).toEqual({ before: null, after: 'Not now' });
    await expect(service.approveFromLink(h.landlordId, (await createEstimate(vendor, customer.id)).id)).rejects.toMatchObject({ status: 404 });
  });
});
