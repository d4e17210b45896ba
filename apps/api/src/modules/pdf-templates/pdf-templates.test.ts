import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type PdfLayout, type PdfTemplateResource, builtInPdfTemplates, messages } from '@app/contracts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, OTHER_ADMIN_EMAIL, OTHER_HOST, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { createCustomer, createInvoice } from '../../../test/documents';
import { inviteAndAccept, ownerWithBusiness } from '../../../test/team';
import { pdfImageCount, pdfText, rawGet } from '../document-delivery/delivery-test-helpers';
import { createPayment, paymentBody } from '../payments/test-payments';

let h: Harness;
let admin: TestClient;
let foreign: TestClient;
let customer: CounterpartyResource;
let foreignCustomer: CounterpartyResource;

const BASE = '/api/v1/platform/pdf-templates';
const templateOf = (body: Record<string, unknown>) => body.data as PdfTemplateResource;
const listOf = async (client: TestClient) => (await client.get(BASE)).body.data as PdfTemplateResource[];
const invoiceLayout = (): PdfLayout => {
  const found = builtInPdfTemplates.find((template) => template.id === 'invoice1');
  if (!found) throw new Error('invoice1 is built in');
  return found.layout;
};
const french = (): PdfLayout => ({
  ...invoiceLayout(),
  accent_color: '#7c2d12',
  footer: 'SARL Exemple · SIRET 000 000 000 00000',
  labels: { title: 'Facture', date: 'Date de facture', due_date: 'Échéance', bill_to: 'Facturer à', subtotal: 'Sous-total', total: 'Total TTC', amount_due: 'Reste à payer' },
});

async function createTemplate(client: TestClient, name: string, copyOf: string): Promise<PdfTemplateResource> {
  const created = await client.post(BASE, { name, copy_of: copyOf });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return templateOf(created.body);
}

async function pdfOf(client: TestClient, path: string): Promise<string> {
  const response = await rawGet(h, client, path);
  expect(response.status).toBe(200);
  return pdfText(response.body);
}

beforeAll(async () => {
  h = await createHarness();
  admin = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Atelier Lyon');
  foreign = await ownerWithBusiness(h, OTHER_ADMIN_EMAIL, ADMIN_PASSWORD, 'Foreign Prints', OTHER_HOST);
  customer = await createCustomer(admin, 'Client Paris', 'compta@client.example');
  foreignCustomer = await createCustomer(foreign, 'Foreign Client');
});
afterAll(async () => {
  await h.close();
});

describe('PDF templates', () => {
  let facture: PdfTemplateResource;

  it('list the built-in templates, one default per kind, read-only', async () => {
    const listed = await listOf(admin);
    expect(listed.map((template) => [template.id, template.kind, template.is_default, template.built_in])).toEqual([
      ['invoice1', 'invoice', true, true],
      ['invoice2', 'invoice', false, true],
      ['estimate1', 'estimate', true, true],
      ['estimate2', 'estimate', false, true],
      ['payment1', 'payment', true, true],
    ]);
    expect((await admin.put(`${BASE}/invoice1`, { name: 'Mine', layout: french() })).status).toBe(409);
    expect((await admin.put(`${BASE}/invoice1`, { name: 'Mine', layout: french() })).body.message).toBe(messages.builtInTemplateReadOnly);
    expect((await admin.delete(`${BASE}/invoice2`)).status).toBe(409);
  });

  it('create a template as a copy of another, under a name unique for its kind', async () => {
    facture = await createTemplate(admin, 'Facture', 'invoice2');
    expect(facture).toMatchObject({ kind: 'invoice', built_in: false, is_default: false, name: 'Facture' });
    expect(facture.layout).toEqual(builtInPdfTemplates.find((template) => template.id === 'invoice2')?.layout);
    expect(errorsOf(await admin.post(BASE, { name: 'FACTURE', copy_of: 'invoice1' }))).toEqual({ name: [messages.pdfTemplateNameTaken] });
    expect(errorsOf(await admin.post(BASE, { name: 'Other', copy_of: 'nope' }))).toEqual({ copy_of: [messages.invalidTemplate] });
    // The same name for another kind is another template.
    expect((await createTemplate(admin, 'Facture', 'estimate1')).kind).toBe('estimate');
  });

  it('edit its layout; bad colours, sizes, labels and footers are refused on their fields', async () => {
    const saved = await admin.put(`${BASE}/${facture.id}`, { name: 'Facture FR', layout: french() });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(templateOf(saved.body)).toMatchObject({ name: 'Facture FR', layout: french() });
    expect(templateOf((await admin.get(`${BASE}/${facture.id}`)).body).layout.labels.title).toBe('Facture');

    const refused = async (layout: Record<string, unknown>) => errorsOf(await admin.put(`${BASE}/${facture.id}`, { name: 'Facture FR', layout: { ...french(), ...layout } }));
    expect(await refused({ accent_color: 'red' })).toEqual({ 'layout.accent_color': [messages.invalidColor] });
    expect(await refused({ accent_color: 'url(http://127.0.0.1/x)' })).toEqual({ 'layout.accent_color': [messages.invalidColor] });
    expect(await refused({ font_size: '13' })).toEqual({ 'layout.font_size': [messages.pdfFontSize] });
    expect(await refused({ font_size: 9.5 })).toEqual({ 'layout.font_size': [messages.pdfFontSize] });
    expect(await refused({ footer: 'x'.repeat(301) })).toEqual({ 'layout.footer': [messages.pdfFooterTooLong] });
    expect(await refused({ labels: { title: 'x'.repeat(41) } })).toEqual({ 'layout.labels.title': [messages.pdfLabelTooLong] });
    expect(Object.keys(await refused({ labels: { logo_url: 'http://127.0.0.1/logo.png' } }))).toEqual(['layout.labels']);
    expect(Object.keys(await refused({ font: 'Comic Sans' }))).toEqual(['layout.font']);
  });

  it('preview a draft on a sample document, before saving, without fetching anything', async () => {
    const response = await admin.post(`${BASE}/preview`, { kind: 'invoice', layout: { ...french(), labels: { ...french().labels, title: 'Brouillon' } } });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(response.payload);
    expect(text).toContain('Brouillon');
    expect(text).toContain('SIRET 000 000 000 00000');
    expect(text).toMatch(/Total TTC\s+\$\d/);
    const receipt = await pdfText((await admin.post(`${BASE}/preview`, { kind: 'payment', layout: { ...invoiceLayout(), labels: { amount_received: 'Montant reçu' } } })).payload);
    expect(receipt).toContain('Montant reçu');
    expect(errorsOf(await admin.post(`${BASE}/preview`, { kind: 'invoice', layout: { ...french(), muted_color: '#12345' } }))).toEqual({ 'layout.muted_color': [messages.invalidColor] });
  });

  it('the default template lays out the next invoice and its PDF; invoices made before keep theirs', async () => {
    const before = await createInvoice(admin, customer.id);
    expect(before.template_name).toBe('invoice1');

    const made = await admin.post(`${BASE}/${facture.id}/default`);
    expect(templateOf(made.body)).toMatchObject({ id: facture.id, is_default: true });
    const invoiceTemplates = (await admin.get(`${BASE}`)).body.data as PdfTemplateResource[];
    expect(invoiceTemplates.filter((template) => template.kind === 'invoice' && template.is_default).map((template) => template.id)).toEqual([facture.id]);
    // The estimate default is its own.
    expect(invoiceTemplates.find((template) => template.id === 'estimate1')?.is_default).toBe(true);

    const options = (await admin.get('/api/v1/invoices/templates')).body.invoiceTemplates as { name: string; label: string; is_default: boolean }[];
    expect(options).toContainEqual({ name: facture.id, label: 'Facture FR', is_default: true });
    expect(options).toContainEqual({ name: 'invoice1', label: 'Classic', is_default: false });

    const next = await createInvoice(admin, customer.id, { items: [{ name: 'Atelier', quantity: '2', price: 5000 }] });
    expect(next.template_name).toBe(facture.id);
    const text = await pdfOf(admin, `/api/v1/invoices/${next.id}/pdf`);
    expect(text).toContain('Facture');
    expect(text).toContain('FACTURER À');
    expect(text).toMatch(/Total TTC\s+\$100\.00/);
    expect(text).toContain('SIRET 000 000 000 00000');
    expect(text).not.toContain('Bill To');

    const old = await pdfOf(admin, `/api/v1/invoices/${before.id}/pdf`);
    expect(old).toContain('INVOICE');
    expect(old).not.toContain('Facture');

    const estimate = await admin.post('/api/v1/estimates', { customer_id: customer.id, estimate_date: '2026-11-20', items: [{ name: 'Devis', quantity: '1', price: 100 }] });
    expect(estimate.body.data).toMatchObject({ template_name: 'estimate1' });
  });

  it('a document may name a template of its kind from its tenant only', async () => {
    const named = await createInvoice(admin, customer.id, { template_name: 'invoice2' });
    expect(named.template_name).toBe('invoice2');
    const foreignTemplate = await createTemplate(foreign, 'Foreign', 'invoice1');
    expect(errorsOf(await admin.post('/api/v1/invoices', { customer_id: customer.id, invoice_date: '2026-11-20', template_name: foreignTemplate.id, items: [{ name: 'X', quantity: '1', price: 5000 }] }))).toEqual({
      template_name: [messages.invalidTemplate],
    });
    const estimateTemplate = (await listOf(admin)).find((template) => template.kind === 'estimate' && !template.built_in);
    expect(errorsOf(await admin.post('/api/v1/invoices', { customer_id: customer.id, invoice_date: '2026-11-20', template_name: estimateTemplate?.id, items: [{ name: 'X', quantity: '1', price: 5000 }] }))).toEqual({
      template_name: [messages.invalidTemplate],
    });
    // A user's default template may be one of the tenant's, never another tenant's.
    expect((await admin.put('/api/v1/me/settings', { settings: { default_invoice_template: facture.id } })).status).toBe(200);
    expect(errorsOf(await admin.put('/api/v1/me/settings', { settings: { default_invoice_template: foreignTemplate.id } }))).toEqual({ 'settings.default_invoice_template': [messages.invalidTemplate] });
  });

  it('receipts follow the default receipt template, whichever it is when drawn', async () => {
    const payment = await createPayment(admin, paymentBody(customer.id, 2500));
    expect(await pdfOf(admin, `/api/v1/payments/${payment.id}/pdf`)).toContain('Amount Received');
    const recu = await createTemplate(admin, 'Reçu', 'payment1');
    expect((await admin.put(`${BASE}/${recu.id}`, { name: 'Reçu', layout: { ...recu.layout, logo_position: 'hidden', labels: { title: 'Reçu', amount_received: 'Montant reçu' } } })).status).toBe(200);
    await admin.post(`${BASE}/${recu.id}/default`);
    const response = await rawGet(h, admin, `/api/v1/payments/${payment.id}/pdf`);
    const text = await pdfText(response.body);
    expect(text).toContain('Montant reçu');
    expect(text).toContain('REÇU');
    expect(await pdfImageCount(response.body)).toBe(0);
  });

  it('deleting the default template hands its documents to the built-in default', async () => {
    const invoice = await createInvoice(admin, customer.id);
    expect(invoice.template_name).toBe(facture.id);
    expect((await admin.delete(`${BASE}/${facture.id}`)).body).toEqual({ success: true });
    expect((await admin.get(`${BASE}/${facture.id}`)).status).toBe(404);
    expect((await listOf(admin)).find((template) => template.id === 'invoice1')?.is_default).toBe(true);
    const text = await pdfOf(admin, `/api/v1/invoices/${invoice.id}/pdf`);
    expect(text).toContain('INVOICE');
    expect(text).not.toContain('Facture');
    // The user's default went with it: a new invoice gets the tenant's default.
    expect((await createInvoice(admin, customer.id)).template_name).toBe('invoice1');
  });

  it('cross-tenant: another tenant neither sees nor changes these templates, and keeps its own default', async () => {
    const mine = await createTemplate(admin, 'Landlord only', 'invoice1');
    await admin.post(`${BASE}/${mine.id}/default`);
    expect((await listOf(foreign)).some((template) => template.id === mine.id)).toBe(false);
    expect((await foreign.get(`${BASE}/${mine.id}`)).status).toBe(404);
    expect((await foreign.put(`${BASE}/${mine.id}`, { name: 'Taken', layout: french() })).status).toBe(404);
    expect((await foreign.post(`${BASE}/${mine.id}/default`)).status).toBe(404);
    expect((await foreign.delete(`${BASE}/${mine.id}`)).status).toBe(404);
    expect(errorsOf(await foreign.post(BASE, { name: 'Copy', copy_of: mine.id }))).toEqual({ copy_of: [messages.invalidTemplate] });
    expect((await createInvoice(foreign, foreignCustomer.id)).template_name).toBe('invoice1');
    expect((await admin.get(`${BASE}/${mine.id}`)).status).toBe(200);
  });

  it('cross-business and missing abilities: a business member reaches none of it', async () => {
    const member = await inviteAndAccept(h, admin, 'pdf-member@example.com', 'admin');
    expect((await member.get(BASE)).status).toBe(403);
    expect((await member.post(BASE, { name: 'Nope', copy_of: 'invoice1' })).status).toBe(403);
    expect((await member.post(`${BASE}/invoice2/default`)).status).toBe(403);
    expect((await member.post(`${BASE}/preview`, { kind: 'invoice', layout: french() })).status).toBe(403);
    // A member still reads the templates a document may choose.
    expect((await member.get('/api/v1/invoices/templates')).status).toBe(200);
  });
});
