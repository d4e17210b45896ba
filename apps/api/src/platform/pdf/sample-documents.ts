import zlib from 'node:zlib';
import type { MoneyFormat } from '@app/domain';
import type { PdfDocumentModel, PdfLine } from './document-model';

/** Sample documents for the renderer's tests and the PDF bench (not used by the app itself). */

export const EUR: MoneyFormat = { symbol: '€', precision: 2, thousand_separator: '.', decimal_separator: ',', swap_currency_symbol: true };
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
    taxes: [{ name: 'VAT', percent: '20', amount: 9_876 }],
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
    template: 'invoice1',
    title: 'Invoice',
    number: 'INV-000042',
    fields: [
      { label: 'Invoice Date', value: '2026-03-01' },
      { label: 'Due Date', value: '2026-03-31' },
      { label: 'Status', value: 'Sent' },
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
    discount_label: 'Discount (10%)',
    discount_val: 246_912,
    taxes: [{ name: 'VAT', percent: '20', amount: 444_442 }],
    total: 2_666_650,
    amount_paid: 1_000_000,
    amount_due: 1_666_650,
    notes: 'Thank you for your business.\nPayment by bank transfer within 30 days.',
    footer: 'Piekarnia Łódź · NIP 725-000-00-00',
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
    template: 'payment1',
    title: 'Payment Receipt',
    number: 'PAY-000007',
    fields: [
      { label: 'Payment Date', value: '2026-03-05' },
      { label: 'Payment Mode', value: 'Bank transfer' },
      { label: 'Invoice', value: 'INV-000042' },
    ],
    shipTo: null,
    sub_total: 1_000_000,
    discount_label: null,
    discount_val: 0,
    taxes: [],
    total: 1_000_000,
    amount_paid: null,
    amount_due: null,
    notes: null,
  };
}
