import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type AttachmentResource, attachmentResourceSchema, invoiceResourceSchema, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { auditOf } from '../../../test/catalog';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { inTenant } from '../../db/tenant-tx';
import type { AuditActor } from '../../platform/audit';
import { attachmentStorageKey } from '../../platform/storage';
import { type InvoiceService, createInvoiceService } from '../invoices/invoices.service';
import { createDocumentAttachments } from './attachments.service';
import { DOCM, DOCX, EXE, GIF, HTML, JPEG, ODT, OLE, PDF, PLAIN_ZIP, PNG, SVG, WEBP, download, postForm } from './test-files';

let h: Harness;
let receiver: TestClient;
let issuer: TestClient;
let invoices: InvoiceService;
let customerId: string;

/** The attachments an upload answers with: an invoice's upload returns the invoice (spec section 7), the others the list. */
const uploadAnswer = z.union([z.object({ data: invoiceResourceSchema }).transform((body) => body.data.attachments), z.object({ data: z.array(attachmentResourceSchema) }).transform((body) => body.data)]);
const listOf = (body: Record<string, unknown>): AttachmentResource[] => uploadAnswer.parse(body);
const file = (fileName: string, content: Buffer) => ({ field: 'attachments[]', fileName, content });

function issuerActor(): { actor: AuditActor; scope: { tenantId: string; businessId: string } } {
  const businessId = issuer.business ?? '';
  return { actor: { tenantId: h.landlordId, userId: null, businessId, ip: null }, scope: { tenantId: h.landlordId, businessId } };
}

async function draftInvoice(): Promise<string> {
  const { actor, scope } = issuerActor();
  const created = await invoices.create(actor, scope, { customer_id: customerId, invoice_date: '2025-03-01', items: [{ name: 'Consulting', price: 10_000 }] });
  return created.id;
}

async function openInvoice(): Promise<string> {
  const { actor, scope } = issuerActor();
  const created = await inTenant(h.app.db, h.landlordId, (tx) =>
    invoices.createUploadedInTx(tx, actor, scope, { customer_id: customerId, invoice_number: null, invoice_date: '2025-03-01', due_date: null, total: '250.00' }),
  );
  return created.id;
}

async function storedFile(attachment: AttachmentResource): Promise<Buffer | null> {
  return h.app.storage.getDocument(attachmentStorageKey(h.landlordId, attachment.id));
}

beforeAll(async () => {
  h = await createHarness();
  // The issuer's customer with the admin's email links to the first business the admin owns.
  receiver = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Receiver Co');
  issuer = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Issuer Inc');
  const customer = await issuer.post('/api/v1/customers', { name: 'Receiver Co', email: ADMIN_EMAIL });
  expect(customer.status).toBe(201);
  const created = customer.body.data as { id: string; customer_business: { id: string } };
  expect(created.customer_business.id).toBe(receiver.business);
  customerId = created.id;
  invoices = createInvoiceService(h.app, createDocumentAttachments(h.app));
});
afterAll(async () => {
  await h.close();
});

describe('attachment types', () => {
  it('accepts PDFs, images, office documents and text files by their content', async () => {
    const invoice = await draftInvoice();
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Sheet').addRow(['a', 'b']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const first = await postForm(h, issuer, `/api/v1/invoices/${invoice}/attachments`, [
      file('invoice.pdf', PDF),
      file('scan.png', PNG),
      file('photo.jpg', JPEG),
      file('logo.gif', GIF),
      file('picture.webp', WEBP),
      file('letter.docx', DOCX),
      file('sheet.xlsx', xlsx),
      file('letter.odt', ODT),
      file('old.doc', OLE),
      file('rows.csv', Buffer.from('name,total\nAcme,10.00\n')),
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Spec section 7: the invoice's upload answers with the invoice, its attachments included.
    expect(invoiceResourceSchema.parse((first.body as { data: unknown }).data)).toMatchObject({ id: invoice });
    expect(listOf(first.body).map((a) => a.mime_type)).toEqual([
      'application/pdf',
      'image/png',
      'image/jpeg',
      'image/gif',
      'image/webp',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/vnd.oasis.opendocument.text',
      'application/msword',
      'text/csv',
    ]);
    const pdf = listOf(first.body)[0];
    expect(pdf).toMatchObject({ file_name: 'invoice.pdf', size: PDF.length, url: `/api/v1/invoices/${invoice}/attachments/${pdf?.id ?? ''}` });
    expect(await storedFile(pdf as AttachmentResource)).toEqual(PDF);
    const audit = await auditOf(issuer, 'attachment');
    expect(audit.filter((entry) => entry.action === 'created')).toHaveLength(10);
  });

  it('refuses SVG, HTML, executables, macros, binary or markup text and other zips, whatever their names', async () => {
    const invoice = await draftInvoice();
    const refused: [string, Buffer][] = [
      ['drawing.svg', SVG],
      ['invoice.pdf', HTML],
      ['scan.pdf', SVG],
      ['setup.exe', EXE],
      ['invoice.pdf', EXE],
      ['letter.docx', DOCM],
      ['archive.zip', PLAIN_ZIP],
      ['old.ppt', OLE],
      ['rows.csv', Buffer.from('name\u0000total\n')],
      ['rows.csv', Buffer.from([0x6e, 0x61, 0xff, 0xfe, 0x0a])],
      ['notes.txt', Buffer.from('  <html><script>alert(1)</script></html>')],
      ['run.txt', Buffer.from('#!/bin/sh\nrm -rf /\n')],
      ['script.js', Buffer.from('alert(1)')],
      ['empty.pdf', Buffer.alloc(0)],
    ];
    for (const [name, content] of refused) {
      const response = await postForm(h, issuer, `/api/v1/invoices/${invoice}/attachments`, [file(name, content)]);
      expect(response.status, name).toBe(422);
      expect(errorsOf(response)['attachments.0']?.[0], name).toBe(messages.invalidAttachment);
    }
    const valid = await postForm(h, issuer, `/api/v1/invoices/${invoice}/attachments`, [file('ok.pdf', PDF), file('bad.svg', SVG)]);
    expect(errorsOf(valid)).toEqual({ 'attachments.1': [messages.invalidAttachment] });
    expect((await invoices.get(issuerActor().scope, invoice)).attachments).toEqual([]);
  });

  it('allows 10 MB per file and 10 files per document', async () => {
    const invoice = await draftInvoice();
    const tooLarge = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1 - PDF.length)]);
    const large = await postForm(h, issuer, `/api/v1/invoices/${invoice}/attachments`, [file('big.pdf', tooLarge)]);
    expect(errorsOf(large)['attachments.0']).toEqual([messages.attachmentTooLarge]);
    const atLimit = await postForm(h, issuer, `/api/v1/invoices/${invoice}/attachments`, [file('limit.pdf', tooLarge.subarray(0, 10 * 1024 * 1024))]);
    expect(atLimit.status).toBe(200);

    const eleven = Array.from({ length: 11 }, (_, i) => file(`page-${i}.png`, PNG));
    expect(errorsOf(await postForm(h, issuer, `/api/v1/invoices/${invoice}/attachments`, eleven)).attachments).toEqual([messages.tooManyAttachments]);
    const nine = await postForm(h, issuer, `/api/v1/invoices/${invoice}/attachments`, eleven.slice(0, 9));
    expect(listOf(nine.body)).toHaveLength(10);
    const over = await postForm(h, issuer, `/api/v1/invoices/${invoice}/attachments`, [file('one-more.png', PNG)]);
    expect(errorsOf(over).attachments).toEqual([messages.tooManyAttachments]);
    const overId = listOf(nine.body)[1]?.id ?? '';
    expect((await invoices.get(issuerActor().scope, invoice)).attachments).toHaveLength(10);

    const swapped = await postForm(h, issuer, `/api/v1/invoices/${invoice}/attachments`, [{ field: 'remove_attachments[0]', value: overId }, file('swap.png', PNG)]);
    expect(swapped.status).toBe(200);
    expect(listOf(swapped.body)).toHaveLength(10);
    expect(listOf(swapped.body).map((a) => a.id)).not.toContain(overId);
  });
});

describe('removing and downloading', () => {
  it('removes through the form and through DELETE, with the files and audit rows', async () => {
    const invoice = await draftInvoice();
    const added = listOf((await postForm(h, issuer, `/api/v1/invoices/${invoice}/attachments`, [file('a.pdf', PDF), file('b.png', PNG), file('c.gif', GIF)])).body);
    const [a, b, c] = added as [AttachmentResource, AttachmentResource, AttachmentResource];

    const afterForm = await postForm(h, issuer, `/api/v1/invoices/${invoice}/attachments`, [{ field: 'remove_attachments[0]', value: a.id }]);
    expect(listOf(afterForm.body).map((x) => x.id)).toEqual([b.id, c.id]);
    expect(await storedFile(a)).toBeNull();
    expect(errorsOf(await postForm(h, issuer, `/api/v1/invoices/${invoice}/attachments`, [{ field: 'remove_attachments[0]', value: 'nope' }]))['remove_attachments.0']).toEqual([messages.invalidUuid]);

    expect((await issuer.delete(`/api/v1/invoices/${invoice}/attachments/${b.id}`)).body).toEqual({ success: true });
    expect(await storedFile(b)).toBeNull();
    expect((await issuer.delete(`/api/v1/invoices/${invoice}/attachments/${b.id}`)).status).toBe(404);
    expect((await invoices.get(issuerActor().scope, invoice)).attachments.map((x) => x.id)).toEqual([c.id]);
    const deleted = (await auditOf(issuer, 'attachment')).filter((entry) => entry.action === 'deleted').map((entry) => entry.model_id);
    expect(deleted).toEqual(expect.arrayContaining([a.id, b.id]));

    const { actor, scope } = issuerActor();
    await invoices.remove(actor, scope, [invoice]);
    expect(await storedFile(c)).toBeNull();
  });

  it('serves the file as an attachment with its stored type and nosniff', async () => {
    const invoice = await draftInvoice();
    const [png] = listOf((await postForm(h, issuer, `/api/v1/invoices/${invoice}/attachments`, [file("Fäktura (März) l'été.pdf", PNG)])).body) as [AttachmentResource];
    const got = await download(h, issuer, png.url);
    expect(got.status).toBe(200);
    expect(got.content).toEqual(PNG);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''F%C3%A4ktura%20%28M%C3%A4rz%29%20l%27%C3%A9t%C3%A9.pdf`);
    // The public image route must never reach document attachments.
    expect((await download(h, issuer, `/files/${h.landlordId}/attachments/${png.id}`)).status).toBe(404);
  });

  it('lets the receiving business download once the invoice is no draft, never change it', async () => {
    const draft = await draftInvoice();
    const [drafted] = listOf((await postForm(h, issuer, `/api/v1/invoices/${draft}/attachments`, [file('draft.pdf', PDF)])).body) as [AttachmentResource];
    expect((await download(h, receiver, drafted.url)).status).toBe(404);

    const open = await openInvoice();
    const [sent] = listOf((await postForm(h, issuer, `/api/v1/invoices/${open}/attachments`, [file('sent.pdf', PDF)])).body) as [AttachmentResource];
    const got = await download(h, receiver, sent.url);
    expect(got.status).toBe(200);
    expect(got.content).toEqual(PDF);
    expect((await postForm(h, receiver, `/api/v1/invoices/${open}/attachments`, [file('mine.pdf', PDF)])).status).toBe(403);
    expect((await receiver.delete(`/api/v1/invoices/${open}/attachments/${sent.id}`)).status).toBe(403);
    expect(await storedFile(sent)).toEqual(PDF);
  });
});

describe('estimates', () => {
  it('take attachments under /estimates with the estimate abilities', async () => {
    const created = await issuer.post('/api/v1/estimates', { customer_id: customerId, estimate_date: '2025-03-01', items: [{ name: 'Quote', price: 5000 }] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body.data as { id: string }).id;
    expect((await issuer.post(`/api/v1/estimates/${id}/mark-sent`)).status).toBe(200);
    const [added] = listOf((await postForm(h, issuer, `/api/v1/estimates/${id}/attachments`, [file('quote.pdf', PDF)])).body) as [AttachmentResource];
    expect(added.url).toBe(`/api/v1/estimates/${id}/attachments/${added.id}`);
    expect((await download(h, receiver, added.url)).status).toBe(200);
    expect((await download(h, issuer, `/api/v1/invoices/${id}/attachments/${added.id}`)).status).toBe(404);
  });
});

describe('access', () => {
  it('needs edit-invoice to change and view-invoice to download', async () => {
    const invoice = await draftInvoice();
    const [added] = listOf((await postForm(h, issuer, `/api/v1/invoices/${invoice}/attachments`, [file('a.pdf', PDF)])).body) as [AttachmentResource];
    const viewer = await inviteAndAccept(h, issuer, 'viewer@attachments.example.com', 'viewer');
    expect((await download(h, viewer, added.url)).status).toBe(200);
    expect((await postForm(h, viewer, `/api/v1/invoices/${invoice}/attachments`, [file('b.pdf', PDF)])).status).toBe(403);
    expect((await viewer.delete(`/api/v1/invoices/${invoice}/attachments/${added.id}`)).status).toBe(403);
    const accountant = await inviteAndAccept(h, issuer, 'accountant@attachments.example.com', 'accountant');
    expect((await postForm(h, accountant, `/api/v1/invoices/${invoice}/attachments`, [file('b.pdf', PDF)])).status).toBe(200);
  });

  it("another business's or tenant's ids are not found and nothing changes", async () => {
    const invoice = await openInvoice();
    const [added] = listOf((await postForm(h, issuer, `/api/v1/invoices/${invoice}/attachments`, [file('a.pdf', PDF)])).body) as [AttachmentResource];
    const other = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Other Attachments');
    const foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Attachments', OTHER_HOST);
    for (const client of [other, foreign]) {
      expect((await download(h, client, added.url)).status).toBe(404);
      expect((await postForm(h, client, `/api/v1/invoices/${invoice}/attachments`, [file('x.pdf', PDF), { field: 'remove_attachments[0]', value: added.id }])).status).toBe(404);
      expect((await client.delete(`/api/v1/invoices/${invoice}/attachments/${added.id}`)).status).toBe(404);
    }
    const mine = await draftInvoice();
    const removeForeign = await postForm(h, issuer, `/api/v1/invoices/${mine}/attachments`, [{ field: 'remove_attachments[0]', value: added.id }]);
    expect(listOf(removeForeign.body)).toEqual([]);
    expect((await issuer.delete(`/api/v1/invoices/${mine}/attachments/${added.id}`)).status).toBe(404);
    expect((await invoices.get(issuerActor().scope, invoice)).attachments).toEqual([added]);
    expect(await storedFile(added)).toEqual(PDF);
  });
});
