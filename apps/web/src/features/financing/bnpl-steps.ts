import { BNPL_STEPS, type BnplLoanOffer, DEFAULT_DAYS_TO_DEFER, type LoanResource, type PaymentResource } from '@app/contracts';

/** The BNPL wizard's state: the spec's "BNPL state" (section 3), and the loan once funded. */
export type BnplState = {
  stepNum: number;
  daysToDefer: number;
  loanOffer: BnplLoanOffer | null;
  /** The id of the saved payment method charged on the repay date. */
  selectedPaymentMethod: string | null;
  /** The lender's payment to the vendor; null until funded, and while the transfer to the vendor is not made. */
  payment: PaymentResource | null;
  paymentReceiptUrl: string | null;
  loan: LoanResource | null;
};

export type BnplAction =
  | { type: 'forward' }
  | { type: 'back' }
  | { type: 'reset' }
  | { type: 'daysChanged'; daysToDefer: number }
  | { type: 'offerReceived'; loanOffer: BnplLoanOffer }
  | { type: 'methodSelected'; selectedPaymentMethod: string }
  | { type: 'funded'; payment: PaymentResource | null; paymentReceiptUrl: string | null; loan: LoanResource };

export const initialBnplState: BnplState = {
  stepNum: 1,
  daysToDefer: DEFAULT_DAYS_TO_DEFER,
  loanOffer: null,
  selectedPaymentMethod: null,
  payment: null,
  paymentReceiptUrl: null,
  loan: null,
};

/** Whether the current step has what the next one needs: an offer to show (1), a method to review (3); the offer itself needs nothing (2). */
export function mayGoForward(state: BnplState): boolean {
  if (state.loan !== null || state.stepNum >= BNPL_STEPS) return false;
  if (state.stepNum === 1) return state.loanOffer !== null && state.loanOffer.days_to_defer === state.daysToDefer;
  if (state.stepNum === 3) return state.selectedPaymentMethod !== null;
  return true;
}

/**
 * The wizard's steps (spec section 4): forward at most to 4, back at least to 1, resettable to 1.
 * Once funded nothing moves: the loan stands, and starting over would only be refused.
 */
export function bnplReducer(state: BnplState, action: BnplAction): BnplState {
  if (state.loan !== null) return state;
  switch (action.type) {
    case 'forward':
      return mayGoForward(state) ? { ...state, stepNum: Math.min(state.stepNum + 1, BNPL_STEPS) } : state;
    case 'back':
      return { ...state, stepNum: Math.max(state.stepNum - 1, 1) };
    case 'reset':
      return initialBnplState;
    case 'daysChanged':
      // Another deferral is another offer: the one shown no longer holds.
      return { ...state, daysToDefer: action.daysToDefer, loanOffer: action.daysToDefer === state.daysToDefer ? state.loanOffer : null };
    case 'offerReceived':
      return { ...state, loanOffer: action.loanOffer, daysToDefer: action.loanOffer.days_to_defer };
    case 'methodSelected':
      return { ...state, selectedPaymentMethod: action.selectedPaymentMethod };
    case 'funded':
      return { ...state, payment: action.payment, paymentReceiptUrl: action.paymentReceiptUrl, loan: action.loan };
  }
}
