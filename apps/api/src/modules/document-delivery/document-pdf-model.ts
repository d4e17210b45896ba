import { type ResolvedBusinessSettings, currencyById } from '@app/contracts';
import type { MoneyFormat } from '@app/domain';
import type { PdfDocumentModel, PdfLogo, PdfTaxLine } from '../../platform/pdf';
import type { DeliverableDocument, DeliveryAdapter } from './delivery-adapter';
import type { IssuingBusiness } from './document-delivery.repository';
import { formatAddress } from './document-formatting';

export function moneyFormatOf(currencyId: number): MoneyFormat {
  const currency = currencyById(currencyId);
  if (!currency) throw new Error(`Unknown currency ${currencyId}`);
  return currency;
}

function taxLines(taxes: DeliverableDocument['taxes']): PdfTaxLine[] {
  return taxes.map((tax) => ({ name: tax.name, percent: tax.percent, amount: tax.amount }));
}

function discountLabel(type: DeliverableDocument['discount_type'], discount: string): string {
  return type === 'percentage' ? `Discount (${discount}%)` : 'Discount';
}

/** A per-item discount shows its rate under the amount; a fixed one needs no label. */
function lineDiscountLabel(item: DeliverableDocument['items'][number]): string | null {
  return item.discount_type === 'percentage' && item.discount_val !== 0 ? `${item.discount}%` : null;
}

function hasAddress(address: DeliverableDocument['customer']['shipping_address']): boolean {
  return address !== null && Object.values(address).some((value) => value !== null && value !== '');
}

/** The renderer's model of one document, laid out with the issuing business's address formats. */
export function toPdfModel<Document extends DeliverableDocument>(
  adapter: DeliveryAdapter<Document>,
  document: Document,
  business: IssuingBusiness,
  settings: ResolvedBusinessSettings,
  logo: PdfLogo | null,
): PdfDocumentModel {
  const customer = document.customer;
  const payment = adapter.payment(document);
  return {
    kind: adapter.kind,
    template: document.template_name,
    title: adapter.title,
    number: adapter.number(document),
    fields: adapter.fields(document),
    business: { name: business.name, lines: formatAddress(settings.invoice_company_address_format, business.billingAddress), logo },
    billTo: { name: customer.name, lines: formatAddress(settings.invoice_billing_address_format, customer.billing_address) },
    shipTo: hasAddress(customer.shipping_address) ? { name: customer.name, lines: formatAddress(settings.invoice_shipping_address_format, customer.shipping_address) } : null,
    currency: moneyFormatOf(document.currency_id),
    lines: document.items.map((item) => ({
      name: item.name,
      description: item.description,
      quantity: item.quantity,
      price: item.price,
      discount_label: lineDiscountLabel(item),
      discount_val: item.discount_val,
      taxes: taxLines(item.taxes),
      total: item.total,
    })),
    sub_total: document.sub_total,
    discount_label: document.discount_val !== 0 ? discountLabel(document.discount_type, document.discount) : null,
    discount_val: document.discount_val,
    taxes: taxLines(document.taxes),
    total: document.total,
    amount_paid: payment?.paid ?? null,
    amount_due: payment?.due ?? null,
    notes: document.notes,
    footer: null,
  };
}
