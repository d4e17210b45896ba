import type Stripe from 'stripe';
import { newId, nowSeconds } from './errors.js';
import { emptyList } from './payment-objects.js';

/** How a charge attempt ended, in the words of Stripe's `outcome` and `failure_*` fields. */
export type ChargeResult =
  | { status: 'succeeded' }
  | { status: 'pending' }
  | { status: 'failed'; failureCode: string; failureMessage: string; declineCode: string | null; networkDeclineCode: string | null };

function outcomeOf(result: ChargeResult): Stripe.Charge.Outcome {
  const base = { advice_code: null, network_advice_code: null, risk_level: 'normal', risk_score: 20 };
  if (result.status === 'failed') {
    return {
      ...base,
      network_decline_code: result.networkDeclineCode,
      network_status: 'declined_by_network',
      reason: result.declineCode,
      seller_message: 'The bank did not return any further details with this decline.',
      type: 'issuer_declined',
    };
  }
  return { ...base, network_decline_code: null, network_status: 'approved_by_network', reason: null, seller_message: 'Payment complete.', type: 'authorized' };
}

/** A returned bank debit's outcome: the ACH return code where a card's network decline code would be. */
export function bankReturnOutcome(failureCode: string, returnCode: string): Stripe.Charge.Outcome {
  return {
    advice_code: null,
    network_advice_code: null,
    network_decline_code: returnCode,
    network_status: 'declined_by_network',
    reason: failureCode,
    risk_level: 'not_assessed',
    seller_message: `The customer's bank returned the debit (ACH return code ${returnCode}).`,
    type: 'issuer_declined',
  };
}

function paymentMethodDetails(method: Stripe.PaymentMethod, mandate: string | null): Stripe.Charge.PaymentMethodDetails {
  if (method.type === 'us_bank_account' && method.us_bank_account !== undefined) {
    const bank = method.us_bank_account;
    return {
      type: 'us_bank_account',
      us_bank_account: {
        account_holder_type: bank.account_holder_type,
        account_type: bank.account_type,
        bank_name: bank.bank_name,
        fingerprint: bank.fingerprint,
        last4: bank.last4,
        mandate: mandate ?? undefined,
        payment_reference: null,
        routing_number: bank.routing_number,
      },
    };
  }
  const card = method.card;
  return {
    type: 'card',
    card: {
      amount_authorized: null,
      authorization_code: null,
      brand: card?.brand ?? null,
      checks: card?.checks ?? null,
      country: card?.country ?? null,
      electronic_commerce_indicator: null,
      installments: null,
      transaction_link_id: null,
      exp_month: card?.exp_month ?? 12,
      exp_year: card?.exp_year ?? 2030,
      fingerprint: card?.fingerprint ?? null,
      funding: card?.funding ?? null,
      last4: card?.last4 ?? null,
      mandate: null,
      network: card?.brand ?? null,
      network_token: null,
      network_transaction_id: null,
      regulated_status: 'unregulated',
      three_d_secure: null,
      wallet: null,
    },
  };
}

/** A Charge for one attempt of a PaymentIntent with the given method. */
export function newCharge(intent: Stripe.PaymentIntent, method: Stripe.PaymentMethod, result: ChargeResult, mandate: string | null): Stripe.Charge {
  const failed = result.status === 'failed' ? result : null;
  const id = newId(method.type === 'us_bank_account' ? 'py' : 'ch');
  return {
    id,
    object: 'charge',
    amount: intent.amount,
    amount_captured: result.status === 'succeeded' ? intent.amount : 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: intent.application_fee_amount,
    balance_transaction: null,
    billing_details: { address: null, email: method.billing_details.email, name: method.billing_details.name, phone: method.billing_details.phone, tax_id: null },
    calculated_statement_descriptor: 'LEDGERLINE',
    captured: result.status !== 'failed',
    created: nowSeconds(),
    currency: intent.currency,
    customer: typeof intent.customer === 'string' ? intent.customer : null,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: failed?.failureCode ?? null,
    failure_message: failed?.failureMessage ?? null,
    fraud_details: {},
    livemode: false,
    metadata: { ...intent.metadata },
    on_behalf_of: intent.on_behalf_of,
    outcome: result.status === 'pending' ? null : outcomeOf(result),
    paid: result.status === 'succeeded',
    payment_intent: intent.id,
    payment_method: method.id,
    payment_method_details: paymentMethodDetails(method, mandate),
    receipt_email: intent.receipt_email,
    receipt_number: null,
    receipt_url: `https://pay.stripe.com/receipts/payment/${id}`,
    refunded: false,
    refunds: emptyList(`/v1/charges/${id}/refunds`),
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: result.status,
    transfer_data: intent.transfer_data?.destination === undefined ? null : { amount: null, destination: intent.transfer_data.destination },
    transfer_group: intent.transfer_group,
  };
}

export function newTransfer(charge: Stripe.Charge, destination: string, amount: number): Stripe.Transfer {
  const id = newId('tr');
  return {
    id,
    object: 'transfer',
    amount,
    amount_reversed: 0,
    balance_transaction: null,
    created: nowSeconds(),
    currency: charge.currency,
    description: null,
    destination,
    destination_payment: newId('py'),
    livemode: false,
    metadata: {},
    reversals: emptyList(`/v1/transfers/${id}/reversals`),
    reversed: false,
    source_transaction: charge.id,
    source_type: 'card',
    transfer_group: charge.transfer_group ?? `group_${charge.payment_intent ?? charge.id}`,
  };
}

export function newApplicationFee(charge: Stripe.Charge, account: string, amount: number): Stripe.ApplicationFee {
  const id = newId('fee');
  return {
    id,
    object: 'application_fee',
    account,
    amount,
    amount_refunded: 0,
    application: 'ca_ledgerline_test',
    balance_transaction: null,
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    fee_source: { charge: charge.id, type: 'charge' },
    livemode: false,
    originating_transaction: null,
    refunded: false,
    refunds: emptyList(`/v1/application_fees/${id}/refunds`),
  };
}

export function newTransferReversal(transfer: Stripe.Transfer, amount: number, refund: string): Stripe.TransferReversal {
  return {
    id: newId('trr'),
    object: 'transfer_reversal',
    amount,
    balance_transaction: null,
    created: nowSeconds(),
    currency: transfer.currency,
    destination_payment_refund: null,
    metadata: {},
    source_refund: refund,
    transfer: transfer.id,
  };
}

export function newFeeRefund(fee: Stripe.ApplicationFee, amount: number): Stripe.FeeRefund {
  return { id: newId('fr'), object: 'fee_refund', amount, balance_transaction: null, created: nowSeconds(), currency: fee.currency, fee: fee.id, metadata: {} };
}

export function newRefund(charge: Stripe.Charge, amount: number, reason: Stripe.Refund.Reason | null, metadata: Stripe.Metadata): Stripe.Refund {
  return {
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: nowSeconds(),
    currency: charge.currency,
    customer: typeof charge.customer === 'string' ? charge.customer : null,
    customer_account: null,
    metadata,
    payment_intent: typeof charge.payment_intent === 'string' ? charge.payment_intent : null,
    payment_method: charge.payment_method,
    reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

export function newMandate(method: Stripe.PaymentMethod, acceptance: { ip: string | null; userAgent: string | null; online: boolean }): Stripe.Mandate {
  return {
    id: newId('mandate'),
    object: 'mandate',
    customer_acceptance: {
      accepted_at: nowSeconds(),
      offline: acceptance.online ? undefined : {},
      online: acceptance.online ? { ip_address: acceptance.ip, user_agent: acceptance.userAgent } : undefined,
      type: acceptance.online ? 'online' : 'offline',
    },
    livemode: false,
    multi_use: {},
    on_behalf_of: undefined,
    payment_method: method.id,
    payment_method_details: { type: 'us_bank_account', us_bank_account: { collection_method: 'paper' } },
    status: 'active',
    type: 'multi_use',
  };
}
