import type { Tx } from '../../db/client';
import { type DepositEstimateRow, lockDepositEstimate } from '../estimates/estimate-deposits';
import { type PaidInvoiceRow, lockPaidInvoices } from '../invoices/invoice-payments';
import * as repo from './online-payments.repository';

/** The stored intent an event names, with what it pays: an invoice, or an estimate's deposit (exactly one is set). */
export type LockedIntent = { row: repo.OnlineIntentRow; invoice: PaidInvoiceRow; estimate: null } | { row: repo.OnlineIntentRow; invoice: null; estimate: DepositEstimateRow };

/**
 * The stored intent an event names and what it pays, both locked until the transaction ends: the
 * invoice (or the estimate) first, then the intent, the order a payer's start takes them (it locks
 * the invoice, then updates the open intent). Taken the other way round, an event and a start on
 * one invoice each held what the other waited for, and PostgreSQL ended the event's transaction as
 * a deadlock (seen with 20 concurrent payers: the payment stayed unbooked until the inbox's retry).
 */
export async function lockSubjectThenIntent(tx: Tx, tenantId: string, providerIntentId: string): Promise<LockedIntent | null> {
  const found = await repo.findByProviderIntentId(tx, tenantId, providerIntentId);
  if (!found) return null;
  if (found.invoiceId) {
    const invoice = (await lockPaidInvoices(tx, tenantId, [found.invoiceId])).get(found.invoiceId);
    const row = await repo.lockByProviderIntentId(tx, tenantId, providerIntentId);
    return invoice && row ? { row, invoice, estimate: null } : null;
  }
  const estimate = found.estimateId ? await lockDepositEstimate(tx, tenantId, found.estimateId) : undefined;
  const row = await repo.lockByProviderIntentId(tx, tenantId, providerIntentId);
  return estimate && row ? { row, invoice: null, estimate } : null;
}
