import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type BnplFundRequest,
  type BnplRepayRequest,
  type FactoringFundRequest,
  type LoanProduct,
  type LoanStatus,
  approvedInvoiceAmountSchema,
  bnplFundResponseSchema,
  bnplLoanOfferResponseSchema,
  bnplRepayResponseSchema,
  factoringFundResponseSchema,
  factoringLoanOfferResponseSchema,
  loanStatsSchema,
  loanTransactionsResponseSchema,
  loansResponseSchema,
} from '@app/contracts';
import { api } from '../../lib/api-client';
import { invoiceKeys } from '../../lib/queries/document-keys';

export const LOANS_PAGE_SIZE = 15;
export const MOVEMENTS_PAGE_SIZE = 25;

const factoringPath = (invoiceId: string) => `/business/factoring/${encodeURIComponent(invoiceId)}`;
const bnplPath = (invoiceId: string) => `/business/bnpl/${encodeURIComponent(invoiceId)}`;

/**
 * What the loan-balance page reads lives under `['financing', 'balances']`, so a funded loan
 * refreshes balances, loans and movements at once; an offer sits apart, since asking for it again
 * once it is taken would be refused.
 */
export const financingKeys = {
  balances: ['financing', 'balances'] as const,
  stats: (product: LoanProduct) => ['financing', 'balances', 'stats', product] as const,
  loans: (product: LoanProduct, page: number) => ['financing', 'balances', 'loans', product, page] as const,
  movements: (product: LoanProduct) => ['financing', 'balances', 'movements', product] as const,
  approvedAmount: ['financing', 'balances', 'approved-invoice-amount'] as const,
  factoringOffer: (invoiceId: string) => ['financing', 'factoring-offer', invoiceId] as const,
  platformLoans: (filters: PlatformLoanFilters, page: number) => ['financing', 'platform', 'loans', filters, page] as const,
  platformStats: ['financing', 'platform', 'stats'] as const,
};

/** The admin loans page's filters; each left out lists every value. */
export type PlatformLoanFilters = { product?: LoanProduct | undefined; status?: LoanStatus | undefined; businessId?: string | undefined };

/** Every loan of the tenant (tenant admins), newest first, a page at a time. */
export function usePlatformLoans(filters: PlatformLoanFilters, page: number) {
  return useQuery({
    queryKey: financingKeys.platformLoans(filters, page),
    queryFn: ({ signal }) =>
      api.get('/platform/loans', loansResponseSchema, { query: { product: filters.product, status: filters.status, business_id: filters.businessId, page, limit: LOANS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The tenant's balances per product and its exposure: principal owed per borrowing business and currency. */
export function usePlatformLoanStats() {
  return useQuery({
    queryKey: financingKeys.platformStats,
    queryFn: ({ signal }) => api.get('/platform/loan-stats', loanStatsSchema, { signal }),
  });
}

export function useLoanStats(product: LoanProduct) {
  return useQuery({
    queryKey: financingKeys.stats(product),
    queryFn: ({ signal }) => api.get('/loan-stats', loanStatsSchema, { query: { product }, signal }),
  });
}

export function useLoans(product: LoanProduct, page: number) {
  return useQuery({
    queryKey: financingKeys.loans(product, page),
    queryFn: ({ signal }) => api.get('/loans', loansResponseSchema, { query: { product, page, limit: LOANS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A product's ledger movements, newest first; each further page starts after the cursor the last one answered. */
export function useLoanMovements(product: LoanProduct) {
  return useInfiniteQuery({
    queryKey: financingKeys.movements(product),
    queryFn: ({ signal, pageParam }) => api.get('/loan-transactions', loanTransactionsResponseSchema, { query: { product, limit: MOVEMENTS_PAGE_SIZE, after: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
}

export function useApprovedInvoiceAmount() {
  return useQuery({
    queryKey: financingKeys.approvedAmount,
    queryFn: ({ signal }) => api.get('/approved-invoice-amount', approvedInvoiceAmountSchema, { signal }),
  });
}

/**
 * The lender's offer for an outgoing invoice. The server answers the open offer while it lasts,
 * so asking again (after an expiry) is how the wizard gets a new one.
 */
export function useFactoringOffer(invoiceId: string) {
  return useQuery({
    queryKey: financingKeys.factoringOffer(invoiceId),
    queryFn: ({ signal }) => api.get(`${factoringPath(invoiceId)}/loan-offer`, factoringLoanOfferResponseSchema, { signal }),
    // Asked once per visit: once taken, asking again would be refused, and a later visit asks anew.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** Takes the advance. `idempotencyKey` names the attempt: a retry of the same request sends the same key, so the server funds once. */
export function useFundFactoring(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: FactoringFundRequest; idempotencyKey: string }) =>
      api.post(`${factoringPath(invoiceId)}/loan-fund`, factoringFundResponseSchema, body, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: financingKeys.balances }),
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
      ]),
  });
}

/**
 * Asks the lender for a BNPL offer on an incoming invoice for `days_to_defer`. A mutation, not a
 * cached query: the wizard asks on "Next" for the days chosen then, and keeps the answer in its state.
 */
export function useBnplOffer(invoiceId: string) {
  return useMutation({
    mutationFn: async (daysToDefer: number) => (await api.get(`${bnplPath(invoiceId)}/loan-offer`, bnplLoanOfferResponseSchema, { query: { days_to_defer: daysToDefer } })).data,
  });
}

/** Defers the invoice: the lender pays the vendor now. `idempotencyKey` names the attempt, so a retry of the same request funds once. */
export function useFundBnpl(invoiceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: BnplFundRequest; idempotencyKey: string }) =>
      (await api.post(`${bnplPath(invoiceId)}/loan-fund`, bnplFundResponseSchema, body, { headers: { 'Idempotency-Key': idempotencyKey } })).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: financingKeys.balances }),
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
      ]),
  });
}

/** Repays a BNPL loan now with the method chosen for it, or the saved one named; the balances read again whatever the answer. */
export function useRepayBnpl(loanId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BnplRepayRequest) => (await api.post(`/business/bnpl/loans/${encodeURIComponent(loanId)}/repay`, bnplRepayResponseSchema, body)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: financingKeys.balances }),
  });
}
