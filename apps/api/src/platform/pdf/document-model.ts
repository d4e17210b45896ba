import type { PdfLabelKey, PdfLayout } from '@app/contracts';
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
  /** The template's options, already resolved (pdf-templates module): colours, blocks, labels. */
  layout: PdfLayout;
  title: string;
  number: string;
  /** `label` is the English wording; the template's label for `key` replaces it. */
  fields: { key: PdfLabelKey; label: string; value: string }[];
  business: PdfParty & { logo: PdfLogo | null };
  billTo: PdfParty | null;
  shipTo: PdfParty | null;
  currency: MoneyFormat;
  lines: PdfLine[];
  sub_total: number;
  /** A percentage discount's rate ('10%'), printed after the label; null for a fixed one. No row when discount_val is 0. */
  discount_rate: string | null;
  discount_val: number;
  taxes: PdfTaxLine[];
  total: number;
  /** null: no paid/due rows (estimates). */
  amount_paid: number | null;
  amount_due: number | null;
  /** Plain text; newlines are kept. */
  notes: string | null;
};

