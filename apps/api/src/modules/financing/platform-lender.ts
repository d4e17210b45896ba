import { currencyById } from '@app/contracts';
import { type OfferRefusal, bnplOffer, financingOffer, minimumTotal } from '@app/domain';
import type { Tx } from '../../db/client';
import { type FinancedInvoiceRow, payerHistory } from '../invoices/invoice-financing';
import { financingSettings } from '../tenants/tenants.service';
import * as repo from './financing.repository';
import type { LoanLedger } from './loan-ledger';

/** How long a platform offer can be accepted: a day, so it is never taken on a stale history or exposure. */
export const PLATFORM_OFFER_TTL_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type PlatformOffer = Pick<repo.OfferInsert, 'principal' | 'fee' | 'feeBpsPer30Days' | 'feePeriods' | 'termDays' | 'expiresAt'>;

/** Days from `today` to the due date (an invoice without one, or already due, is financed for one period). */
export function daysToDue(today: string, dueDate: string | null): number {
  if (!dueDate) return 1;
  return Math.max(1, Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS));
}

/**
 * The platform lender: the tenant lends its own money by the offer rule (`financingOffer`) with
 * its risk policy (tenant settings), the paying business's history on the network (the invoices
 * service) and the principal already out, read from the ledger.
 */
export function createPlatformLender(loanLedger: LoanLedger) {
  /** Principal out for `businessId`: as the business that borrows, and on invoices it must pay as a customer. */
  async function exposureOf(tx: Tx, tenantId: string, businessId: string, customerBusinessId: string | null, currency: string) {
    return {
      business: await loanLedger.principalOutstandingInTx(tx, await repo.openLoans(tx, tenantId, { businessId }, currency)),
      customer: customerBusinessId ? await loanLedger.principalOutstandingInTx(tx, await repo.openLoans(tx, tenantId, { counterpartyBusinessId: customerBusinessId }, currency)) : 0,
    };
  }

  return {
    /**
     * BNPL: the business that received the invoice defers paying it for `days`; the whole amount
     * due is lent (the vendor is paid in full), by its own history as a payer and its principal out
     * both as a borrower and as the customer of factored invoices (`bnplOffer`).
     */
    async bnplOfferInTx(tx: Tx, invoice: FinancedInvoiceRow, borrowerBusinessId: string, currency: string, days: number, now: Date): Promise<{ ok: true; offer: PlatformOffer } | { ok: false; reason: OfferRefusal }> {
      // A borrower whose deferral was written off is not lent to again.
      if (await repo.hasDefaultedBnplLoan(tx, invoice.tenantId, borrowerBusinessId)) return { ok: false, reason: 'late_payer' };
      const { riskPolicy } = await financingSettings(tx, invoice.tenantId);
      const history = await payerHistory(tx, invoice.tenantId, borrowerBusinessId);
      const exposure = await exposureOf(tx, invoice.tenantId, borrowerBusinessId, borrowerBusinessId, currency);
      const precision = currencyById(invoice.currencyId)?.precision ?? 2;
      const result = bnplOffer({ dueAmount: invoice.dueAmount, days, policy: riskPolicy, history, exposure, minimum: minimumTotal(precision) });
      if (!result.ok) return result;
      const { offer } = result;
      return { ok: true, offer: { principal: offer.principal, fee: offer.fee, feeBpsPer30Days: offer.feeBps, feePeriods: offer.periods, termDays: days, expiresAt: new Date(now.getTime() + PLATFORM_OFFER_TTL_MS) } };
    },

    async offerInTx(tx: Tx, invoice: FinancedInvoiceRow, currency: string, now: Date): Promise<{ ok: true; offer: PlatformOffer } | { ok: false; reason: OfferRefusal }> {
      const { riskPolicy } = await financingSettings(tx, invoice.tenantId);
      const history = await payerHistory(tx, invoice.tenantId, invoice.customerBusinessId);
      const exposure = await exposureOf(tx, invoice.tenantId, invoice.businessId, invoice.customerBusinessId, currency);
      const days = daysToDue(now.toISOString().slice(0, 10), invoice.dueDate);
      const precision = currencyById(invoice.currencyId)?.precision ?? 2;
      const result = financingOffer({ dueAmount: invoice.dueAmount, days, policy: riskPolicy, history, exposure, minimum: minimumTotal(precision) });
      if (!result.ok) return result;
      const { offer } = result;
      return {
        ok: true,
        offer: { principal: offer.principal, fee: offer.fee, feeBpsPer30Days: offer.feeBps, feePeriods: offer.periods, termDays: days, expiresAt: new Date(now.getTime() + PLATFORM_OFFER_TTL_MS) },
      };
    },
  };
}
