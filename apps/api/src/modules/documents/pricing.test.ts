import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CounterpartyResource, type DocumentEmailPreview, type EstimateResource, type InvoiceResource, type PublicDocument, type PublicLinkResponse, type RecurringInvoiceResource, messages } from '@app/contracts';
import { formatMoney } from '@app/domain';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Harness, type TestClient, createHarness, errorsOf } from '../../../test/harness';
import { createCustomer, createTaxType, invoiceBody } from '../../../test/documents';
import { ownerWithBusiness } from '../../../test/team';
import { invoiceItems, invoices, invoiceTaxes } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { pdfText, rawGet, tokenOfUrl } from '../document-delivery/delivery-test-helpers';
import { figuresOfPdf, reAddProblems } from '../../platform/pdf/pdf-figures';
import { USD } from '../../platform/pdf/sample-documents';
import { act, estimateBody } from '../estimates/test-estimates';
import { createRecurringInvoiceJob } from '../recurring-invoices/recurring-job';
import { getRecurring, recurringBody } from '../recurring-invoices/test-recurring';

/** The shared pricing of invoices, estimates and recurring invoices (`pricing.ts`), through each kind's API. */

let h: Harness;
let vendor: TestClient;
let customer: CounterpartyResource;
let vat: string;
let city: string;
const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));

beforeAll(async () => {
  h = await createHarness({ clock });
  vendor = await ownerWithBusiness(h, ADMIN_EMAIL, ADMIN_PASSWORD, 'Rate Works');
  customer = await createCustomer(vendor, 'Per Rate GmbH', 'billing@per-rate.example');
  vat = await createTaxType(vendor, 'VAT', '19');
  city = await createTaxType(vendor, 'City', '5');
});
afterAll(async () => {
  await h.close();
});

const perItem = { tax_per_item_enabled: true, discount_per_item_enabled: true };
const dataOf = <T>(body: Record<string, unknown>) => body.data as T;

describe('a tax type twice', () => {
  it('is refused on a line and on the document of invoices, estimates and recurring invoices, and in item defaults', async () => {
    const twice = [{ tax_type_id: vat }, { tax_type_id: city }, { tax_type_id: vat.toUpperCase() }];
    const onLine = { ...perItem, items: [{ name: 'Hosting', price: 5000, taxes: twice }] };
    const onDocument = { tax_per_item_enabled: false, taxes: twice };
    for (const [path, body, field] of [
      ['/api/v1/invoices', invoiceBody(customer.id, onLine), 'items.0.taxes.2.tax_type_id'],
      ['/api/v1/invoices', invoiceBody(customer.id, onDocument), 'taxes.2.tax_type_id'],
      ['/api/v1/estimates', estimateBody(customer.id, onLine), 'items.0.taxes.2.tax_type_id'],
      ['/api/v1/estimates', estimateBody(customer.id, onDocument), 'taxes.2.tax_type_id'],
      ['/api/v1/recurring-invoices', recurringBody(customer.id, onLine), 'items.0.taxes.2.tax_type_id'],
      ['/api/v1/recurring-invoices', recurringBody(customer.id, onDocument), 'taxes.2.tax_type_id'],
    ] as const) {
      const response = await vendor.post(path, body);
      expect(response.status, path).toBe(422);
      expect(errorsOf(response)[field], path).toEqual([messages.duplicateTax]);
    }
    const item = await vendor.post('/api/v1/items', { name: 'Widget', price: 1000, taxes: twice });
    expect(item.status).toBe(422);
    expect(errorsOf(item)['taxes.2.tax_type_id']).toEqual([messages.duplicateTax]);
    // The same tax type on two lines is one rate, charged once on their sum.
    const invoice = await vendor.post('/api/v1/invoices', invoiceBody(customer.id, { ...perItem, items: [1000, 2000].map((price) => ({ name: 'Line', price, taxes: [{ tax_type_id: vat }] })) }));
    expect(invoice.status).toBe(201);
    expect(dataOf<InvoiceResource>(invoice.body).taxes).toEqual([expect.objectContaining({ tax_type_id: vat, taxable: 3000, amount: 570 })]);
  });

  it('is refused on update too, leaving the invoice as it was', async () => {
    const created = dataOf<InvoiceResource>((await vendor.post('/api/v1/invoices', invoiceBody(customer.id, { taxes: [{ tax_type_id: vat }] }))).body);
    const response = await vendor.put(`/api/v1/invoices/${created.id}`, invoiceBody(customer.id, { taxes: [{ tax_type_id: vat }, { tax_type_id: vat }] }));
    expect(errorsOf(response)['taxes.1.tax_type_id']).toEqual([messages.duplicateTax]);
    expect(dataOf<InvoiceResource>((await vendor.get(`/api/v1/invoices/${created.id}`)).body)).toMatchObject({ tax: created.tax, total: created.total });
  });
});

describe('what a mode ignores', () => {
  it('is refused with a message naming the setting, whether the mode is sent or comes from the business settings', async () => {
    const cases = [
      { body: { tax_per_item_enabled: false, items: [{ name: 'A', price: 5000, taxes: [{ tax_type_id: vat }] }] }, field: 'items.0.taxes', message: messages.lineTaxesNeedTaxPerItem },
      { body: { tax_per_item_enabled: true, taxes: [{ tax_type_id: vat }] }, field: 'taxes', message: messages.documentTaxesNeedNoTaxPerItem },
      { body: { discount_per_item_enabled: false, items: [{ name: 'A', price: 5000, discount: '100' }] }, field: 'items.0.discount', message: messages.lineDiscountsNeedDiscountPerItem },
      { body: { discount_per_item_enabled: false, items: [{ name: 'A', price: 5000, discount_type: 'percentage', discount: '0.5' }] }, field: 'items.0.discount', message: messages.lineDiscountsNeedDiscountPerItem },
      // No mode in the request: the business settings (both off by default) decide.
      { body: { items: [{ name: 'A', price: 5000, taxes: [{ tax_type_id: vat }] }] }, field: 'items.0.taxes', message: messages.lineTaxesNeedTaxPerItem },
    ];
    for (const { body, field, message } of cases) {
      for (const [path, request] of [
        ['/api/v1/invoices', invoiceBody(customer.id, body)],
        ['/api/v1/estimates', estimateBody(customer.id, body)],
        ['/api/v1/recurring-invoices', recurringBody(customer.id, body)],
      ] as const) {
        const response = await vendor.post(path, request);
        expect(response.status, `${path} ${field}`).toBe(422);
        expect(response.body.message).toBe(message);
        expect(errorsOf(response)[field]).toEqual([message]);
      }
    }
    expect(messages.lineTaxesNeedTaxPerItem).toBe('Line taxes need "Tax per item" enabled.');
  });

  it('accepts what the mode uses, a zero line discount in any mode, and follows the business setting when none is sent', async () => {
    const zeroDiscount = await vendor.post('/api/v1/invoices', invoiceBody(customer.id, { items: [{ name: 'A', price: 5000, discount_type: 'percentage', discount: '0.00' }] }));
    expect(zeroDiscount.status, JSON.stringify(zeroDiscount.body)).toBe(201);
    expect((await vendor.post('/api/v1/business/settings', { settings: { tax_per_item_enabled: true } })).status).toBe(200);
    const fromSettings = await vendor.post('/api/v1/invoices', invoiceBody(customer.id, { items: [{ name: 'A', price: 5000, taxes: [{ tax_type_id: vat }] }] }));
    expect(fromSettings.status, JSON.stringify(fromSettings.body)).toBe(201);
    expect(dataOf<InvoiceResource>(fromSettings.body)).toMatchObject({ tax_per_item_enabled: true, tax: 950, total: 5950 });
    const documentTaxes = await vendor.post('/api/v1/estimates', estimateBody(customer.id, { taxes: [{ tax_type_id: vat }] }));
    expect(errorsOf(documentTaxes).taxes).toEqual([messages.documentTaxesNeedNoTaxPerItem]);
    expect((await vendor.post('/api/v1/business/settings', { settings: { tax_per_item_enabled: false } })).status).toBe(200);
  });
});

describe('taxes per rate', () => {
  const cents = () => Array.from({ length: 500 }, (_, index) => ({ name: `Cent ${index + 1}`, price: 1, taxes: [{ tax_type_id: vat }] }));

  /** 500 × 0.01 at 19% per item: 0.95 of tax (rounding each line would give 0.00); the first 95 lines carry a cent each. */
  function expectPerRate(document: Pick<InvoiceResource, 'sub_total' | 'tax' | 'total' | 'taxes' | 'items'>) {
    expect(document).toMatchObject({ sub_total: 500, tax: 95, total: 595 });
    expect(document.taxes).toEqual([expect.objectContaining({ tax_type_id: vat, percent: '19', taxable: 500, amount: 95 })]);
    expect(document.items.reduce((sum, item) => sum + item.tax, 0)).toBe(95);
    expect(document.items.map((item) => item.tax)).toEqual([...Array.from({ length: 95 }, () => 1), ...Array.from({ length: 405 }, () => 0)]);
    expect(document.items.every((item) => item.taxes.length === 1 && item.taxes[0]?.taxable === 1 && item.taxes[0].amount === item.tax)).toBe(true);
  }

  it('charges each rate once on its lines, stores the line shares, and the estimate converts and the schedule generates with the same rule', async () => {
    const invoice = await vendor.post('/api/v1/invoices', invoiceBody(customer.id, { ...perItem, items: cents() }));
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    expectPerRate(dataOf<InvoiceResource>(invoice.body));
    const id = dataOf<InvoiceResource>(invoice.body).id;
    // Stored: the rate's total on the document tax line, each line's share on its own tax line and in its tax column.
    const documentLine = await h.app.db.select({ amount: invoiceTaxes.amount }).from(invoiceTaxes).where(and(eq(invoiceTaxes.invoiceId, id), isNull(invoiceTaxes.invoiceItemId)));
    expect(documentLine).toEqual([{ amount: 95 }]);
    const lineShares = await h.app.db.select({ amount: invoiceTaxes.amount }).from(invoiceTaxes).where(and(eq(invoiceTaxes.invoiceId, id), isNotNull(invoiceTaxes.invoiceItemId)));
    expect(lineShares.reduce((sum, row) => sum + row.amount, 0)).toBe(95);
    const lineTaxColumns = await h.app.db.select({ tax: invoiceItems.tax }).from(invoiceItems).where(eq(invoiceItems.invoiceId, id));
    expect(lineTaxColumns.reduce((sum, row) => sum + row.tax, 0)).toBe(95);
    expectPerRate(dataOf<InvoiceResource>((await vendor.post(`/api/v1/invoices/${id}/clone`)).body));

    const estimate = await vendor.post('/api/v1/estimates', estimateBody(customer.id, { ...perItem, items: cents() }));
    expectPerRate(dataOf<EstimateResource>(estimate.body));
    await act(vendor, dataOf<EstimateResource>(estimate.body).id, 'finalize');
    const converted = await vendor.post(`/api/v1/estimates/${dataOf<EstimateResource>(estimate.body).id}/convert-to-invoice`);
    expect(converted.status, JSON.stringify(converted.body)).toBe(201);
    expectPerRate(dataOf<InvoiceResource>(converted.body));

    const recurring = await vendor.post('/api/v1/recurring-invoices', recurringBody(customer.id, { ...perItem, send_automatically: false, items: cents() }));
    expect(recurring.status, JSON.stringify(recurring.body)).toBe(201);
    expectPerRate(dataOf<RecurringInvoiceResource>(recurring.body));
    expect(await createRecurringInvoiceJob(h.app).generateDue(clock.now())).toMatchObject({ generated: 1 });
    const made = (await getRecurring(vendor, dataOf<RecurringInvoiceResource>(recurring.body).id)).invoices[0]?.id ?? '';
    expectPerRate(dataOf<InvoiceResource>((await vendor.get(`/api/v1/invoices/${made}`)).body));
  });

  it('shows a compound rate on the taxable amount plus the simple taxes of its lines', async () => {
    const state = await createTaxType(vendor, 'State', '5');
    const local = await createTaxType(vendor, 'Local', '10', true);
    // State: 666 → 33.3 → 33, shares [17, 16]. Local: (333 + 17) + (333 + 16) = 699 → 69.9 → 70, shares [35, 35].
    const created = await vendor.post('/api/v1/invoices', invoiceBody(customer.id, { ...perItem, items: [333, 333].map((price) => ({ name: 'Line', price, taxes: [{ tax_type_id: state }, { tax_type_id: local }] })) }));
    const invoice = dataOf<InvoiceResource>(created.body);
    expect(invoice).toMatchObject({ sub_total: 666, tax: 103, total: 769 });
    expect(invoice.taxes.map((tax) => [tax.name, tax.taxable, tax.amount])).toEqual([
      ['State', 666, 33],
      ['Local', 699, 70],
    ]);
    expect(invoice.items.map((item) => item.taxes.map((tax) => [tax.taxable, tax.amount]))).toEqual([
      [
        [333, 17],
        [350, 35],
      ],
      [
        [333, 16],
        [349, 35],
      ],
    ]);
  });

  it('leaves the stored figures of a document priced before the rule as they are', async () => {
    // Three lines of 0.30 at 5%: per rate 90 → 4.5 → 5; line by line (the old rule) 3 × 1.5 → 3 × 2 = 6.
    const fivePercent = await createTaxType(vendor, 'Five', '5');
    const created = dataOf<InvoiceResource>(
      (await vendor.post('/api/v1/invoices', invoiceBody(customer.id, { ...perItem, items: [30, 30, 30].map((price) => ({ name: 'Old line', price, taxes: [{ tax_type_id: fivePercent }] })) }))).body,
    );
    expect(created).toMatchObject({ tax: 5, total: 95 });
    // Rewritten to the figures the old rule stored.
    await h.app.db.update(invoiceTaxes).set({ amount: 2 }).where(and(eq(invoiceTaxes.invoiceId, created.id), isNotNull(invoiceTaxes.invoiceItemId)));
    await h.app.db.update(invoiceTaxes).set({ amount: 6 }).where(and(eq(invoiceTaxes.invoiceId, created.id), isNull(invoiceTaxes.invoiceItemId)));
    await h.app.db.update(invoiceItems).set({ tax: 2 }).where(eq(invoiceItems.invoiceId, created.id));
    await h.app.db.update(invoices).set({ tax: 6, total: 96, dueAmount: 96 }).where(eq(invoices.id, created.id));

    for (const action of ['finalize', 'mark-sent']) expect((await vendor.post(`/api/v1/invoices/${created.id}/${action}`)).status).toBe(200);
    expect((await vendor.post(`/api/v1/invoices/${created.id}/update-due-date`, { due_date: '2027-01-31' })).status).toBe(200);
    const stored = dataOf<InvoiceResource>((await vendor.get(`/api/v1/invoices/${created.id}`)).body);
    expect(stored).toMatchObject({ status: 'sent', sub_total: 90, tax: 6, total: 96, due_amount: 96 });
    expect(stored.taxes).toEqual([expect.objectContaining({ taxable: 90, amount: 6 })]);
    expect(stored.items.map((item) => item.tax)).toEqual([2, 2, 2]);
    const text = await pdfText((await rawGet(h, vendor, `/api/v1/invoices/${created.id}/pdf`)).body);
    expect(text).toMatch(/Five \(5%\)\s+\$0\.06/);
    expect(text).toMatch(/Total\s+\$0\.96/);
  });
});

describe('the figures every view shows', () => {
  it('re-add on the PDF and are the figures of the public page and the mail, with per-item and document taxes', async () => {
    const reduced = await createTaxType(vendor, 'Reduced', '7');
    const levy = await createTaxType(vendor, 'Levy', '2.5', true);
    const perItemLines = [
      { name: 'Consulting', quantity: '3', price: 3333, discount_type: 'percentage', discount: '10', taxes: [{ tax_type_id: vat }, { tax_type_id: levy }] },
      { name: 'Books', quantity: '7', price: 1999, discount: '500', taxes: [{ tax_type_id: reduced }] },
      { name: 'Hosting', quantity: '1.5', price: 4999, taxes: [{ tax_type_id: vat }] },
      { name: 'Stickers', quantity: '11', price: 1, taxes: [{ tax_type_id: vat }] },
    ];
    const documentLines = perItemLines.map((line) => ({ name: line.name, quantity: line.quantity, price: line.price }));
    const bodies = [
      invoiceBody(customer.id, { ...perItem, discount_type: 'percentage', discount: '10', items: perItemLines }),
      invoiceBody(customer.id, { discount: '1234', taxes: [{ tax_type_id: vat }, { tax_type_id: levy }], items: documentLines }),
    ];
    for (const body of bodies) {
      const created = await vendor.post('/api/v1/invoices', body);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const { id } = dataOf<InvoiceResource>(created.body);
      expect((await vendor.post(`/api/v1/invoices/${id}/mark-sent`)).status).toBe(200);
      const token = tokenOfUrl(((await vendor.post(`/api/v1/invoices/${id}/links`)).body as PublicLinkResponse).url);
      const page = (await h.client().get(`/api/v1/public/invoices/${token}`)).body as unknown as PublicDocument;
      const invoice = page.invoice;
      if (!invoice) throw new Error('the public page shows the invoice');

      const figures = await figuresOfPdf((await rawGet(h, vendor, page.pdf_url)).body, USD, perItemLines.map((line) => line.name));
      expect(reAddProblems(figures)).toEqual([]);
      expect(figures).toMatchObject({ subTotal: invoice.sub_total, discount: invoice.discount_val, total: invoice.total });
      expect(figures.taxes).toEqual(invoice.taxes.map((tax) => ({ name: tax.name, percent: tax.percent, taxable: tax.taxable, amount: tax.amount })));
      expect(figures.lines).toEqual(
        invoice.items.map((item) => ({
          name: item.name,
          amount: item.total,
          discountShare: invoice.tax_per_item_enabled ? item.document_discount_share : 0,
          taxes: item.taxes.map((tax) => ({ name: tax.name, percent: tax.percent, taxable: tax.taxable, amount: tax.amount })),
        })),
      );
      const preview = (await vendor.get(`/api/v1/invoices/${id}/preview-email`)).body.data as DocumentEmailPreview;
      expect(preview.body).toContain(` for ${formatMoney(invoice.total, USD)},`);
    }
  });
});
