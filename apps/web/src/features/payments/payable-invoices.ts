import { useQuery } from '@tanstack/react-query';
import { dataResponse, invoiceListResponseSchema, invoiceResourceSchema } from '@app/contracts';
import type { ServerOption, ServerOptionsQuery } from '../../components/server-select';
import { api } from '../../lib/api-client';
import { formatDocumentMoney } from '../../lib/money';
import { invoiceKeys } from '../../lib/queries/document-keys';

/** Incoming invoices are not filtered by vendor on the server, so one larger page is searched here. */
const INCOMING_SEARCH_LIMIT = 100;
const OUTGOING_SEARCH_LIMIT = 15;

/** What the picker needs to know of the counterparty: the customer record, or the vendor's business. */
export type PayableFor = { direction: 'received'; customerId: string } | { direction: 'made'; vendorBusinessId: string };

export function payableInvoiceLabel(invoice: { invoice_number: string; due_amount: number; currency_id: number }, due: (amount: string) => string): string {
  return `${invoice.invoice_number} · ${due(formatDocumentMoney(invoice.due_amount, invoice.currency_id))}`;
}

/**
 * The open, unpaid invoices a payment may settle: for a payment received, the business's own
 * invoices to that customer; for a payment made, that vendor's invoices addressed to the business.
 */
export function payableInvoiceOptions(payable: PayableFor, due: (amount: string) => string): ServerOptionsQuery {
  return async (search, signal) => {
    const incoming = payable.direction === 'made';
    const list = await api.get('/invoices', invoiceListResponseSchema, {
      query: {
        type: incoming ? 'incoming' : 'outgoing',
        tab_status: 'open',
        customer_id: incoming ? undefined : payable.customerId,
        invoice_number: search || undefined,
        limit: incoming ? INCOMING_SEARCH_LIMIT : OUTGOING_SEARCH_LIMIT,
      },
      signal,
    });
    return list.data
      .filter((invoice) => !incoming || invoice.business.id === payable.vendorBusinessId)
      .map((invoice): ServerOption => ({ value: invoice.id, label: payableInvoiceLabel(invoice, due) }));
  };
}

export function payableInvoicesKey(payable: PayableFor | null): readonly unknown[] {
  return [...invoiceKeys.all, 'payable', payable];
}

/** The chosen invoice with its current amounts (shared with the invoice view's cache). */
export function usePayableInvoice(id: string | null) {
  return useQuery({
    queryKey: invoiceKeys.one(id ?? ''),
    queryFn: async ({ signal }) => (await api.get(`/invoices/${encodeURIComponent(id ?? '')}`, dataResponse(invoiceResourceSchema), { signal })).data,
    enabled: id !== null,
  });
}
