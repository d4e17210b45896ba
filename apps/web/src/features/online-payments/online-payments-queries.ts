import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type LinkedBank, type OnlinePaymentMethod, bankLinkTokenSchema, cardPaymentOptionsResponseSchema, cardPaymentResponseSchema, dataResponse, documentStatusResponseSchema, invoiceResourceSchema } from '@app/contracts';
import { api } from '../../lib/api-client';
import { invoiceKeys } from '../../lib/queries/document-keys';

const invoicePath = (id: string) => `/invoices/${encodeURIComponent(id)}`;
const invoiceAnswer = dataResponse(invoiceResourceSchema);

/** The incoming invoice the pay page is about (the same cache entry as its view page). */
export function useIncomingInvoice(id: string) {
  return useQuery({
    queryKey: invoiceKeys.one(id),
    queryFn: async ({ signal }) => (await api.get(invoicePath(id), invoiceAnswer, { signal })).data,
  });
}

/** Whether the invoice's vendor takes card payments, and the pay form's amount rules, for the customer business (pay-invoice). */
export function useBusinessPayOptions(id: string, enabled = true) {
  return useQuery({
    queryKey: [...invoiceKeys.one(id), 'card-payment'] as const,
    queryFn: async ({ signal }) => (await api.get(`${invoicePath(id)}/card-payment`, cardPaymentOptionsResponseSchema, { signal })).data,
    enabled,
    retry: false,
  });
}

/** Starts (or resumes) the customer business's payment of its incoming invoice, by card or US bank account: the client secret to confirm in the browser. */
export async function startBusinessPayment(id: string, amount: number | undefined, method: OnlinePaymentMethod, bankLink?: LinkedBank) {
  const body = { method, ...(amount === undefined ? {} : { amount }), ...(bankLink ? { bank_link: bankLink } : {}) };
  return (await api.post(`${invoicePath(id)}/card-payment`, cardPaymentResponseSchema, body)).data;
}

/** Starts the customer business's payment of its incoming invoice with one of its saved methods: the attempt to confirm in the browser. */
export async function startSavedMethodPayment(id: string, savedMethodId: string) {
  return (await api.post(`${invoicePath(id)}/card-payment`, cardPaymentResponseSchema, { saved_method_id: savedMethodId })).data;
}

/** A link token to open the bank-link provider's Link with, for paying this invoice from a linked bank. */
export async function businessBankLinkToken(id: string) {
  return (await api.post(`${invoicePath(id)}/bank-link-token`, dataResponse(bankLinkTokenSchema), {})).data.link_token;
}

/** Approves the incoming invoice (approve-invoice): its new status. */
export async function approveInvoice(id: string) {
  return (await api.post(`${invoicePath(id)}/approve`, documentStatusResponseSchema)).status;
}

/** Asks for the invoices again (the lists and the view show the approval, and paid once the provider's event arrived). */
export function useRefreshInvoices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
}
