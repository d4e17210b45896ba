export const invoiceStatuses = ['draft', 'open', 'sent', 'viewed', 'approved', 'rejected', 'void', 'overdue', 'completed'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export const invoicePaidStatuses = ['unpaid', 'partially_paid', 'paid'] as const;
export type InvoicePaidStatus = (typeof invoicePaidStatuses)[number];
export const estimateStatuses = ['draft', 'open', 'sent', 'viewed', 'approved', 'rejected', 'expired', 'void'] as const;
export type EstimateStatus = (typeof estimateStatuses)[number];
