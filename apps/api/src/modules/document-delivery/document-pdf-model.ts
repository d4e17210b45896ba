import { type DocumentParty, type InvoiceResource, type PdfLayout, type ResolvedBusinessSettings, currencyById } from '@app/contracts';
import type { MoneyFormat } from '@app/domain';
import type { PdfDocumentModel, PdfLogo, PdfTaxLine } from '../../platform/pdf';
import type { DeliverableDocument, DeliveryAdapter, PdfBody } from './delivery-adapter';
import type { IssuingBusiness } from './document-delivery.repository';
import { formatAddress } from './document-formatting';

export function moneyFormatOf(currencyId: number): MoneyFormat {
  const currency = currencyById(currencyId);
  if (!currency) throw new Error(`Unknown currency ${currencyId}`);
  return currency;
}

/** The itemized documents' fields the PDF body reads (invoices and estimates). */
type ItemizedDocument = Pick<InvoiceResource, 'discount_type' | 'discount' | 'discount_val' | 'sub_total' | 'total' | 'taxes' | 'items' | 'notes'>;

function taxLines(taxes: ItemizedDocument['taxes']): PdfTaxLine[] {
  return taxes.map((tax) => ({ name: tax.name, percent: tax.percent, taxable: tax.taxable, amount: tax.amount }));
}


/** A per-item discount shows its rate under the amount; a fixed one needs no label. */
function lineDiscountLabel(item: ItemizedDocument['items'][number]): string | null {
  return item.discount_type === 'percentage' && item.discount_val !== 0 ? `${item.discount}%` : null;
}

function hasAddress(address: DocumentParty['shipping_address']): boolean {
  return address !== null && Object.values(address).some((value) => value !== null && value !== '');
}

/** The item table and totals of an invoice or estimate; `payment` adds the paid and due rows. */
export function itemizedBody(document: ItemizedDocument, payment: { paid: number; due: number } | null): PdfBody {
  return {
    lines: document.items.map((item) => ({
      name: item.name,
      description: item.description,
      quantity: item.quantity,
      price: item.price,
      discount_label: lineDiscountLabel(item),
      discount_val: item.discount_val,
      discount_share: item.document_discount_share,
      taxes: taxLines(item.taxes),
      total: item.total,
    })),
    sub_total: document.sub_total,
    discount_rate: document.discount_type === 'percentage' ? `${document.discount}%` : null,
    discount_val: document.discount_val,
    taxes: taxLines(document.taxes),
    total: document.total,
    amount_paid: payment?.paid ?? null,
    amount_due: payment?.due ?? null,
    notes: document.notes,
    parties: 'bill_and_ship',
  };
}

/** The renderer's model of one document, laid out with the issuing business's address formats. */
export function toPdfModel<Document extends DeliverableDocument, View>(
  adapter: DeliveryAdapter<Document, View>,
  document: Document,
  business: IssuingBusiness,
  settings: ResolvedBusinessSettings,
  layout: PdfLayout,
  logo: PdfLogo | null,
): PdfDocumentModel {
  const recipient = adapter.recipient(document);
  const { parties, ...body } = adapter.body(document);
  const showShipTo = parties === 'bill_and_ship' && hasAddress(recipient.shipping_address);
  return {
    ...body,
    kind: adapter.kind,
    layout,
    title: adapter.title(document),
    number: adapter.number(document),
    fields: adapter.fields(document),
    business: { name: business.name, lines: formatAddress(settings.invoice_company_address_format, business.billingAddress), logo },
    billTo: parties === 'none' ? null : { name: recipient.name, lines: formatAddress(settings.invoice_billing_address_format, recipient.billing_address) },
    shipTo: showShipTo ? { name: recipient.name, lines: formatAddress(settings.invoice_shipping_address_format, recipient.shipping_address) } : null,
    currency: moneyFormatOf(document.currency_id),
  };
}
