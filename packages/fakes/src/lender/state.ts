import { randomBytes } from 'node:crypto';
import type { LenderWebhookDispatcher } from './webhooks.js';
import { LenderApiError, type LenderApprovalObject, type LenderEvent, type LenderEventType, type LenderLoanObject, type LenderOfferObject, type LenderProduct } from './wire.js';

/** The lender's terms; every figure can be set when the fake starts. */
export type LenderTerms = {
  /** What each approved company may owe at once, in minor units of `currency`. */
  creditLimit: number;
  currency: string;
  /** The share of the amount due advanced, in basis points (8000 = 80 %). */
  advanceRateBps: number;
  /** The fee per started 30 days, in basis points of the principal. */
  feeBpsPer30Days: number;
  /** The longest BNPL deferral (days) and factoring term the lender takes. */
  maxDeferralDays: number;
  /** How long an offer can be accepted (ms). */
  offerTtlMs: number;
  termsUrl: string | null;
};

export type CompanyInput = { partner_company_uuid: string; company_name: string; country: string | null; email: string | null };
export type OfferInput = {
  product: LenderProduct;
  termDays: number;
  invoice: { partner_invoice_uuid: string; invoice_number: string; currency: string; total: number; due_amount: number; issue_date: string; due_date: string | null; company: CompanyInput; counterparty: CompanyInput };
};

type Company = CompanyInput & { declinedReason: string | null };
type Offer = LenderOfferObject & { borrower: string; status: 'open' | 'accepted' };
type Loan = LenderLoanObject & { borrower: string; updatedAt: number };

const OPEN_STATUSES = new Set(['pending_funding', 'funded', 'late']);

export function lenderId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The fee for `principal` over `termDays`: per started 30 days, rounded up to the minor unit. */
export function feeFor(principal: number, feeBps: number, termDays: number): number {
  const periods = Math.max(1, Math.ceil(termDays / 30));
  return Math.ceil((principal * feeBps * periods) / 10_000);
}

/** Companies, approvals, offers and loans, and the events their changes send. */
export class LenderBook {
  readonly companies = new Map<string, Company>();
  readonly offers = new Map<string, Offer>();
  readonly loans = new Map<string, Loan>();
  readonly events: LenderEvent[] = [];
  readonly declinedInvoices = new Set<string>();
  fundingDelayMs: number | null;
  readonly #timers = new Set<NodeJS.Timeout>();

  constructor(
    readonly terms: LenderTerms,
    fundingDelayMs: number | null,
    private readonly dispatcher: LenderWebhookDispatcher,
    private readonly now: () => number,
  ) {
    this.fundingDelayMs = fundingDelayMs;
  }

  /** Creates the company and its application once; later submissions change its details only. */
  submitApplication(input: CompanyInput): LenderApprovalObject {
    const known = this.companies.get(input.partner_company_uuid);
    this.companies.set(input.partner_company_uuid, { ...input, declinedReason: known?.declinedReason ?? null });
    return this.approval(input.partner_company_uuid);
  }

  approval(reference: string): LenderApprovalObject {
    const company = this.companies.get(reference);
    if (company === undefined) throw new LenderApiError(404, 'not_found', `No company with partner_company_uuid ${reference}.`);
    const declined = company.declinedReason !== null;
    return {
      partner_company_uuid: reference,
      status: declined ? 'declined' : 'approved',
      credit_limit: declined ? 0 : this.terms.creditLimit,
      currency: this.terms.currency,
      reason: company.declinedReason,
    };
  }

  declineCompany(reference: string, reason: string | null): void {
    const company = this.companies.get(reference) ?? { partner_company_uuid: reference, company_name: reference, country: null, email: null, declinedReason: null };
    this.companies.set(reference, { ...company, declinedReason: reason });
  }

  /** What the borrower owes on loans not yet closed. */
  outstanding(borrower: string): number {
    let total = 0;
    for (const loan of this.loans.values()) if (loan.borrower === borrower && OPEN_STATUSES.has(loan.status)) total += loan.principal - loan.principalRepaid;
    return total;
  }

  createOffer(input: OfferInput): LenderOfferObject {
    const { invoice, termDays, product } = input;
    if (termDays < 1 || termDays > this.terms.maxDeferralDays) throw new LenderApiError(422, 'invalid_request', `term_days must be between 1 and ${this.terms.maxDeferralDays}.`);
    if (invoice.due_amount <= 0 || invoice.due_amount > invoice.total) throw new LenderApiError(422, 'invalid_request', 'due_amount must be positive and at most total.');
    if (invoice.currency.toLowerCase() !== this.terms.currency.toLowerCase()) throw new LenderApiError(422, 'declined', `Only ${this.terms.currency} invoices are financed.`);
    const borrower = this.companies.get(invoice.company.partner_company_uuid) ?? { ...invoice.company, declinedReason: null };
    this.companies.set(borrower.partner_company_uuid, borrower);
    if (borrower.declinedReason !== null) throw new LenderApiError(422, 'declined', borrower.declinedReason);
    if (this.declinedInvoices.has(invoice.partner_invoice_uuid)) throw new LenderApiError(422, 'declined', 'This invoice is not eligible for financing.');
    const available = this.terms.creditLimit - this.outstanding(borrower.partner_company_uuid);
    // PayLater pays the vendor the whole amount due, the fee on top for the borrower; FundNow advances part of it.
    const principal = product === 'bnpl' ? (invoice.due_amount <= available ? invoice.due_amount : 0) : this.#largestPrincipal(invoice.due_amount, termDays, available);
    if (principal <= 0) throw new LenderApiError(422, 'declined', 'The credit limit is used up.');
    const offer: Offer = {
      id: lenderId('ofr'),
      product,
      invoiceReference: invoice.partner_invoice_uuid,
      currency: invoice.currency,
      principal,
      fee: feeFor(principal, this.terms.feeBpsPer30Days, termDays),
      feeBpsPer30Days: this.terms.feeBpsPer30Days,
      termDays,
      termsUrl: this.terms.termsUrl,
      expiresAt: new Date(this.now() + this.terms.offerTtlMs).toISOString(),
      borrower: borrower.partner_company_uuid,
      status: 'open',
    };
    this.offers.set(offer.id, offer);
    return offerView(offer);
  }

  /** Within the advance rate and the limit, leaving room in the amount due for the fee. */
  #largestPrincipal(dueAmount: number, termDays: number, available: number): number {
    let principal = Math.min(Math.floor((dueAmount * this.terms.advanceRateBps) / 10_000), available);
    while (principal > 0 && principal + feeFor(principal, this.terms.feeBpsPer30Days, termDays) > dueAmount) principal -= 1;
    return principal;
  }

  acceptOffer(offerId: string, amount: number): LenderLoanObject {
    const offer = this.offers.get(offerId);
    if (offer === undefined) throw new LenderApiError(404, 'not_found', `No offer ${offerId}.`);
    if (offer.status !== 'open') throw new LenderApiError(409, 'offer_not_open', 'This offer was already accepted.');
    if (Date.parse(offer.expiresAt) <= this.now()) throw new LenderApiError(409, 'offer_expired', 'This offer has expired.');
    if (!Number.isInteger(amount) || amount < 1 || amount > offer.principal) throw new LenderApiError(422, 'invalid_request', `amount must be between 1 and ${offer.principal}.`);
    if (this.companies.get(offer.borrower)?.declinedReason != null) throw new LenderApiError(422, 'declined', 'The company is no longer approved.');
    if (amount > this.terms.creditLimit - this.outstanding(offer.borrower)) throw new LenderApiError(422, 'declined', 'The credit limit is used up.');
    offer.status = 'accepted';
    const loan: Loan = {
      id: lenderId('loan'),
      offerId,
      product: offer.product,
      invoiceReference: offer.invoiceReference,
      status: 'pending_funding',
      currency: offer.currency,
      principal: amount,
      fee: feeFor(amount, offer.feeBpsPer30Days, offer.termDays),
      principalRepaid: 0,
      feeRepaid: 0,
      fundedAt: null,
      dueDate: isoDate(this.now() + offer.termDays * 86_400_000),
      repaidAt: null,
      borrower: offer.borrower,
      updatedAt: this.now(),
    };
    this.loans.set(loan.id, loan);
    if (this.fundingDelayMs !== null) this.#later(this.fundingDelayMs, () => this.fund(loan.id));
    return loanView(loan);
  }

  loan(loanId: string): Loan {
    const loan = this.loans.get(loanId);
    if (loan === undefined) throw new LenderApiError(404, 'not_found', `No loan ${loanId}.`);
    return loan;
  }

  /** Loans changed at or after `since`, in id order after `startingAfter`. */
  listLoans(since: number | null, startingAfter: string | null, limit: number): { data: LenderLoanObject[]; has_more: boolean } {
    const changed = [...this.loans.values()].filter((loan) => since === null || loan.updatedAt >= since).sort((a, b) => a.id.localeCompare(b.id));
    const after = startingAfter === null ? changed : changed.filter((loan) => loan.id > startingAfter);
    return { data: after.slice(0, limit).map(loanView), has_more: after.length > limit };
  }

  /** The disbursement: only a loan still waiting is funded (a cancelled one stays cancelled). */
  fund(loanId: string): void {
    const loan = this.loan(loanId);
    if (loan.status !== 'pending_funding') return;
    loan.status = 'funded';
    loan.fundedAt = new Date(this.now()).toISOString();
    this.#changed(loan, 'loan.funded');
  }

  /** Money for the lender: fee first, then principal. */
  repay(loanId: string, amount: number): LenderLoanObject {
    const loan = this.loan(loanId);
    if (loan.status !== 'funded' && loan.status !== 'late') throw new LenderApiError(409, 'loan_not_open', `The loan is ${loan.status}.`);
    const owed = loan.principal + loan.fee - loan.principalRepaid - loan.feeRepaid;
    if (!Number.isInteger(amount) || amount < 1 || amount > owed) throw new LenderApiError(422, 'invalid_request', `amount must be between 1 and ${owed}.`);
    const toFee = Math.min(amount, loan.fee - loan.feeRepaid);
    loan.feeRepaid += toFee;
    loan.principalRepaid += amount - toFee;
    const repaid = loan.feeRepaid === loan.fee && loan.principalRepaid === loan.principal;
    if (repaid) {
      loan.status = 'repaid';
      loan.repaidAt = new Date(this.now()).toISOString();
    }
    this.#changed(loan, repaid ? 'loan.repaid' : 'loan.repayment');
    return loanView(loan);
  }

  /** What the lender decides on its own: late, defaulted, cancelled. */
  setStatus(loanId: string, status: 'late' | 'defaulted' | 'cancelled'): LenderLoanObject {
    const loan = this.loan(loanId);
    const allowed = status === 'cancelled' ? loan.status === 'pending_funding' || loan.status === 'funded' : OPEN_STATUSES.has(loan.status) && loan.status !== 'pending_funding';
    if (!allowed) throw new LenderApiError(409, 'loan_not_open', `A ${loan.status} loan cannot become ${status}.`);
    loan.status = status;
    this.#changed(loan, `loan.${status}`);
    return loanView(loan);
  }

  close(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  #changed(loan: Loan, type: LenderEventType): void {
    loan.updatedAt = this.now();
    const event: LenderEvent = { id: lenderId('evt'), type, created: Math.floor(this.now() / 1000), livemode: false, data: { object: loanView(loan) } };
    this.events.push(event);
    this.dispatcher.dispatch(event);
  }

  #later(delayMs: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      run();
    }, delayMs);
    timer.unref();
    this.#timers.add(timer);
  }
}

function offerView(offer: Offer): LenderOfferObject {
  return {
    id: offer.id,
    product: offer.product,
    invoiceReference: offer.invoiceReference,
    currency: offer.currency,
    principal: offer.principal,
    fee: offer.fee,
    feeBpsPer30Days: offer.feeBpsPer30Days,
    termDays: offer.termDays,
    termsUrl: offer.termsUrl,
    expiresAt: offer.expiresAt,
  };
}

export function loanView(loan: Loan): LenderLoanObject {
  return {
    id: loan.id,
    offerId: loan.offerId,
    product: loan.product,
    invoiceReference: loan.invoiceReference,
    status: loan.status,
    currency: loan.currency,
    principal: loan.principal,
    fee: loan.fee,
    principalRepaid: loan.principalRepaid,
    feeRepaid: loan.feeRepaid,
    fundedAt: loan.fundedAt,
    dueDate: loan.dueDate,
    repaidAt: loan.repaidAt,
  };
}
