/** The customer business's pay pages (spec section 2). */
export const customerPayPaths = {
  pay: (invoiceId: string) => `/customer/invoices/pay/${encodeURIComponent(invoiceId)}`,
  approvePay: (invoiceId: string) => `/customer/invoices/approve-pay/${encodeURIComponent(invoiceId)}`,
} as const;

/** The pay page reached with a business (id or slug) in the path: it selects that business first. */
export function customerPaymentPath(business: string, invoiceId: string): string {
  return `/${encodeURIComponent(business)}/customer/invoices/payment/${encodeURIComponent(invoiceId)}`;
}
