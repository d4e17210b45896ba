import type { MoneyFormat } from '@app/domain';

/** What the invoice, estimate and payment services hand to the renderer: text already formatted, amounts in minor units. */
export type PdfKind = 'invoice' | 'estimate' | 'payment';

/** A tax as applied: on the document, a rate's whole taxable amount and tax; on a line, the line's part of it and its share. */
export type PdfTaxLine = { name: string; percent: string; taxable: number; amount: number };

/** Address lines already formatted (street, city/state/zip, country, phone, email). */
export type PdfParty = { name: string; lines: string[] };

export type PdfLogo = { bytes: Buffer; mime: 'image/png' | 'image/jpeg' };

export type PdfLine = {
  name: string;
  description: string | null;
  quantity: string;
  price: number;
  discount_label: string | null;
  discount_val: number;
  /** The line's share of the document discount (taken off before its taxes). */
  discount_share: number;
  taxes: PdfTaxLine[];
  total: number;
};

export type PdfDocumentModel = {
  kind: PdfKind;
  /** A template name from listPdfTemplates(kind); an unknown name falls back to the kind's default. */
  template: string;
  title: string;
  number: string;
  fields: { label: string; value: string }[];
  business: PdfParty & { logo: PdfLogo | null };
  billTo: PdfParty | null;
  shipTo: PdfParty | null;
  currency: MoneyFormat;
  lines: PdfLine[];
  sub_total: number;
  /** e.g. 'Discount (10%)'; null = no discount row. */
  discount_label: string | null;
  discount_val: number;
  taxes: PdfTaxLine[];
  total: number;
  /** null: no paid/due rows (estimates). */
  amount_paid: number | null;
  amount_due: number | null;
  /** Plain text; newlines are kept. */
  notes: string | null;
  footer: string | null;
};

export type PdfTemplateInfo = { name: string; label: string; kind: PdfKind; is_default: boolean };
