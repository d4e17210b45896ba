import {
  type PaymentClaim,
  type PaymentClaimListQuery,
  type PaymentClaimListResponse,
  listMeta,
  messages,
  paymentClaimListQuerySchema,
  rejectPaymentClaimRequestSchema,
} from '@app/contracts';
import { settlePayment } from '@app/domain';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit, systemActor } from '../../platform/audit';
import { type BusinessScope, pageOffset } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import { type AmountPaidHooks, type PaidInvoiceRow, lockPayableInvoice, paidInvoiceRows, payableInvoice, toPaymentInvoice, writeAmountPaid } from '../invoices/invoice-payments';
import { type ClaimFacts, claimedMail, rejectedMail } from './payment-claim-mail';
import { recordPaymentEvents } from './payment-events';
import { settledOrFail } from './payment-rules';
import * as repo from './payment-claims.repository';
import { type PaymentRow, partialPaymentsAllowed } from './payments.repository';

export type PaymentClaimDependencies = {
  /** Runs a write in the tenant's transaction, answering a lost race on a payment number with its 422. */
  write: <T>(scope: BusinessScope, work: (tx: Tx) => Promise<T>) => Promise<T>;
  /** Records the vendor's payment received for a claim being confirmed (numbered and audited as any payment). */
  recordReceipt: (tx: Tx, actor: AuditActor, scope: BusinessScope, claim: PaymentRow, invoice: PaidInvoiceRow) => Promise<PaymentRow>;
  /** Hears of the confirmed claim's change of what was paid on the invoice (financing's waterfall). */
  paidHooks: AmountPaidHooks;
};

const facts = (claim: PaymentRow, invoice: PaidInvoiceRow): ClaimFacts => ({
  paymentNumber: claim.paymentNumber,
  paymentDate: claim.paymentDate,
  amount: claim.amount,
  currencyId: claim.currencyId,
  invoiceNumber: invoice.invoiceNumber,
});

const claimAudit = (claim: PaymentRow) => ({
  claim_status: claim.claimStatus,
  status: claim.status,
  claim_reason: claim.claimReason,
  receipt_payment_id: claim.receiptPaymentId,
});

/**
 * A payment made against a vendor's invoice is its customer's claim. It changes nothing of the
 * vendor's until the vendor confirms it: then, in one transaction with the invoice locked, the
 * vendor's payment received is recorded and the invoice's paid amounts move. Rejecting leaves the
 * invoice as it is and tells the customer. Each decision is the customer business's payment
 * event: `payment.succeeded` when confirmed, `payment.failed` (with the reason) when rejected,
 * `payment.updated` when it awaits the vendor again. `confirm` is the one entry point for confirmations:
 * the vendor's route calls it now, the payment provider's verified event will call it with a
 * system actor (no user) when online payments arrive.
 */
export function createPaymentClaims(app: AppContext, deps: PaymentClaimDependencies) {
  async function toClaims(tx: Tx, scope: BusinessScope, rows: repo.ClaimWithMode[]): Promise<PaymentClaim[]> {
    const invoices = await paidInvoiceRows(tx, scope.tenantId, rows.flatMap((row) => (row.claim.invoiceId ? [row.claim.invoiceId] : [])));
    const customers = await repo.customerNames(tx, scope, [...invoices.values()].map((invoice) => invoice.customerId));
    const deciders = await repo.userNames(tx, scope.tenantId, rows.flatMap((row) => (row.claim.claimDecidedByUserId ? [row.claim.claimDecidedByUserId] : [])));
    return rows.flatMap(({ claim, modeName }) => {
      const invoice = claim.invoiceId ? invoices.get(claim.invoiceId) : undefined;
      if (!invoice || invoice.businessId !== scope.businessId || !claim.claimStatus || !claim.claimedAt) return [];
      return [
        {
          id: claim.id,
          payment_number: claim.paymentNumber,
          payment_date: claim.paymentDate,
          amount: claim.amount,
          currency_id: claim.currencyId,
          customer: { id: invoice.customerId, name: customers.get(invoice.customerId) ?? '', business_id: claim.businessId },
          invoice: toPaymentInvoice(invoice),
          mode: modeName,
          status: claim.claimStatus,
          claimed_at: claim.claimedAt.toISOString(),
          decided_at: claim.claimDecidedAt?.toISOString() ?? null,
          decided_by: claim.claimDecidedByUserId ? (deciders.get(claim.claimDecidedByUserId) ?? null) : null,
          reason: claim.claimReason,
          receipt_payment_id: claim.receiptPaymentId,
        },
      ];
    });
  }

  async function claimOf(tx: Tx, scope: BusinessScope, id: string): Promise<PaymentClaim> {
    const row = await repo.findClaim(tx, scope, id);
    const [claim] = row ? await toClaims(tx, scope, [row]) : [];
    if (!claim) throw AppError.notFound();
    return claim;
  }

  /**
   * The decision in both audit logs: the vendor's (a claim addressed to it, with the member who
   * decided) and the customer's (its payment; the vendor's member is not named there, as the
   * customer's log shows its members' names and addresses).
   */
  async function auditDecision(tx: Tx, actor: AuditActor, before: PaymentRow, after: PaymentRow): Promise<void> {
    await recordAudit(tx, actor, { model: 'payment_claim', modelId: before.id, label: before.paymentNumber, action: 'updated', before: claimAudit(before), after: claimAudit(after) });
    const customerSide = systemActor(actor.tenantId, before.businessId);
    await recordAudit(tx, customerSide, { model: 'payment', modelId: before.id, label: before.paymentNumber, action: 'updated', before: claimAudit(before), after: claimAudit(after) });
  }

  /** Mails the vendor that its customer claims a payment on its invoice; null when the vendor has no address. */
  async function notifyClaimed(tx: Tx, claim: PaymentRow, invoice: PaidInvoiceRow): Promise<string | null> {
    const vendor = await repo.businessMailbox(tx, claim.tenantId, invoice.businessId);
    if (!vendor.email) return null;
    const customer = await repo.businessMailbox(tx, claim.tenantId, claim.businessId);
    return app.outbox.write(tx, claim.tenantId, await claimedMail(tx, claim.tenantId, { ...vendor, email: vendor.email }, customer, facts(claim, invoice)));
  }

  async function notifyRejected(tx: Tx, claim: PaymentRow, invoice: PaidInvoiceRow): Promise<string | null> {
    const customer = await repo.businessMailbox(tx, claim.tenantId, claim.businessId);
    if (!customer.email) return null;
    const vendor = await repo.businessMailbox(tx, claim.tenantId, invoice.businessId);
    return app.outbox.write(tx, claim.tenantId, await rejectedMail(tx, claim.tenantId, { ...customer, email: customer.email }, vendor, facts(claim, invoice), claim.claimReason));
  }

  /** The claim's invoice, locked; it must still be the vendor's and still addressed to the claiming customer. */
  async function lockClaimedInvoice(tx: Tx, scope: BusinessScope, claim: PaymentRow): Promise<PaidInvoiceRow> {
    const invoice = claim.invoiceId ? await lockPayableInvoice(tx, scope, claim.invoiceId) : undefined;
    if (!invoice || invoice.customerBusinessId !== claim.businessId) throw AppError.validation('invoice_id', messages.invalidInvoice);
    return invoice;
  }

  return {
    notifyClaimed,

    /** GET /payments/claims: the claims addressed to the business, newest first; 'claimed' (awaiting a decision) by default. */
    async list(scope: BusinessScope, input: PaymentClaimListQuery): Promise<PaymentClaimListResponse> {
      const query = paymentClaimListQuerySchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const filters: repo.ClaimFilters = { status: query.status, invoiceId: query.invoice_id };
        const rows = await repo.listClaims(tx, scope, filters, pageOffset(query.page, query.limit), query.limit);
        const total = await repo.countClaims(tx, scope, filters);
        const claimed = query.status === 'claimed' && !query.invoice_id ? total : await repo.countClaims(tx, scope, { status: 'claimed' });
        return { data: await toClaims(tx, scope, rows), meta: { ...listMeta(query.page, query.limit, total), claimed_count: claimed } };
      });
    },

    /**
     * Confirms a claim addressed to the business: exactly once. The claim row is locked first, so
     * a second confirm (a double click, another member) waits and then finds it confirmed and
     * answers with it unchanged; the invoice is locked next and the amount must still fit what
     * is due (the vendor may have recorded the same money itself meanwhile: 422).
     */
    async confirm(actor: AuditActor, scope: BusinessScope, id: string): Promise<PaymentClaim> {
      return deps.write(scope, async (tx) => {
        const claim = await repo.lockClaim(tx, scope, id);
        if (!claim) throw AppError.notFound();
        if (claim.claimStatus === 'confirmed') return claimOf(tx, scope, id);
        if (claim.claimStatus === 'rejected') throw AppError.validation('id', messages.claimAlreadyRejected);
        const invoice = await lockClaimedInvoice(tx, scope, claim);
        // Checked before the invoice's status: a claim on an invoice the vendor meanwhile marked paid is money already recorded.
        if (claim.amount > invoice.total - invoice.amountPaid) throw AppError.validation('amount', messages.claimExceedsDue);
        const partialPayments = await partialPaymentsAllowed(tx, scope.tenantId);
        const settled = settledOrFail(settlePayment(payableInvoice(invoice, invoice.amountPaid), claim.amount, { partialPayments }), invoice.currencyId, messages.claimExceedsDue);
        const receipt = await deps.recordReceipt(tx, actor, scope, claim, invoice);
        await writeAmountPaid(tx, actor, invoice, settled.amount_paid, deps.paidHooks);
        const confirmed = await repo.decideClaim(tx, scope.tenantId, id, {
          claimStatus: 'confirmed',
          status: 'completed',
          claimDecidedAt: app.clock.now(),
          claimDecidedByUserId: actor.userId,
          claimReason: null,
          receiptPaymentId: receipt.id,
        });
        await auditDecision(tx, actor, claim, confirmed);
        await recordPaymentEvents(tx, app.webhookEvents, ['payment.succeeded'], confirmed);
        return claimOf(tx, scope, id);
      });
    },

    /** Rejects a claim awaiting a decision (again: unchanged); the invoice is not touched, the customer is mailed. */
    async reject(actor: AuditActor, scope: BusinessScope, id: string, input: unknown): Promise<PaymentClaim> {
      const { reason } = rejectPaymentClaimRequestSchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const claim = await repo.lockClaim(tx, scope, id);
        if (!claim) throw AppError.notFound();
        if (claim.claimStatus === 'rejected') return claimOf(tx, scope, id);
        if (claim.claimStatus === 'confirmed') throw AppError.validation('id', messages.claimAlreadyConfirmed);
        const invoice = claim.invoiceId ? (await paidInvoiceRows(tx, scope.tenantId, [claim.invoiceId])).get(claim.invoiceId) : undefined;
        if (!invoice) throw AppError.notFound();
        const rejected = await repo.decideClaim(tx, scope.tenantId, id, {
          claimStatus: 'rejected',
          status: 'failed',
          claimDecidedAt: app.clock.now(),
          claimDecidedByUserId: actor.userId,
          claimReason: reason || null,
          receiptPaymentId: null,
        });
        await auditDecision(tx, actor, claim, rejected);
        await recordPaymentEvents(tx, app.webhookEvents, ['payment.failed'], rejected);
        await notifyRejected(tx, rejected, invoice);
        return claimOf(tx, scope, id);
      });
    },

    /**
     * The vendor deletes payments received that confirmed claims: those claims await its decision
     * again (the invoice loses the amount with the receipt, as for any payment received).
     */
    async reopenConfirmedBy(tx: Tx, actor: AuditActor, receiptIds: readonly string[]): Promise<void> {
      for (const claim of await repo.claimsConfirmedBy(tx, actor.tenantId, receiptIds, true)) {
        const reopened = await repo.decideClaim(tx, claim.tenantId, claim.id, {
          claimStatus: 'claimed',
          status: 'pending',
          claimDecidedAt: null,
          claimDecidedByUserId: null,
          claimReason: null,
          receiptPaymentId: null,
        });
        await auditDecision(tx, actor, claim, reopened);
        await recordPaymentEvents(tx, app.webhookEvents, ['payment.updated'], reopened);
      }
    },

    /** The claims payments received confirmed, by receipt id. */
    confirmedBy: (tx: Tx, tenantId: string, receiptIds: readonly string[]) => repo.claimsConfirmedBy(tx, tenantId, receiptIds),
  };
}

export type PaymentClaims = ReturnType<typeof createPaymentClaims>;
