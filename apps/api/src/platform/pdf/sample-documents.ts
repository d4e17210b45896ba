import zlib from 'node:zlib';
import { builtInDefaultPdfTemplate, type PdfLayout, type PdfTemplateKind } from '@app/contracts';
import { type MoneyFormat, type TaxRate, computeTotals, taxableAmounts } from '@app/domain';
import type { PdfDocumentModel, PdfLine } from './document-model';

/** Sample documents for the renderer's tests, the PDF bench and the PDF template preview. */

export const EUR: MoneyFormat = { symbol: '€', precision: 2, thousand_separator: '.', decimal_separator: ',', swap_currency_symbol: true };
export const USD: MoneyFormat = { symbol: '$', precision: 2, thousand_separator: ',', decimal_separator: '.', swap_currency_symbol: false };
export const JPY: MoneyFormat = { symbol: '¥', precision: 0, thousand_separator: ',', decimal_separator: '.', swap_currency_symbol: false };

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A valid size×size RGB PNG of one colour, built from bytes (no file, no URL). */
export function solidPng(size: number, rgb: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))]);
}

function sampleLine(index: number): PdfLine {
  const ordinal = String(index + 1).padStart(2, '0');
  const discounted = index % 3 === 0;
  return {
    name: `Service item ${ordinal}`,
    description: index % 2 === 0 ? `Work in Łódź, batch ${ordinal}` : null,
    quantity: index === 0 ? '2.5' : '1',
    price: 49_382,
    discount_label: discounted ? '10%' : null,
    discount_val: discounted ? 4_938 : 0,
    discount_share: 0,
    taxes: [{ name: 'VAT', percent: '20', taxable: 49_382, amount: 9_876 }],
    total: 123_456,
  };
}

/**
 * An invoice with `lineCount` lines: Unicode names, one logo, a document discount and tax, paid
 * and due amounts. Amounts are fixed values chosen to be easy to find in extracted text, not sums.
 */
export function sampleInvoice(lineCount: number, currency: MoneyFormat = EUR): PdfDocumentModel {
  return {
    kind: 'invoice',
    layout: { ...builtInDefaultPdfTemplate('invoice').layout, footer: 'Piekarnia Łódź · NIP 725-000-00-00' },
    title: 'Invoice',
    number: 'INV-000042',
    fields: [
      { key: 'date', label: 'Invoice Date', value: '2026-03-01' },
      { key: 'due_date', label: 'Due Date', value: '2026-03-31' },
      { key: 'reference', label: 'Reference', value: 'PO-1187' },
    ],
    business: {
      name: 'Piekarnia Łódź Sp. z o.o.',
      lines: ['ul. Piotrkowska 1', '90-001 Łódź', 'Poland', 'biuro@piekarnia.example'],
      logo: { bytes: solidPng(4, [29, 78, 216]), mime: 'image/png' },
    },
    billTo: { name: 'Käserei Zürich AG', lines: ['Bahnhofstrasse 10', '8001 Zürich', 'Switzerland'] },
    shipTo: { name: 'Lager København ApS', lines: ['Nørrebrogade 5', '2200 København N', 'Denmark'] },
    currency,
    lines: Array.from({ length: lineCount }, (_, index) => sampleLine(index)),
    sub_total: 2_469_120,
    discount_rate: '10%',
    discount_val: 246_912,
    taxes: [{ name: 'VAT', percent: '20', taxable: 2_222_208, amount: 444_442 }],
    total: 2_666_650,
    amount_paid: 1_000_000,
    amount_due: 1_666_650,
    notes: 'Thank you for your business.\nPayment by bank transfer within 30 days.',
  };
}

export type SampleNames = { business: string; customer: string; item: string };

/** The sample invoice with its business, customer and item names in another script. */
export function sampleInvoiceNamed(lineCount: number, names: SampleNames): PdfDocumentModel {
  const base = sampleInvoice(lineCount);
  return {
    ...base,
    business: { ...base.business, name: names.business },
    billTo: { name: names.customer, lines: ['Bahnhofstrasse 10'] },
    lines: base.lines.map((line) => ({ ...line, name: names.item })),
  };
}

/** A payment receipt: fields and one amount, no lines. */
export function samplePayment(): PdfDocumentModel {
  return {
    ...sampleInvoice(0),
    kind: 'payment',
    layout: builtInDefaultPdfTemplate('payment').layout,
    title: 'Payment Receipt',
    number: 'PAY-000007',
    fields: [
      { key: 'date', label: 'Payment Date', value: '2026-03-05' },
      { key: 'payment_mode', label: 'Payment Mode', value: 'Bank transfer' },
      { key: 'invoice', label: 'Invoice', value: 'INV-000042' },
    ],
    shipTo: null,
    sub_total: 1_000_000,
    discount_rate: null,
    discount_val: 0,
    taxes: [],
    total: 1_000_000,
    amount_paid: null,
    amount_due: null,
    notes: null,
  };
}

/**
 * An invoice priced by the money engine, with every figure as the app stores and shows it: taxes
 * per item at two rates and a compound one, line discounts and a 10% document discount.
 */
export function pricedInvoice(): PdfDocumentModel {
  const vat: TaxRate = { tax_type_id: 'vat', name: 'VAT', percent: '19', compound_tax: false };
  const reduced: TaxRate = { tax_type_id: 'reduced', name: 'Reduced', percent: '7', compound_tax: false };
  const levy: TaxRate = { tax_type_id: 'levy', name: 'Levy', percent: '2.5', compound_tax: true };
  const lines = [
    { name: 'Consulting', quantity: '3', price: 3333, discount_type: 'percentage' as const, discount: '10', taxes: [vat, levy] },
    { name: 'Books', quantity: '7', price: 1999, discount_type: 'fixed' as const, discount: '500', taxes: [reduced] },
    { name: 'Hosting', quantity: '1.5', price: 4999, discount_type: 'fixed' as const, discount: '', taxes: [vat] },
    { name: 'Stickers', quantity: '11', price: 1, discount_type: 'fixed' as const, discount: '', taxes: [vat] },
  ];
  const result = computeTotals({ precision: 2, tax_per_item_enabled: true, discount_per_item_enabled: true, discount_type: 'percentage', discount: '10', taxes: [], lines });
  if (!result.ok) throw new Error('the priced sample is a valid invoice');
  const { totals } = result;
  const taxable = taxableAmounts(totals);
  return {
    ...sampleInvoice(0, USD),
    lines: lines.map((line, index) => {
      const priced = totals.lines[index];
      if (!priced) throw new Error('the engine prices every line');
      return {
        name: line.name,
        description: null,
        quantity: line.quantity,
        price: line.price,
        discount_label: line.discount_type === 'percentage' ? `${line.discount}%` : null,
        discount_val: priced.discount_val,
        discount_share: priced.document_discount_share,
        taxes: priced.taxes.map((tax, taxIndex) => ({ name: tax.name, percent: tax.percent, taxable: taxable.lines[index]?.[taxIndex] ?? 0, amount: tax.amount })),
        total: priced.total,
      };
    }),
    sub_total: totals.sub_total,
    discount_rate: '10%',
    discount_val: totals.discount_val,
    taxes: totals.taxes.map((tax, index) => ({ name: tax.name, percent: tax.percent, taxable: taxable.taxes[index] ?? 0, amount: tax.amount })),
    total: totals.total,
    amount_paid: 0,
    amount_due: totals.total,
    notes: null,
  };
}

/**
 * What the template editor previews: an engine-priced document of the kind (a receipt for
 * payments) laid out by the draft, with a logo so its position shows.
 */
export function sampleDocumentFor(kind: PdfTemplateKind, layout: PdfLayout): PdfDocumentModel {
  if (kind === 'payment') return { ...samplePayment(), layout };
  const invoice = { ...pricedInvoice(), notes: 'Thank you for your business.', layout };
  if (kind === 'invoice') return invoice;
  return {
    ...invoice,
    kind: 'estimate',
    title: 'Estimate',
    number: 'EST-000042',
    fields: [
      { key: 'date', label: 'Estimate Date', value: '2026-03-01' },
      { key: 'expiry_date', label: 'Expiry Date', value: '2026-03-31' },
    ],
    amount_paid: null,
    amount_due: null,
  };
}
