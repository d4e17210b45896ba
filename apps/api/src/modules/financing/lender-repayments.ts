import { z } from 'zod';
import type { Tx } from '../../db/client';
import { afterCommit, inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { financingProviderCredentials } from '../tenants/tenants.service';
import * as repo from './financing.repository';
import type { LoanRepayment } from './loan-ledger';

/** The job that tells a tenant's lender about money its loan collected through us. */
export const LENDER_REPAYMENT_JOB = 'lender-repayment-report';

const reportSchema = z.object({ tenantId: z.string().min(1), loanId: z.string().min(1), externalId: z.string().min(1), amount: z.number().int().positive() });
type RepaymentReport = z.infer<typeof reportSchema>;

/**
 * The lender's share of a factored invoice's payment, reported to the tenant's lender
 * (`reportRepayment`) after the payment's transaction commits, never inside it: a slow or failed
 * lender neither holds the payment's locks nor undoes it. The job retries with the queue's
 * backoff; its idempotency key is the collection's ledger external id, so a retry (or a second
 * job for the same posting) is one repayment at the lender.
 */
export function createLenderRepayments(app: AppContext) {
  async function report(data: RepaymentReport): Promise<void> {
    const found = await inTenant(app.db, data.tenantId, async (tx) => ({
      loan: await repo.lockLoan(tx, data.tenantId, data.loanId),
      credentials: await financingProviderCredentials(app, data.tenantId, tx),
    }));
    // A loan gone, not the lender's, or a tenant whose lender was removed: there is no one to tell.
    if (!found.loan?.providerLoanId || found.loan.lender !== 'provider' || !found.credentials) return;
    await app.financingProviders(found.credentials).reportRepayment(found.loan.providerLoanId, { amount: data.amount, reference: data.externalId }, `repayment:${data.externalId}`);
  }

  return {
    async registerJob(): Promise<void> {
      await app.jobs.register(LENDER_REPAYMENT_JOB, async (data) => report(reportSchema.parse(data)));
    },

    /** Queues the report once `tx` commits (nothing when it rolls back). */
    reportAfterCommit(tx: Tx, loan: repo.LoanRow, repayment: LoanRepayment): void {
      const job: RepaymentReport = { tenantId: loan.tenantId, loanId: loan.id, externalId: repayment.externalId, amount: repayment.amount };
      // An after-commit task must not throw; a report the queue refused is left to the lender reconciliation (not built yet).
      const queued = afterCommit(tx, () => app.jobs.send(LENDER_REPAYMENT_JOB, job, { singletonKey: repayment.externalId }).catch(() => undefined));
      if (!queued) throw new Error('A repayment report needs a tenant transaction to follow');
    },
  };
}
