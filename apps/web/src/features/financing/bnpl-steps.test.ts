import { describe, expect, it } from 'vitest';
import { BNPL_STEPS, DEFAULT_DAYS_TO_DEFER } from '@app/contracts';
import { makeBnplOffer, makeLoan } from '../../test/financing-fixtures';
import { makePayment } from '../../test/payment-fixtures';
import { type BnplAction, type BnplState, bnplReducer, initialBnplState, mayGoForward } from './bnpl-steps';

const run = (actions: BnplAction[], from: BnplState = initialBnplState) => actions.reduce(bnplReducer, from);
const forward: BnplAction = { type: 'forward' };
const back: BnplAction = { type: 'back' };
/** Every step's requirement met: an offer for the days chosen and a method. */
const ready = run([{ type: 'offerReceived', loanOffer: makeBnplOffer() }, { type: 'methodSelected', selectedPaymentMethod: 'pm-1' }]);

describe('the BNPL wizard steps', () => {
  it('starts at step 1 with the default deferral and nothing chosen', () => {
    expect(initialBnplState).toEqual({ stepNum: 1, daysToDefer: DEFAULT_DAYS_TO_DEFER, loanOffer: null, selectedPaymentMethod: null, payment: null, paymentReceiptUrl: null, loan: null });
  });

  it('goes forward at most to step 4', () => {
    expect(run([forward, forward, forward], ready).stepNum).toBe(BNPL_STEPS);
    expect(run([forward, forward, forward, forward, forward], ready).stepNum).toBe(BNPL_STEPS);
    expect(mayGoForward(run([forward, forward, forward], ready))).toBe(false);
  });

  it('goes back at least to step 1', () => {
    expect(run([back]).stepNum).toBe(1);
    expect(run([forward, forward, back, back, back, back], ready).stepNum).toBe(1);
    expect(run([forward, forward, forward, back], ready).stepNum).toBe(3);
  });

  it('resets to step 1 and forgets the offer, the deferral and the method', () => {
    expect(run([forward, forward, forward, { type: 'reset' }], ready)).toEqual(initialBnplState);
  });

  it('leaves step 1 only with an offer for the days chosen, and step 3 only with a method', () => {
    expect(run([forward]).stepNum).toBe(1);
    const offered = run([{ type: 'offerReceived', loanOffer: makeBnplOffer({ days_to_defer: 30 }) }]);
    expect(offered.daysToDefer).toBe(30);
    expect(run([forward], offered).stepNum).toBe(2);
    expect(run([forward, forward, forward], offered).stepNum).toBe(3);
    expect(run([forward, forward, { type: 'methodSelected', selectedPaymentMethod: 'pm-2' }, forward], offered).stepNum).toBe(4);
  });

  it('drops the offer when another deferral is chosen, and keeps it for the same one', () => {
    expect(run([{ type: 'daysChanged', daysToDefer: 90 }], ready).loanOffer).not.toBeNull();
    const changed = run([{ type: 'daysChanged', daysToDefer: 120 }], ready);
    expect(changed.loanOffer).toBeNull();
    expect(changed.daysToDefer).toBe(120);
    expect(run([forward], changed).stepNum).toBe(1);
  });

  it.each([
    ['with the payment to the vendor made', makePayment(), 'https://app.example/receipt'],
    ['with the transfer to the vendor still on its way', null, null],
  ])('moves no more once funded, %s', (_case, payment, paymentReceiptUrl) => {
    const funded = run([forward, forward, forward, { type: 'funded', payment, paymentReceiptUrl, loan: makeLoan({ product: 'bnpl' }) }], ready);
    expect(funded.stepNum).toBe(4);
    expect(funded.payment).toBe(payment);
    expect(funded.paymentReceiptUrl).toBe(paymentReceiptUrl);
    for (const action of [forward, back, { type: 'reset' } as const]) expect(bnplReducer(funded, action)).toBe(funded);
  });
});
