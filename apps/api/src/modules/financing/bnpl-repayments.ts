import { type LoanResource, currencyByCode, financingMessages } from '@app/contracts';
import { formatMoney } from '@app/domain';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit, systemActor } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { periodicJob } from '../../platform/jobs';
import { AMENDABLE_PAYMENT_STATUSES, type PaymentProvider } from '../../platform/providers/payment-provider';
import { templatedMail } from '../email-templates/email-templates.port';
import { createLedgerService } from '../ledger/ledger.service';
import type { SavedMethodService } from '../saved-methods/saved-methods.service';
import { paymentProviderSettings } from '../tenants/tenants.service';
import { addDays, today } from './financing-rules';
import { changeLoan } from './loan-events';
import * as repo from './financing.repository';
import { type LoanLedger, createLoanLedger } from './loan-ledger';
import { createLoanReadsService } from './loan-reads.service';
import * as repayments from './loan-repayments.repository';

export const BNPL_REPAYMENTS_JOB = 'bnpl-repayments';
/** The job's rule: a refused charge is tried again a day later, three tries in all; then the borrower repays from the loan page. */
export const BNPL_REPAY_TRIES = 3;
export const BNPL_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;
/** The borrower is told this many days before the repay date. */
export const BNPL_REMIND_DAYS_BEFORE = 3;
/** A loan still late this many days after its repay date is written off: the lender stops counting on it (and the exposure limits stop counting it). */
export const BNPL_WRITE_OFF_AFTER_DAYS = 90;
/** A confirmation cut short (the process ended between the two steps) is made again this much later; the provider's key makes that safe. */
const CONFIRM_AGAIN_AFTER_MS = 5 * 60 * 1000;
/** A bank debit on its way is asked after this often until it settles or is returned. */
const PROCESSING_CHECK_MS = 6 * 60 * 60 * 1000;
const BATCH = 200;

export type BnplRepaymentDependencies = { methods: Pick<SavedMethodService, 'ownMethodInTx'> };

/** Which of the borrower's mails (the `stage` of the `loan_repayment` template): before the repay date, repaid, charge failed after it, written off. */
type RepaymentStage = 'upcoming' | 'repaid' | 'overdue' | 'defaulted';

function amountText(amount: number, currency: string): string {
  const format = currencyByCode(currency);
  return format ? formatMoney(amount, format) : `${amount} ${currency}`;
}

/**
 * Repaying a BNPL loan (issue 18 item 4; docs/design-notes.md, "BNPL on the ledger"): on the repay
 * date the job charges the borrower's chosen saved method, off-session on the platform's account
 * (the lender's money), for what the ledger says it owes; the borrower may repay earlier. A try is
 * a row stored with the provider's payment attempt before it is confirmed, keyed at the provider
 * by the loan and the try, so a crash, a second worker or a double click charges once. The money
 * is posted to the loan (fee, then principal) only when the provider says the charge succeeded;
 * a bank debit is asked after until it settles. The borrower is mailed before the repay date and
 * when a charge failed after it.
 */
export function createBnplRepayments(app: AppContext, deps: BnplRepaymentDependencies, loanLedger: LoanLedger = createLoanLedger(createLedgerService(app))) {
  const loanReads = createLoanReadsService(app);

  async function providerOf(tx: Tx | null, tenantId: string): Promise<PaymentProvider | null> {
    const settings = tx ? await paymentProviderSettings(app, tenantId, tx) : await paymentProviderSettings(app, tenantId);
    return settings ? app.paymentProviders(settings.credentials) : null;
  }

  /** `amount` is what was charged, will be charged or is still owed, as `stage` says; `reason`, why the last charge failed. */
  async function mailBorrowerInTx(tx: Tx, loan: repo.LoanRow, view: LoanResource, stage: RepaymentStage, amount: number, reason: string | null = null): Promise<void> {
    const contact = await repayments.borrowerContact(tx, loan.tenantId, loan.businessId);
    if (!contact?.email) return;
    const mail = await templatedMail(tx, loan.tenantId, 'loan_repayment', {
      to: contact.email,
      variables: {
        business_name: contact.name,
        stage,
        invoice_number: view.invoice.invoice_number,
        vendor_name: view.invoice.counterparty_name,
        amount: amountText(amount, loan.currency),
        repay_date: loan.dueDate,
        reason,
        default_after_days: BNPL_WRITE_OFF_AFTER_DAYS,
      },
      secrets: [],
    });
    await app.outbox.write(tx, loan.tenantId, mail);
  }

  /** The loan moves to late when a charge on or after its repay date did not go through. */
  async function markLateInTx(tx: Tx, loan: repo.LoanRow, reason: string): Promise<void> {
    if (loan.status !== 'funded' || loan.dueDate > today(app.clock.now())) return;
    await changeLoan(tx, app.webhookEvents, loan, { status: 'late' });
    await recordAudit(tx, systemActor(loan.tenantId, loan.businessId), { model: 'loan', modelId: loan.id, action: 'updated', before: { status: loan.status }, after: { status: 'late', reason } });
  }

  /** The provider said the charge succeeded: the money is posted to the loan (fee, then principal) and the loan is repaid when nothing is owed. */
  async function settleInTx(tx: Tx, row: repayments.RepaymentRow): Promise<void> {
    const loan = await repo.lockLoan(tx, row.tenantId, row.loanId);
    if (!loan) return;
    const now = app.clock.now();
    const before = await loanLedger.balancesInTx(tx, loan);
    const after = await loanLedger.collectInTx(tx, loan, before.collected + row.amount, today(now));
    await repayments.updateRepayment(tx, row.tenantId, row.id, { status: 'succeeded', checkAt: null, message: null });
    if (after.principal === 0 && after.fee === 0 && loan.status !== 'repaid') {
      await changeLoan(tx, app.webhookEvents, loan, { status: 'repaid', repaidAt: now });
      await recordAudit(tx, systemActor(loan.tenantId, loan.businessId), { model: 'loan', modelId: loan.id, action: 'updated', before: { status: loan.status }, after: { status: 'repaid', repayment_id: row.id } });
    }
    const view = await loanReads.loanOfRowInTx(tx, loan);
    await mailBorrowerInTx(tx, loan, view, 'repaid', row.amount);
  }

  /** A refused try: its `checkAt` says when the job may try again (none after the last try). */
  async function failInTx(tx: Tx, row: repayments.RepaymentRow, reason: string): Promise<void> {
    const retryAt = row.try < BNPL_REPAY_TRIES ? new Date(app.clock.now().getTime() + BNPL_RETRY_AFTER_MS) : null;
    await repayments.updateRepayment(tx, row.tenantId, row.id, { status: 'failed', checkAt: retryAt, message: reason });
    const loan = await repo.lockLoan(tx, row.tenantId, row.loanId);
    if (loan) await markLateInTx(tx, loan, reason);
  }

  /**
   * Step one, in one transaction under the loan's lock: the try stored with its payment attempt.
   * Answers the try to confirm, or why none was made (`early` asks now, whatever the date).
   */
  async function prepare(tenantId: string, loanId: string, early: { scope: BusinessScope; methodId: string | null } | null): Promise<repayments.RepaymentRow | { none: string }> {
    return inTenant(app.db, tenantId, async (tx) => {
      const loan = await repo.lockLoan(tx, tenantId, loanId);
      if (!loan || (early && loan.businessId !== early.scope.businessId)) throw AppError.notFound();
      // A tenant's lender collects its BNPL loans from the borrower itself: charging here would take the money twice.
      if (loan.product !== 'bnpl' || loan.lender !== 'platform' || !(repayments.REPAYABLE_STATUSES as readonly string[]).includes(loan.status)) return { none: financingMessages.notRepayable };
      const tries = await repayments.repaymentsOfLoan(tx, tenantId, loan.id);
      if (tries.some((one) => one.status === 'confirming' || one.status === 'processing')) return { none: financingMessages.repaymentInProgress };
      const now = app.clock.now();
      const last = tries[0];
      if (!early && last?.status === 'failed' && (last.checkAt === null || last.checkAt > now)) return { none: 'Not due for another try.' };
      const owed = await loanLedger.balancesInTx(tx, loan);
      const amount = owed.principal + owed.fee;
      if (amount <= 0) return { none: financingMessages.notRepayable };
      const methodId = early?.methodId ?? loan.repaymentMethodId;
      const method = methodId ? await deps.methods.ownMethodInTx(tx, { tenantId, businessId: loan.businessId }, methodId) : null;
      const provider = await providerOf(tx, tenantId);
      if (!method || !provider) {
        const reason = method ? financingMessages.notAvailable : financingMessages.paymentMethodRequired;
        if (early) throw AppError.validation('selectedPaymentMethod', reason);
        await markLateInTx(tx, loan, reason);
        return { none: reason };
      }
      if (method.id !== loan.repaymentMethodId) await repo.updateLoan(tx, tenantId, loan.id, { repaymentMethodId: method.id });
      const tryNumber = (last?.try ?? 0) + 1;
      const intentId = await provider.createOffSessionAttempt(
        {
          amount,
          currency: loan.currency.toLowerCase(),
          customerId: method.providerCustomerId,
          paymentMethodId: method.providerMethodId,
          destinationAccountId: null,
          applicationFee: 0,
          description: 'Repayment of a BNPL loan',
          metadata: { tenant_id: tenantId, loan_id: loan.id, repayment_try: String(tryNumber) },
        },
        `bnpl-repay:${loan.id}:${tryNumber}`,
      );
      return repayments.insertRepayment(tx, {
        tenantId,
        id: newId(),
        loanId: loan.id,
        businessId: loan.businessId,
        try: tryNumber,
        amount,
        providerIntentId: intentId,
        status: 'confirming',
        checkAt: new Date(now.getTime() + CONFIRM_AGAIN_AFTER_MS),
      });
    });
  }

  /** Step two: confirmed with the payer absent; what the provider answers decides the try. */
  async function confirm(row: repayments.RepaymentRow): Promise<void> {
    const provider = await providerOf(null, row.tenantId);
    if (!provider) return;
    const answer = await provider.confirmOffSessionAttempt(row.providerIntentId, `bnpl-repay:${row.providerIntentId}:confirm`);
    if (!('charged' in answer)) {
      // The refused attempt is closed, so a later try is a new one and this one can never succeed behind it.
      const current = await provider.retrievePaymentAttempt(row.providerIntentId);
      if (AMENDABLE_PAYMENT_STATUSES.includes(current.status)) await provider.cancelPaymentAttempt(row.providerIntentId, `bnpl-repay:${row.providerIntentId}:cancel`);
    }
    await inTenant(app.db, row.tenantId, async (tx) => {
      const locked = await repayments.lockRepayment(tx, row.tenantId, row.id);
      if (locked?.status !== 'confirming') return;
      if (!('charged' in answer)) return failInTx(tx, locked, answer.refused);
      if (answer.charged === 'succeeded') return settleInTx(tx, locked);
      await repayments.updateRepayment(tx, row.tenantId, row.id, { status: 'processing', checkAt: new Date(app.clock.now().getTime() + PROCESSING_CHECK_MS) });
    });
  }

  /** A try the job looks at again: confirmed again when cut short, or asked after while a bank debit is on its way. */
  async function check(ref: repayments.LoanRef): Promise<void> {
    const row = await inTenant(app.db, ref.tenantId, (tx) => repayments.lockRepayment(tx, ref.tenantId, ref.id));
    if (!row) return;
    if (row.status === 'confirming') return confirm(row);
    if (row.status !== 'processing') return;
    const provider = await providerOf(null, row.tenantId);
    if (!provider) return;
    const attempt = await provider.retrievePaymentAttempt(row.providerIntentId);
    await inTenant(app.db, row.tenantId, async (tx) => {
      const locked = await repayments.lockRepayment(tx, row.tenantId, row.id);
      if (locked?.status !== 'processing') return;
      if (attempt.status === 'succeeded') return settleInTx(tx, locked);
      if (attempt.status === 'processing') return repayments.updateRepayment(tx, row.tenantId, row.id, { checkAt: new Date(app.clock.now().getTime() + PROCESSING_CHECK_MS) });
      return failInTx(tx, locked, attempt.lastErrorMessage ?? 'The bank debit was returned.');
    });
  }

  async function remind(ref: repayments.LoanRef): Promise<boolean> {
    return inTenant(app.db, ref.tenantId, async (tx) => {
      const loan = await repo.lockLoan(tx, ref.tenantId, ref.id);
      if (!loan || loan.product !== 'bnpl' || loan.lender !== 'platform') return false;
      const now = app.clock.now();
      const view = await loanReads.loanOfRowInTx(tx, loan);
      if (loan.status === 'funded' && !loan.remindedBeforeAt) {
        await repo.updateLoan(tx, loan.tenantId, loan.id, { remindedBeforeAt: now });
        await mailBorrowerInTx(tx, loan, view, 'upcoming', view.total_balance);
        return true;
      }
      if (loan.status === 'late' && !loan.remindedOverdueAt) {
        await repo.updateLoan(tx, loan.tenantId, loan.id, { remindedOverdueAt: now });
        const [last] = await repayments.repaymentsOfLoan(tx, loan.tenantId, loan.id);
        await mailBorrowerInTx(tx, loan, view, 'overdue', view.total_balance, last?.message ? last.message : null);
        return true;
      }
      return false;
    });
  }

  /**
   * A loan still late `BNPL_WRITE_OFF_AFTER_DAYS` after its repay date, with no charge on its way:
   * what it owes is written off in the ledger (against the lender's funds and its fee income), the
   * loan is `defaulted` and the borrower is told. Answers whether it was written off.
   */
  async function writeOff(ref: repayments.LoanRef): Promise<boolean> {
    return inTenant(app.db, ref.tenantId, async (tx) => {
      const loan = await repo.lockLoan(tx, ref.tenantId, ref.id);
      const now = app.clock.now();
      if (!loan || loan.product !== 'bnpl' || loan.lender !== 'platform' || loan.status !== 'late' || addDays(loan.dueDate, BNPL_WRITE_OFF_AFTER_DAYS) > today(now)) return false;
      const tries = await repayments.repaymentsOfLoan(tx, loan.tenantId, loan.id);
      if (tries.some((one) => one.status === 'confirming' || one.status === 'processing')) return false;
      const view = await loanReads.loanOfRowInTx(tx, loan);
      await loanLedger.writeOffInTx(tx, loan, `loan:${loan.id}:write_off`, today(now));
      await changeLoan(tx, app.webhookEvents, loan, { status: 'defaulted', closedAt: now });
      await recordAudit(tx, systemActor(loan.tenantId, loan.businessId), { model: 'loan', modelId: loan.id, action: 'updated', before: { status: loan.status }, after: { status: 'defaulted', written_off: view.total_balance } });
      await mailBorrowerInTx(tx, loan, view, 'defaulted', view.total_balance);
      return true;
    });
  }

  /** One run: tries cut short or on their way, loans come due, reminders, write-offs; each its own transaction, so one failure holds back nothing else. */
  async function run(onError: (error: unknown) => void = () => undefined): Promise<{ checked: number; tried: number; reminded: number; writtenOff: number }> {
    const now = app.clock.now();
    const result = { checked: 0, tried: 0, reminded: 0, writtenOff: 0 };
    const guarded = async (work: () => Promise<unknown>) => work().catch((error: unknown) => onError(error));
    for (const ref of await repayments.repaymentsToCheck(app.db, now, BATCH)) {
      await guarded(() => check(ref));
      result.checked += 1;
    }
    for (const ref of await repayments.loansDue(app.db, today(now), BATCH)) {
      await guarded(async () => {
        const prepared = await prepare(ref.tenantId, ref.id, null);
        if ('none' in prepared) return;
        result.tried += 1;
        await confirm(prepared);
      });
    }
    for (const ref of await repayments.loansToRemind(app.db, addDays(today(now), BNPL_REMIND_DAYS_BEFORE), BATCH)) {
      await guarded(async () => {
        if (await remind(ref)) result.reminded += 1;
      });
    }
    for (const ref of await repayments.loansToWriteOff(app.db, addDays(today(now), -BNPL_WRITE_OFF_AFTER_DAYS), BATCH)) {
      await guarded(async () => {
        if (await writeOff(ref)) result.writtenOff += 1;
      });
    }
    return result;
  }

  return {
    run,
    job: (onError?: (error: unknown) => void) => periodicJob(app.jobs, BNPL_REPAYMENTS_JOB, () => run(onError)),

    /** POST /business/bnpl/loans/{id}/repay: repays now (before the repay date, or after a refused charge), with the chosen method or another saved one. */
    async repayNow(actor: AuditActor, scope: BusinessScope, loanId: string, methodId: string | null): Promise<LoanResource> {
      const prepared = await prepare(scope.tenantId, loanId, { scope, methodId });
      if ('none' in prepared) throw AppError.conflict(prepared.none);
      await inTenant(app.db, scope.tenantId, (tx) => recordAudit(tx, actor, { model: 'loan', modelId: loanId, action: 'updated', before: { event: null }, after: { event: 'repayment_requested', repayment_id: prepared.id, amount: prepared.amount } }));
      await confirm(prepared);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const loan = await repo.lockLoan(tx, scope.tenantId, loanId);
        if (!loan) throw AppError.notFound();
        return loanReads.loanOfRowInTx(tx, loan);
      });
    },
  };
}

export type BnplRepayments = ReturnType<typeof createBnplRepayments>;
