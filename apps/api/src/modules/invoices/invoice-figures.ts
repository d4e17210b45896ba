import { type ApprovedInvoiceAmount, type InvoiceStats, currencyById } from '@app/contracts';
import { type RateSource, todayInTimeZone } from '@app/domain';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import type { BusinessScope } from '../../platform/business-scope';
import { type DocumentBusiness, loadDocumentBusiness } from '../documents/document-business';
import { converterInto } from '../exchange-rates/exchange-rates.service';
import * as repo from './invoices.repository';

/**
 * Figures that add up invoices of several currencies, in the business currency by the same
 * conversion as the dashboard (so the list's figures match its cards). Read in the caller's
 * transaction.
 */

/** The list's four figures for one direction; `today` in the business's time zone decides what is overdue. */
export async function invoiceStats(tx: Tx, scope: BusinessScope, business: DocumentBusiness, direction: 'outgoing' | 'incoming', today: string): Promise<InvoiceStats> {
  const sums = await repo.invoiceStatSums(tx, scope, direction, today);
  const converter = await converterInto(tx, scope, business.currencyId);
  // An incoming invoice carries its issuer's rate, not this business's.
  const rates: RateSource = direction === 'outgoing' ? 'stored' : 'current';
  return {
    inDraft: converter.convert(sums.inDraft, rates),
    totalPaid: converter.convert(sums.totalPaid, rates),
    totalDue: converter.convert(sums.totalDue, rates),
    totalOverDue: converter.convert(sums.totalOverDue, rates),
    currency_id: business.currencyId,
    unconverted_currency_ids: converter.unconvertedIds(),
  };
}

/** What the business approved as a customer and still owes, at its current rates (currencies without one are left out). */
export async function approvedAmount(tx: Tx, scope: BusinessScope, business: DocumentBusiness): Promise<number> {
  return (await converterInto(tx, scope, business.currencyId)).convert(await repo.approvedSums(tx, scope), 'current');
}

/** Approved outgoing invoices the business could finance now (see `financeableSums`), per currency, unconverted. */
export async function financeableAmounts(tx: Tx, scope: BusinessScope): Promise<ApprovedInvoiceAmount['amounts']> {
  const sums = await repo.financeableSums(tx, scope);
  return sums.map((sum) => {
    const currency = currencyById(sum.currencyId);
    if (!currency) throw new Error(`Invoices name currency ${sum.currencyId}, which the reference data does not have`);
    return { currency_code: currency.code, amount: sum.amount, invoice_count: sum.invoiceCount };
  });
}

/** The figures as use cases of the invoice service, each in its own transaction. */
export function createInvoiceFigures(app: AppContext) {
  return {
    /** The list's four figures, in the business currency by the dashboard's conversion (so they match its cards). */
    stats: (scope: BusinessScope, direction: 'outgoing' | 'incoming'): Promise<InvoiceStats> =>
      inTenant(app.db, scope.tenantId, async (tx) => {
        const business = await loadDocumentBusiness(tx, scope.tenantId, scope.businessId);
        return invoiceStats(tx, scope, business, direction, todayInTimeZone(app.clock.now(), business.settings.time_zone));
      }),
    /** GET /approved-invoice-amount: the spec's figure (what the business approved as a customer and owes, in its currency) and what it could finance, per currency. */
    approvedAmounts: (scope: BusinessScope): Promise<ApprovedInvoiceAmount> =>
      inTenant(app.db, scope.tenantId, async (tx) => ({
        invoice_approval_amount: await approvedAmount(tx, scope, await loadDocumentBusiness(tx, scope.tenantId, scope.businessId)),
        amounts: await financeableAmounts(tx, scope),
      })),
  };
}
