import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PdfDocumentModel } from './document-model';
import { builtInPdfTemplates, type PdfLayout, type PdfTemplateKind } from '@app/contracts';
import { buildDocumentDefinition } from './document-pdf';
import { renderDocumentPdf } from './index';
import { renderPdfDefinition } from './pdf-engine';
import { figuresOfPdf, reAddProblems } from './pdf-figures';
import { JPY, USD, pricedInvoice, sampleInvoice, samplePayment, solidPng } from './sample-documents';

const run = promisify(execFile);
let workDir = '';

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pdf-test-'));
});

afterAll(async () => {
  await fs.rm(workDir, { recursive: true, force: true });
});

let fileCounter = 0;
async function writePdf(pdf: Buffer): Promise<string> {
  fileCounter += 1;
  const file = path.join(workDir, `document-${fileCounter}.pdf`);
  await fs.writeFile(file, pdf);
  return file;
}

/** The pages of the PDF as `pdftotext -layout` extracts them. */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', await writePdf(pdf), '-']);
  return stdout.split('\f').filter((page) => page.trim() !== '');
}

async function pdfText(pdf: Buffer): Promise<string> {
  return (await pdfPages(pdf)).join('\n');
}

async function pdfTitle(pdf: Buffer): Promise<string | undefined> {
  const { stdout } = await run('pdfinfo', ['-enc', 'UTF-8', await writePdf(pdf)]);
  return /^Title:\s+(.*)$/m.exec(stdout)?.[1];
}

const builtIn = (kind: PdfTemplateKind) => builtInPdfTemplates.filter((template) => template.kind === kind);

function layoutOf(id: string): PdfLayout {
  const found = builtInPdfTemplates.find((template) => template.id === id);
  if (!found) throw new Error(`no built-in template ${id}`);
  return found.layout;
}

/** The model drawn with a built-in template, keeping the model's own footer text. */
function withTemplate(model: PdfDocumentModel, id: string): PdfDocumentModel {
  return { ...model, layout: { ...layoutOf(id), footer: model.layout.footer } };
}

function sampleEstimate(lineCount: number): PdfDocumentModel {
  return withTemplate({ ...sampleInvoice(lineCount), kind: 'estimate', title: 'Estimate', number: 'EST-000009', amount_paid: null, amount_due: null }, 'estimate1');
}

describe('built-in PDF templates', () => {
  it('offers two templates for invoices and estimates and a receipt for payments, one default each', () => {
    expect(builtIn('invoice').map(({ id, name, is_default }) => ({ id, name, is_default }))).toEqual([
      { id: 'invoice1', name: 'Classic', is_default: true },
      { id: 'invoice2', name: 'Modern', is_default: false },
    ]);
    expect(builtIn('estimate').map((template) => [template.id, template.is_default])).toEqual([
      ['estimate1', true],
      ['estimate2', false],
    ]);
    expect(builtIn('payment').map(({ id, name, is_default }) => ({ id, name, is_default }))).toEqual([{ id: 'payment1', name: 'Receipt', is_default: true }]);
  });
});

describe('renderDocumentPdf', () => {
  const documents = [
    ...builtIn('invoice').map((template) => withTemplate(sampleInvoice(40), template.id)),
    ...builtIn('estimate').map((template) => withTemplate(sampleEstimate(40), template.id)),
  ];

  it.each(documents.map((model) => [`${model.kind} ${model.layout.header}`, model]))('%s: Unicode text, EUR amounts, logo and 40 lines over several pages', async (_name, model) => {
    const pdf = await renderDocumentPdf(model);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pages = await pdfPages(pdf);
    const text = pages.join('\n');

    expect(text).toContain('Piekarnia Łódź Sp. z o.o.');
    expect(text).toContain('Käserei Zürich AG');
    expect(text).toContain('8001 Zürich');
    expect(text).toContain('Lager København ApS');
    expect(text).toContain('Work in Łódź, batch 01');
    expect(text).toContain(model.number);
    expect(text).toContain('2026-03-31');

    // Per-line amounts with EUR separators and symbol position, and every line present.
    expect(text).toContain('493,82 €');
    expect(text).toContain('1.234,56 €');
    expect(text).toContain('49,38 €');
    expect(text).toContain('VAT (20%)');
    expect(text).toMatch(/Service item 01\s+2\.5\s+493,82 €/);
    for (let line = 1; line <= 40; line += 1) expect(text).toContain(`Service item ${String(line).padStart(2, '0')}`);

    // Totals block.
    expect(text).toMatch(/Subtotal\s+24\.691,20 €/);
    expect(text).toMatch(/Discount \(10%\)\s+−2\.469,12 €/);
    expect(text).toMatch(/VAT \(20%\)\s+4\.444,42 €/);
    expect(text).toMatch(/Total\s+26\.666,50 €/);
    if (model.kind === 'invoice') {
      expect(text).toMatch(/Amount Paid\s+10\.000,00 €/);
      expect(text).toMatch(/Amount Due\s+16\.666,50 €/);
    } else {
      expect(text).not.toContain('Amount Paid');
      expect(text).not.toContain('Amount Due');
    }
    expect(text).toContain('Thank you for your business.');
    expect(text).toContain('Payment by bank transfer within 30 days.');
    expect(text).toContain('NIP 725-000-00-00');

    // The item list flows over pages and the column header is repeated on each one with items.
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages.filter((content) => content.includes('Service item'))) expect(page).toMatch(/Item\s+Quantity\s+Price\s+Discount\s+Tax\s+Amount/);
    expect(pages.at(-1)).toContain(`${pages.length}/${pages.length}`);

    expect(await pdfTitle(pdf)).toBe(`${model.title} ${model.number}`);
  });

  it.each(['invoice1', 'invoice2'])('%s: shows every figure of an engine-priced invoice, and they re-add', async (template) => {
    const pdf = await renderDocumentPdf(withTemplate(pricedInvoice(), template));
    const text = await pdfText(pdf);
    expect(text).toMatch(/Item\s+Quantity\s+Price\s+Discount\s+Doc\. discount\s+Tax\s+Amount/);
    expect(text).toMatch(/Discount \(10%\)\s+−\$30\.00/);
    expect(text).toMatch(/Taxable amount, VAT \(19%\)\s+\$148\.58\s+VAT \(19%\)\s+\$28\.23/);
    const figures = await figuresOfPdf(pdf, USD, ['Consulting', 'Books', 'Hosting', 'Stickers']);
    expect(figures).toMatchObject({ subTotal: 30002, discount: 3000, total: 30916 });
    expect(figures.taxes.map((tax) => [tax.name, tax.taxable, tax.amount])).toEqual([
      ['VAT', 14858, 2823],
      ['Levy', 9638, 241],
      ['Reduced', 12144, 850],
    ]);
    expect(figures.lines.map((line) => [line.amount, line.discountShare, line.taxes.length])).toEqual([
      [8999, 900, 2],
      [13493, 1349, 1],
      [7499, 750, 1],
      [11, 1, 1],
    ]);
    expect(reAddProblems(figures)).toEqual([]);
    // The check finds a figure that does not re-add.
    expect(reAddProblems({ ...figures, total: figures.total + 1 })).toEqual(['total: shown 30917, re-adds to 30916']);
  });

  it('templates of a kind look different', async () => {
    const classic = await pdfText(await renderDocumentPdf(withTemplate(sampleInvoice(3), 'invoice1')));
    const modern = await pdfText(await renderDocumentPdf(withTemplate(sampleInvoice(3), 'invoice2')));
    expect(classic).toContain('INVOICE');
    expect(modern).not.toContain('INVOICE');
    expect(modern).toContain('Invoice');
  });

  it('formats JPY without decimals and with the symbol in front', async () => {
    const text = await pdfText(await renderDocumentPdf(sampleInvoice(2, JPY)));
    expect(text).toContain('¥49,382');
    expect(text).toContain('¥123,456');
    expect(text).toMatch(/Total\s+¥2,666,650/);
    expect(text).toMatch(/Amount Due\s+¥1,666,650/);
    expect(text).not.toMatch(/¥[\d,]+\.\d/);
  });

  it('leaves out the Discount and Tax columns and the optional rows when nothing uses them', async () => {
    const base = sampleInvoice(2);
    const plain: PdfDocumentModel = {
      ...base,
      lines: base.lines.map((line) => ({ ...line, discount_label: null, discount_val: 0, taxes: [] })),
      discount_rate: null,
      discount_val: 0,
      taxes: [],
      billTo: null,
      shipTo: null,
      notes: null,
      layout: layoutOf('invoice1'),
      business: { ...base.business, logo: null },
    };
    const text = await pdfText(await renderDocumentPdf(plain));
    expect(text).toMatch(/Item\s+Quantity\s+Price\s+Amount/);
    expect(text).not.toContain('Discount');
    expect(text).not.toContain('Tax');
    expect(text).not.toContain('VAT');
    expect(text).not.toContain('BILL TO');
    expect(text).not.toContain('NOTES');
    expect(text).toMatch(/Subtotal\s+24\.691,20 €/);
    expect(text).toMatch(/Total\s+26\.666,50 €/);
  });

  it.each(['invoice', 'estimate', 'payment'] as const)('renders a bare %s (no fields, parties, logo, lines or notes) with every template', async (kind) => {
    for (const template of builtIn(kind)) {
      const base = sampleInvoice(0);
      const bare: PdfDocumentModel = {
        ...base,
        kind,
        layout: template.layout,
        fields: [],
        billTo: null,
        shipTo: null,
        notes: '',
        business: { name: 'Solo Trader', lines: [], logo: null },
      };
      const text = await pdfText(await renderDocumentPdf(bare));
      expect(text).toContain('Solo Trader');
      expect(text).toContain('INV-000042');
      expect(text).toContain('26.666,50 €');
      expect(text).not.toContain('Quantity');
    }
  });

  it('renders a payment receipt with its fields and amount and no item table', async () => {
    const model = samplePayment();
    const pdf = await renderDocumentPdf(model);
    const text = await pdfText(pdf);
    expect(text).toContain('PAYMENT RECEIPT');
    expect(text).toContain('PAY-000007');
    expect(text).toMatch(/Payment Mode\s+Bank transfer/);
    expect(text).toMatch(/Invoice\s+INV-000042/);
    expect(text).toContain('RECEIVED FROM');
    expect(text).toContain('Käserei Zürich AG');
    expect(text).toMatch(/Amount Received\s+10\.000,00 €/);
    expect(text).not.toContain('Quantity');
    expect(text).not.toContain('Subtotal');
    expect(await pdfTitle(pdf)).toBe('Payment Receipt PAY-000007');
  });

  it('embeds the logo image, and fails cleanly when the logo bytes are not an image', async () => {
    const base = sampleInvoice(1);
    await expect(renderDocumentPdf({ ...base, business: { ...base.business, logo: { bytes: Buffer.from('not an image'), mime: 'image/jpeg' } } })).rejects.toThrow(/image/i);
    const pdf = await renderDocumentPdf({ ...base, business: { ...base.business, logo: { bytes: solidPng(2, [200, 0, 0]), mime: 'image/png' } } });
    expect(pdf.includes(Buffer.from('/Subtype /Image'))).toBe(true);
  });
});

describe('template layouts', () => {
  const french: PdfLayout = {
    ...layoutOf('invoice1'),
    labels: { title: 'Facture', date: 'Date de facture', due_date: 'Échéance', bill_to: 'Facturer à', item: 'Article', quantity: 'Quantité', subtotal: 'Sous-total', total: 'Total TTC', amount_due: 'Reste à payer', discount: 'Remise', notes: 'Remarques' },
  };

  it("prints the template's labels instead of the English words, the figures unchanged", async () => {
    const text = await pdfText(await renderDocumentPdf({ ...sampleInvoice(2), layout: french }));
    for (const word of ['FACTURE', 'Date de facture', 'Échéance', 'FACTURER À', 'Article', 'Quantité', 'REMARQUES']) expect(text).toContain(word);
    expect(text).toMatch(/Sous-total\s+24\.691,20 €/);
    expect(text).toMatch(/Remise \(10%\)\s+−2\.469,12 €/);
    expect(text).toMatch(/Total TTC\s+26\.666,50 €/);
    expect(text).toMatch(/Reste à payer\s+16\.666,50 €/);
    for (const word of ['INVOICE', 'Invoice Date', 'Due Date', 'BILL TO', 'Subtotal', 'Amount Due']) expect(text).not.toContain(word);
    // Labels the template leaves alone stay English.
    expect(text).toContain('SHIP TO');
  });

  it('leaves out the blocks the template hides and prints its footer', async () => {
    const layout: PdfLayout = { ...layoutOf('invoice1'), show_business_address: false, show_bill_to: false, show_ship_to: false, show_notes: false, show_page_numbers: false, logo_position: 'hidden', footer: 'Registered in Łódź, KRS 0000000000' };
    const pdf = await renderDocumentPdf({ ...sampleInvoice(2), layout });
    const text = await pdfText(pdf);
    expect(text).toContain('Piekarnia Łódź Sp. z o.o.');
    for (const hidden of ['ul. Piotrkowska 1', 'BILL TO', 'Käserei Zürich AG', 'SHIP TO', 'NOTES', 'Thank you for your business', '1/1']) expect(text).not.toContain(hidden);
    expect(text).toContain('Registered in Łódź, KRS 0000000000');
    expect(pdf.includes(Buffer.from('/Subtype /Image'))).toBe(false);
    expect(text).toMatch(/Total\s+26\.666,50 €/);
  });

  it('sets the body in the chosen font and size', async () => {
    const fontsOf = async (pdf: Buffer) => (await run('pdffonts', [await writePdf(pdf)])).stdout;
    const noto = await renderDocumentPdf({ ...sampleInvoice(2), layout: { ...layoutOf('invoice1'), font: 'NotoSans', font_size: '11' } });
    expect(await fontsOf(noto)).toMatch(/NotoSans-Regular/);
    expect(await fontsOf(noto)).not.toMatch(/Roboto-Regular/);
    expect(await pdfText(noto)).toMatch(/Total\s+26\.666,50 €/);
    expect(await fontsOf(await renderDocumentPdf(sampleInvoice(2)))).toMatch(/Roboto-Regular/);
  });

  it('draws the logo on the right when asked, in either header', async () => {
    for (const header of ['classic', 'banner'] as const) {
      const pdf = await renderDocumentPdf({ ...sampleInvoice(1), layout: { ...layoutOf('invoice1'), header, logo_position: 'right' } });
      expect(pdf.includes(Buffer.from('/Subtype /Image'))).toBe(true);
    }
  });

  it('draws with the colours it is given', () => {
    const colours = { accent_color: '#ff0000', text_on_accent_color: '#00ff00', muted_color: '#0000ff', stripe_color: '#abcdef' };
    const definition = JSON.stringify(buildDocumentDefinition({ ...sampleInvoice(3), layout: { ...layoutOf('invoice2'), ...colours } }), (_key, value: unknown) =>
      typeof value === 'function' ? String(value) : value,
    );
    for (const colour of ['#ff0000', '#00ff00', '#0000ff']) expect(definition).toContain(colour);
    for (const colour of Object.values(layoutOf('invoice2')).filter((value) => typeof value === 'string' && value.startsWith('#') && value !== '#ffffff')) expect(definition).not.toContain(colour);
  });
});

describe('resource access', () => {
  let server: http.Server;
  let requests = 0;
  let imageUrl = '';

  beforeAll(async () => {
    const png = solidPng(2, [0, 0, 0]);
    server = http.createServer((_request, response) => {
      requests += 1;
      response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('test server has no TCP address');
    imageUrl = `http://127.0.0.1:${address.port}/logo.png`;
  });

  beforeEach(() => {
    requests = 0;
  });

  afterAll(async () => {
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  });

  it('refuses to fetch image URLs, whether named in the images dictionary or inline', async () => {
    await expect(renderPdfDefinition({ images: { logo: imageUrl }, content: [{ image: 'logo' }] })).rejects.toThrow(/Access to URL denied/);
    await expect(renderPdfDefinition({ content: [{ image: imageUrl }] })).rejects.toThrow(/denied by resource access policy/);
    expect(requests).toBe(0);
  });

  it('refuses to read local files other than its fonts', async () => {
    const file = path.join(workDir, 'local.png');
    await fs.writeFile(file, solidPng(2, [0, 0, 0]));
    await expect(renderPdfDefinition({ content: [{ image: file }] })).rejects.toThrow(/Access to local file denied/);
    await expect(renderPdfDefinition({ images: { logo: file }, content: [{ image: 'logo' }] })).rejects.toThrow(/Access to local file denied/);
  });

  it('prints a URL in document text as text without fetching it', async () => {
    const text = await pdfText(await renderDocumentPdf({ ...sampleInvoice(1), notes: `See ${imageUrl}` }));
    expect(text).toContain(`See ${imageUrl}`);
    expect(requests).toBe(0);
  });
});
