import { type EstimateDeposit, type EstimateDepositRequest, currencyById, estimateDepositMessages, estimateDepositRequestSchema, messages } from '@app/contracts';
import { amountTooSmallMessage, minimumTotal } from '@app/domain';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import type { AuditActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import type { DocumentCore } from '../documents/document-core';
import type { PaymentService } from '../payments/payments.service';
import { onlinePaymentRules } from '../tenants/tenants.service';
import * as repo from './estimates.repository';

/** What deposits need of the payments module: what was paid, and carrying it to the invoice on conversion. */
export type DepositPayments = Pick<PaymentService['deposits'], 'paidOf' | 'hasAny' | 'attachToInvoiceInTx'>;

/** What deposits need of the online-payments module (which owns the provider's intents), passed in where the app is built. */
export type DepositIntents = {
  /** Bank debits on the estimate's deposit still processing (not booked). */
  processingInTx(tx: Tx, tenantId: string, estimateId: string): Promise<number>;
  /**
   * Under the estimate's lock, before its deposit changes or it converts: an open deposit intent is
   * canceled at the provider. False when a payer confirmed it already (being authenticated,
   * processing, or paid and its event not in yet): that money is on its way, and the caller waits.
   */
  closeOpenInTx(tx: Tx, tenantId: string, estimateId: string): Promise<boolean>;
};

export type DepositEstimateRow = repo.EstimateRow;

/** Any estimate of the tenant, locked: a deposit's payment and its event take the estimate first, then the intent (as invoices do). */
export function lockDepositEstimate(tx: Tx, tenantId: string, id: string): Promise<DepositEstimateRow | undefined> {
  return repo.findEstimateInTenant(tx, tenantId, id, true);
}

/** Half up, in integers: `percent` has at most two decimals, so it is taken in hundredths of a percent. */
export function depositOfPercent(total: number, percent: number): number {
  const hundredths = BigInt(Math.round(percent * 100));
  return Number((BigInt(total) * hundredths + 5000n) / 10000n);
}

/** Why the estimate's deposit cannot be paid now, or null when it can; `paid` and `processing` come from its payments and intents. */
export function depositRefusal(row: DepositEstimateRow, enabled: boolean, paid: number, processing: number): string | null {
  if (!enabled) return estimateDepositMessages.disabled;
  if (row.convertedInvoiceId) return messages.estimateAlreadyConverted;
  if (row.status !== 'approved') return estimateDepositMessages.notApproved;
  if (row.depositAmount === null) return estimateDepositMessages.noDeposit;
  if (processing > 0) return estimateDepositMessages.inProgress;
  if (row.depositAmount - paid <= 0) return estimateDepositMessages.nothingDue;
  return null;
}

/**
 * Deposits on approved estimates (issue 17, item 7; docs/design-notes.md "Estimate deposits"): the
 * vendor asks an amount (or a percent of the total, stored as the amount it makes), at least the
 * currency's minimum and at most the total; the customer pays it online (online-payments module);
 * what was paid is always read from the payments that name the estimate, and the conversion
 * carries them to the invoice.
 */
export function createEstimateDeposits(app: AppContext, core: DocumentCore<repo.EstimateRow>, deps: { payments: DepositPayments; intents: DepositIntents }) {
  async function viewInTx(tx: Tx, row: DepositEstimateRow, enabled: boolean): Promise<EstimateDeposit> {
    const { paid, payments } = await deps.payments.paidOf(tx, row.tenantId, row.id);
    const processing = await deps.intents.processingInTx(tx, row.tenantId, row.id);
    return {
      estimate_id: row.id,
      currency_id: row.currencyId,
      requested_amount: row.depositAmount,
      paid_amount: paid,
      processing_amount: processing,
      due_amount: row.depositAmount === null ? 0 : Math.max(row.depositAmount - paid, 0),
      payable: depositRefusal(row, enabled, paid, processing) === null,
      enabled,
      converted_invoice_id: row.convertedInvoiceId,
      payments,
    };
  }

  /** The vendor's own estimate, locked, with the checks every change of its deposit makes. */
  async function changeable(tx: Tx, scope: BusinessScope, id: string, enabled: boolean): Promise<DepositEstimateRow> {
    const row = await core.ownOrFail(tx, scope, id);
    if (!enabled) throw AppError.validation('deposit', estimateDepositMessages.disabled);
    if (row.convertedInvoiceId) throw AppError.validation('deposit', messages.estimateAlreadyConverted);
    if ((await deps.payments.paidOf(tx, scope.tenantId, id)).paid > 0) throw AppError.validation('deposit', estimateDepositMessages.alreadyPaid);
    return row;
  }

  async function write(actor: AuditActor, scope: BusinessScope, id: string, amountOf: ((row: DepositEstimateRow) => number) | null): Promise<EstimateDeposit> {
    // Read before the transaction (the embedded database has one connection).
    const { estimatePayments } = await onlinePaymentRules(app.db, scope.tenantId);
    return core.write(scope, async (tx) => {
      const before = await changeable(tx, scope, id, estimatePayments);
      const depositAmount = amountOf ? amountOf(before) : null;
      // A payer's open payment was for the old amount: it goes (at the provider, so only once the change is known to be valid), unless it is already on its way.
      if (!(await deps.intents.closeOpenInTx(tx, scope.tenantId, id))) throw AppError.conflict(estimateDepositMessages.inProgress);
      const after = await repo.updateEstimate(tx, scope.tenantId, id, { depositAmount });
      await core.audit.updated(tx, actor, before, after, { event: depositAmount === null ? 'deposit_withdrawn' : 'deposit_requested' });
      return viewInTx(tx, after, estimatePayments);
    });
  }

  return {
    /** PUT /estimates/{id}/deposit (edit-estimate): asks a deposit on the business's approved estimate, or changes the one not yet paid. */
    request(actor: AuditActor, scope: BusinessScope, id: string, input: EstimateDepositRequest): Promise<EstimateDeposit> {
      const body = estimateDepositRequestSchema.parse(input);
      return write(actor, scope, id, (row) => {
        if (row.status !== 'approved') throw AppError.validation('status', estimateDepositMessages.notApproved);
        const amount = body.amount ?? depositOfPercent(row.total, body.percent ?? 0);
        const currency = currencyById(row.currencyId);
        if (!currency) throw AppError.validation('amount', messages.invalidCurrency);
        if (amount > row.total) throw AppError.validation('amount', estimateDepositMessages.aboveTotal);
        if (amount < minimumTotal(currency.precision)) throw AppError.validation('amount', amountTooSmallMessage(currency));
        return amount;
      });
    },

    /** DELETE /estimates/{id}/deposit (edit-estimate): no deposit is asked any more; refused once something was paid (refund it first). */
    withdraw(actor: AuditActor, scope: BusinessScope, id: string): Promise<EstimateDeposit> {
      return write(actor, scope, id, null);
    },

    /** GET /estimates/{id}/deposit (view-estimate): the business's own estimate or one addressed to it. */
    async get(scope: BusinessScope, id: string): Promise<EstimateDeposit> {
      const { estimatePayments } = await onlinePaymentRules(app.db, scope.tenantId);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const row = (await repo.findOwnEstimate(tx, scope, id)) ?? (await repo.findAddressedEstimate(tx, scope, id));
        if (!row) throw AppError.notFound();
        return viewInTx(tx, row, estimatePayments);
      });
    },

    /** The deposit in the caller's transaction (the online-payments module's answers), for a row it read. */
    viewInTx,

    /** Conversion, before the invoice is made: no deposit payment may still be on its way. */
    async beforeConversionInTx(tx: Tx, row: DepositEstimateRow): Promise<void> {
      if (!(await deps.intents.closeOpenInTx(tx, row.tenantId, row.id))) throw AppError.conflict(estimateDepositMessages.convertWhileInProgress);
    },

    /** Conversion, once the invoice exists: the deposit payments are the invoice's too. */
    afterConversionInTx: (tx: Tx, actor: AuditActor, scope: BusinessScope, row: DepositEstimateRow, invoiceId: string) => deps.payments.attachToInvoiceInTx(tx, actor, scope, row.id, invoiceId),

    /**
     * Voiding or rejecting an estimate that holds deposit money would leave the money with the
     * vendor and no document to carry it: refused until the deposit is refunded. A deposit intent
     * no payer confirmed is canceled first; one on its way refuses the change until it ends.
     */
    async beforeClosingInTx(tx: Tx, row: DepositEstimateRow): Promise<void> {
      if (row.convertedInvoiceId) return;
      if (!(await deps.intents.closeOpenInTx(tx, row.tenantId, row.id))) throw AppError.conflict(estimateDepositMessages.inProgress);
      const { paid } = await deps.payments.paidOf(tx, row.tenantId, row.id);
      if (paid > 0) throw AppError.validation('status', estimateDepositMessages.closeWithDeposit);
    },

    /** An estimate not converted keeps the deposit payments that name it: deleting it is refused (the vendor converts it, or refunds and voids it). */
    async refuseDelete(tx: Tx, rows: readonly DepositEstimateRow[]): Promise<void> {
      for (const row of rows) if (!row.convertedInvoiceId && (await deps.payments.hasAny(tx, row.tenantId, row.id))) throw AppError.validation('id', estimateDepositMessages.deleteWithDeposit);
    },
  };
}

export type EstimateDeposits = ReturnType<typeof createEstimateDeposits>;

/** For code that builds the estimates service with no payment provider behind it (the demo's seed, tests): no intent was ever made. */
export const noOnlineIntents: DepositIntents = { processingInTx: async () => 0, closeOpenInTx: async () => true };
