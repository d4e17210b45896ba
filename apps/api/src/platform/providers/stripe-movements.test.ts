import { describe, expect, it } from 'vitest';
import { stripeMovementsOf, stripeRefundsOf } from './stripe-movements';

const refund = { id: 're_1', object: 'refund', amount: 6_000, currency: 'usd', created: 1_795_000_100, status: 'succeeded', charge: 'ch_1', payment_intent: 'pi_1' };

describe('Stripe objects as the port reads them', () => {
  it('reads a charge with its refunds, and the refunds it carries', () => {
    const charge = { id: 'ch_1', object: 'charge', amount: 12_000, amount_refunded: 6_000, currency: 'usd', created: 1_795_000_000, status: 'succeeded', payment_intent: 'pi_1', refunds: { object: 'list', data: [refund] } };
    expect(stripeMovementsOf(charge)).toEqual([
      { id: 'ch_1', kind: 'charge', paymentAttemptId: 'pi_1', chargeId: 'ch_1', amount: 12_000, amountReversed: 6_000, currency: 'usd', status: 'partially_refunded', destination: null, created: 1_795_000_000 },
      { id: 're_1', kind: 'refund', paymentAttemptId: 'pi_1', chargeId: 'ch_1', amount: 6_000, amountReversed: 0, currency: 'usd', status: 'succeeded', destination: null, created: 1_795_000_100 },
    ]);
    expect(stripeRefundsOf(charge)).toEqual([{ id: 're_1', paymentAttemptId: 'pi_1', amount: 6_000, currency: 'usd', status: 'succeeded' }]);
    expect(stripeRefundsOf(refund)).toEqual(stripeRefundsOf(charge));
  });

  it('ties a transfer and a fee, which name no PaymentIntent, to their charge, with their reversals', () => {
    const transfer = {
      id: 'tr_1', object: 'transfer', amount: 11_670, amount_reversed: 11_670, currency: 'usd', created: 1_795_000_000, destination: 'acct_1', source_transaction: 'ch_1',
      reversals: { object: 'list', data: [{ id: 'trr_1', object: 'transfer_reversal', amount: 11_670, currency: 'usd', created: 1_795_000_100, transfer: 'tr_1' }] },
    };
    expect(stripeMovementsOf(transfer).map((m) => [m.kind, m.chargeId, m.status, m.destination])).toEqual([
      ['transfer', 'ch_1', 'reversed', 'acct_1'],
      ['transfer_reversal', 'ch_1', 'succeeded', 'acct_1'],
    ]);
    const fee = { id: 'fee_1', object: 'application_fee', amount: 330, amount_refunded: 0, currency: 'usd', created: 1_795_000_000, account: 'acct_1', charge: { id: 'ch_1' }, refunds: { object: 'list', data: [] } };
    expect(stripeMovementsOf(fee)).toEqual([{ id: 'fee_1', kind: 'application_fee', paymentAttemptId: null, chargeId: 'ch_1', amount: 330, amountReversed: 0, currency: 'usd', status: 'collected', destination: 'acct_1', created: 1_795_000_000 }]);
  });

  it('reads nothing from other objects or from malformed ones', () => {
    expect(stripeMovementsOf({ id: 'pi_1', object: 'payment_intent', amount: 100, currency: 'usd', created: 1 })).toEqual([]);
    expect(stripeMovementsOf({ id: 'ch_1', object: 'charge', amount: '100', currency: 'usd', created: 1 })).toEqual([]);
    expect(stripeRefundsOf({ ...refund, payment_intent: null })).toEqual([]);
    expect(stripeRefundsOf({ ...refund, status: 'something_new' })).toEqual([expect.objectContaining({ status: 'pending' })]);
  });
});
