import { LOAN_RECONCILIATION_JOB } from '@app/contracts';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { periodicJob } from '../../platform/jobs';
import type { LenderLoan } from '../../platform/providers/financing-provider';
import { type ReconciliationDifference, recordReconciliationDifferenceInTx } from '../provider-events/provider-events.service';
import { financingProviderCredentials } from '../tenants/tenants.service';
import type { LoanRow } from './financing.repository';
import * as repo from './loan-reconciliation.repository';

/** Once a day: each tenant's loans against their ledger, and its HTTP lender's loans against ours. */
export const LOAN_RECONCILIATION_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * A closed loan of the HTTP lender is compared again while it changed in this many days here; the
 * lender's list is asked from that far back at least, so a run missed now and then loses nothing.
 */
const RECENT_MS = 7 * 24 * 60 * 60 * 1000;

const FUNDED = new Set<LoanRow['status']>(['funded', 'late', 'repaid', 'defaulted']);
const OPEN = new Set<LoanRow['status']>(['pending_funding', 'funded', 'late']);
const CLOSED = new Set<LoanRow['status']>(['repaid', 'defaulted', 'cancelled']);
const NO_POSTINGS: repo.LoanLedgerFigures = { principal: 0, fee: 0, reserve: 0, advanced: 0, feeCharged: 0 };

type Loan = Pick<LoanRow, 'id' | 'businessId' | 'invoiceId' | 'lender' | 'providerLoanId' | 'status' | 'currency' | 'principal' | 'fee'>;

function difference(loan: Loan, kind: string, figures: string, summary: string, details: Record<string, unknown>): ReconciliationDifference {
  const type = `reconciliation.${kind}`;
  return {
    key: `${type}:${loan.id}:${figures}`,
    type,
    summary,
    details: { loan_id: loan.id, invoice_id: loan.invoiceId, business_id: loan.businessId, lender: loan.lender, provider_loan_id: loan.providerLoanId, currency: loan.currency, ...details },
  };
}

/**
 * What the loan row and its own ledger postings disagree on (docs/design-notes.md, "Loan
 * reconciliation"). Amounts are minor units. A funded loan has its advance (the principal) and fee
 * posted; one that never funded has no advance; a closed loan owes nothing; an open one that owes
 * nothing should have been marked repaid.
 */
export function ledgerDifferences(loan: Loan, ledger: repo.LoanLedgerFigures): ReconciliationDifference[] {
  const found: ReconciliationDifference[] = [];
  const owed = { principal_balance: ledger.principal, fee_balance: ledger.fee };
  if (FUNDED.has(loan.status) && ledger.advanced === 0) {
    found.push(difference(loan, 'advance_missing', loan.status, `The loan is ${loan.status} but no advance is posted in the ledger.`, { status: loan.status, principal: loan.principal }));
  }
  if (!FUNDED.has(loan.status) && ledger.advanced !== 0) {
    found.push(difference(loan, 'unexpected_advance', `${loan.status}/${ledger.advanced}`, `The loan is ${loan.status} but an advance of ${ledger.advanced} is posted.`, { status: loan.status, advanced: ledger.advanced }));
  }
  if (ledger.advanced !== 0 && ledger.advanced !== loan.principal) {
    found.push(
      difference(loan, 'principal_mismatch', `${loan.principal}/${ledger.advanced}`, `The loan's principal is ${loan.principal} but the ledger advanced ${ledger.advanced}.`, { principal: loan.principal, advanced: ledger.advanced, ...owed }),
    );
  }
  if (ledger.advanced !== 0 && ledger.feeCharged !== loan.fee) {
    found.push(difference(loan, 'fee_mismatch', `${loan.fee}/${ledger.feeCharged}`, `The loan's fee is ${loan.fee} but the ledger charged ${ledger.feeCharged}.`, { fee: loan.fee, fee_charged: ledger.feeCharged, ...owed }));
  }
  if (CLOSED.has(loan.status) && ledger.principal + ledger.fee > 0) {
    found.push(difference(loan, 'receivable_left', `${loan.status}/${ledger.principal}/${ledger.fee}`, `The loan is ${loan.status} but still owes ${ledger.principal} of principal and ${ledger.fee} of fee in the ledger.`, { status: loan.status, ...owed }));
  }
  if (OPEN.has(loan.status) && ledger.advanced > 0 && ledger.principal + ledger.fee === 0) {
    found.push(difference(loan, 'settled_not_repaid', loan.status, `The ledger shows the loan repaid but it is still ${loan.status}.`, { status: loan.status, ...owed }));
  }
  return found;
}

const lenderView = (record: LenderLoan) => ({ id: record.id, status: record.status, principal: record.principal, fee: record.fee, principal_repaid: record.principalRepaid, fee_repaid: record.feeRepaid });

/** What one of the HTTP lender's loans and ours disagree on: status, amounts, and (both funded) what is still owed. */
export function lenderDifferences(loan: Loan, record: LenderLoan | undefined, ledger: repo.LoanLedgerFigures): ReconciliationDifference[] {
  if (!record) return [difference(loan, 'lender_loan_missing', 'absent', `The lender does not list loan ${loan.providerLoanId ?? ''}.`, { status: loan.status })];
  const found: ReconciliationDifference[] = [];
  const lender = lenderView(record);
  if (record.status !== loan.status) {
    found.push(difference(loan, 'lender_status_mismatch', `${loan.status}/${record.status}`, `The loan is ${loan.status} here but ${record.status} at the lender.`, { status: loan.status, lender_record: lender }));
  }
  if (record.principal !== loan.principal || record.fee !== loan.fee || record.currency !== loan.currency) {
    found.push(
      difference(loan, 'lender_amounts_mismatch', `${loan.principal}/${loan.fee}/${record.principal}/${record.fee}/${record.currency}`, `The loan's principal and fee are ${loan.principal} and ${loan.fee} here but ${record.principal} and ${record.fee} ${record.currency} at the lender.`, {
        principal: loan.principal,
        fee: loan.fee,
        lender_record: lender,
      }),
    );
  }
  const theirs = { principal: record.principal - record.principalRepaid, fee: record.fee - record.feeRepaid };
  if (FUNDED.has(loan.status) && FUNDED.has(record.status) && (theirs.principal !== ledger.principal || theirs.fee !== ledger.fee)) {
    found.push(
      difference(loan, 'lender_balance_mismatch', `${ledger.principal}/${ledger.fee}/${theirs.principal}/${theirs.fee}`, `The ledger says ${ledger.principal} of principal and ${ledger.fee} of fee are owed; the lender says ${theirs.principal} and ${theirs.fee}.`, {
        principal_balance: ledger.principal,
        fee_balance: ledger.fee,
        lender_record: lender,
      }),
    );
  }
  return found;
}

/** A loan the lender lists that no loan here names: accepted at the lender but never recorded, or another system's. */
function unknownLenderLoan(record: LenderLoan): ReconciliationDifference {
  const type = 'reconciliation.lender_loan_unknown';
  return { key: `${type}:${record.id}`, type, summary: `The lender lists loan ${record.id} (${record.status}) that no loan here names.`, details: { invoice_id: record.invoiceReference, lender_record: lenderView(record) } };
}

/**
 * The daily loan reconciliation: every tenant's loans against their ledger postings, and the loans
 * of its HTTP lender (lender `provider`) against the lender's own records (`listLoans`). Each
 * difference is listed on the admin events screen once (source `reconciliation`); a run that finds
 * it again adds nothing. The lender is asked for the loans changed since the oldest loan still
 * open or changed lately here, so each of those must be in its answer.
 */
export function createLoanReconciliation(app: AppContext, onError: (tenantId: string, error: unknown) => void) {
  async function lenderComparison(tenantId: string, rows: readonly LoanRow[], figures: Map<string, repo.LoanLedgerFigures>, now: Date): Promise<ReconciliationDifference[]> {
    const credentials = await financingProviderCredentials(app, tenantId);
    if (!credentials) return [];
    const recent = now.getTime() - RECENT_MS;
    const provided = rows.filter((row) => row.lender === 'provider' && row.providerLoanId !== null);
    const tracked = provided.filter((row) => OPEN.has(row.status) || row.updatedAt.getTime() >= recent);
    const since = Math.min(recent, ...tracked.map((row) => row.createdAt.getTime()));
    const records = await app.financingProviders(credentials).listLoans(new Date(since).toISOString());
    const byId = new Map(records.map((record) => [record.id, record]));
    const known = new Set(provided.map((row) => row.providerLoanId));
    const found = tracked.flatMap((row) => lenderDifferences(row, byId.get(row.providerLoanId ?? ''), figures.get(row.id) ?? NO_POSTINGS));
    for (const record of records) if (!known.has(record.id)) found.push(unknownLenderLoan(record));
    return found;
  }

  /** One tenant's run; returns how many differences it listed for the first time. */
  async function reconcileTenant(tenantId: string): Promise<number> {
    const now = app.clock.now();
    const { rows, figures } = await inTenant(app.db, tenantId, async (tx) => {
      const loans = await repo.tenantLoans(tx, tenantId);
      return { rows: loans, figures: await repo.loanLedgerFigures(tx, tenantId, loans.map((loan) => loan.id)) };
    });
    const found = rows.flatMap((row) => ledgerDifferences(row, figures.get(row.id) ?? NO_POSTINGS));
    try {
      found.push(...(await lenderComparison(tenantId, rows, figures, now)));
    } catch (error) {
      // The lender being down does not hold back what the ledger alone shows; tomorrow's run asks again.
      onError(tenantId, error);
    }
    return inTenant(app.db, tenantId, async (tx) => {
      let listed = 0;
      for (const item of found) if (await recordReconciliationDifferenceInTx(tx, tenantId, item, now)) listed += 1;
      return listed;
    });
  }

  async function run(): Promise<number> {
    let listed = 0;
    for (const tenantId of await repo.tenantsWithLoans(app.db)) {
      try {
        listed += await reconcileTenant(tenantId);
      } catch (error) {
        onError(tenantId, error);
      }
    }
    return listed;
  }

  return { reconcileTenant, ...periodicJob(app.jobs, LOAN_RECONCILIATION_JOB, run) };
}

export type LoanReconciliation = ReturnType<typeof createLoanReconciliation>;
