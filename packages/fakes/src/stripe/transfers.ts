import type Stripe from 'stripe';
import { accountView } from './accounts.js';
import { invalidRequest, missingParam, newId, nowSeconds } from './errors.js';
import { formString, type FormObject } from './form.js';
import { emptyList, integerParam, metadataOf, newBalanceTransaction } from './payment-objects.js';
import type { PaymentStore } from './payment-store.js';
import type { RequestOrigin } from './state.js';

/**
 * POST /v1/transfers: the platform sends money from its own balance to a connected account (a
 * separate transfer, not tied to a charge). As Stripe does, the destination must exist and have
 * its `transfers` capability active; the fake keeps no platform balance, so it never answers
 * `balance_insufficient`.
 */
export function createTransfer(store: PaymentStore, params: FormObject, scope: string | null, origin: RequestOrigin): Stripe.Transfer {
  if (scope !== null) throw invalidRequest('Transfers are made by the platform: send them without the Stripe-Account header.', { param: 'destination' });
  const amount = integerParam(params, 'amount');
  if (amount === undefined) throw missingParam('amount');
  if (amount <= 0) throw invalidRequest('Invalid positive integer', { code: 'parameter_invalid_integer', param: 'amount' });
  const currency = formString(params.currency);
  if (currency === undefined) throw missingParam('currency');
  const destination = formString(params.destination);
  if (destination === undefined) throw missingParam('destination');
  const account = store.host.accounts.get(destination);
  if (account === undefined) throw invalidRequest(`No such destination: '${destination}'`, { code: 'resource_missing', param: 'destination' });
  if (accountView(account).capabilities?.transfers !== 'active') {
    throw invalidRequest('Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments', {
      code: 'insufficient_capabilities_for_transfer',
      param: 'destination',
    });
  }
  const id = newId('tr');
  const txn = newBalanceTransaction({ amount: -amount, fee: 0, currency: currency.toLowerCase(), source: id, type: 'transfer', description: formString(params.description) ?? null });
  store.balanceTransactions.set(txn.id, { object: txn, scope: null });
  const transfer: Stripe.Transfer = {
    id,
    object: 'transfer',
    amount,
    amount_reversed: 0,
    balance_transaction: txn.id,
    created: nowSeconds(),
    currency: currency.toLowerCase(),
    description: formString(params.description) ?? null,
    destination,
    destination_payment: newId('py'),
    livemode: false,
    metadata: metadataOf(params),
    reversals: emptyList(`/v1/transfers/${id}/reversals`),
    reversed: false,
    source_transaction: null,
    source_type: 'card',
    transfer_group: formString(params.transfer_group) ?? null,
  };
  store.transfers.set(id, { object: transfer, scope: null });
  store.emit({ ...store.base(null, origin), type: 'transfer.created', data: { object: structuredClone(transfer) } });
  return transfer;
}
