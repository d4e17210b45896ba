import type Stripe from 'stripe';
import { invalidRequest, nowSeconds, StripeApiError } from './errors.js';
import { formString, formStrings, type FormObject } from './form.js';
import type { StoredPaymentMethod } from './payment-records.js';

/**
 * Microdeposits: a US bank account typed by hand (not linked through Financial Connections or a
 * Plaid processor token) must be proved before it is debited. Stripe leaves the intent in
 * `requires_action` with `next_action.verify_with_microdeposits`, sends a 0.01 USD deposit whose
 * statement descriptor holds a six-character code starting with SM, and takes the code (or the two
 * amounts of older accounts) at `POST /v1/{payment,setup}_intents/{id}/verify_microdeposits`. In test
 * mode `SM11AA`, or the amounts 32 and 45, prove any account; three wrong tries fail the intent.
 */

export const TEST_DESCRIPTOR_CODE = 'SM11AA';
export const TEST_AMOUNTS: readonly [number, number] = [32, 45];
/** Wrong tries a payer has on one bank account before Stripe gives up on it. */
export const MICRODEPOSIT_ATTEMPTS = 3;
/** The deposit lands in one to two business days; the fake says two days. */
const ARRIVAL_SECONDS = 2 * 24 * 60 * 60;

/** Whether the method is a hand-entered bank account not yet proved (Plaid's and older saved ones are). */
export function needsMicrodeposits(method: StoredPaymentMethod): boolean {
  return method.behavior.kind === 'bank' && method.behavior.microdeposits !== undefined && !method.behavior.microdeposits.verified;
}

/** The next action of an intent waiting for the payer to prove the account. */
export function microdepositAction(baseUrl: string, intentId: string): Stripe.PaymentIntent.NextAction & Stripe.SetupIntent.NextAction {
  return {
    type: 'verify_with_microdeposits',
    verify_with_microdeposits: {
      arrival_date: nowSeconds() + ARRIVAL_SECONDS,
      hosted_verification_url: `${baseUrl}/microdeposit/${intentId}`,
      microdeposit_type: 'descriptor_code',
    },
  };
}

export type MicrodepositOutcome = { kind: 'verified' } | { kind: 'exceeded'; error: { code: string; message: string } };

const EXCEEDED_MESSAGE = 'You have exceeded the number of allowed verification attempts.';

/**
 * Checks the payer's answer against the deposit. A right one proves the account (for every later
 * debit too); a wrong one throws Stripe's 400 with the tries left, and the last wrong one answers
 * `exceeded` for the caller to fail the intent. `kind` names the intent in the error body.
 */
export function checkMicrodeposits(method: StoredPaymentMethod, params: FormObject, errorWith: (error: StripeApiError['body']) => StripeApiError['body']): MicrodepositOutcome {
  if (method.behavior.kind !== 'bank' || method.behavior.microdeposits === undefined) throw new Error('Only a hand-entered bank account is verified with microdeposits');
  const state = method.behavior.microdeposits;
  const code = formString(params.descriptor_code);
  const amounts = formStrings(params.amounts);
  if (code !== undefined && amounts.length > 0) throw invalidRequest('You may only specify one of these parameters: amounts, descriptor_code.', { code: 'parameters_exclusive', param: 'descriptor_code' });
  if (code === undefined && amounts.length === 0) throw invalidRequest('You must specify either amounts or descriptor_code.', { code: 'parameter_missing', param: 'descriptor_code' });
  let right: boolean;
  let mismatch: { code: string; message: string; param: string };
  if (code !== undefined) {
    right = code.trim().toUpperCase() === TEST_DESCRIPTOR_CODE;
    mismatch = { code: 'payment_method_microdeposit_verification_descriptor_code_mismatch', message: 'The descriptor code provided does not match the code sent to the bank account.', param: 'descriptor_code' };
  } else {
    const values = amounts.map(Number);
    if (values.length !== 2 || values.some((value) => !Number.isInteger(value) || value <= 0 || value >= 100)) {
      throw invalidRequest('The amounts provided must be two positive integers, in cents, each less than 100.', { code: 'payment_method_microdeposit_verification_amounts_invalid', param: 'amounts' });
    }
    right = values[0] === TEST_AMOUNTS[0] && values[1] === TEST_AMOUNTS[1];
    mismatch = { code: 'payment_method_microdeposit_verification_amounts_mismatch', message: 'The amounts provided do not match the amounts that were sent to the bank account.', param: 'amounts' };
  }
  if (right) {
    state.verified = true;
    return { kind: 'verified' };
  }
  state.failedAttempts += 1;
  const left = MICRODEPOSIT_ATTEMPTS - state.failedAttempts;
  if (left <= 0) return { kind: 'exceeded', error: { code: 'payment_method_microdeposit_verification_attempts_exceeded', message: EXCEEDED_MESSAGE } };
  const remaining = `You have ${left} verification attempt${left === 1 ? '' : 's'} remaining.`;
  throw new StripeApiError(400, errorWith({ type: 'invalid_request_error', code: mismatch.code, message: `${mismatch.message} ${remaining}`, param: mismatch.param }));
}

/** The 400 Stripe answers when the last try fails: the intent, failed, comes with it. */
export function attemptsExceeded(error: { code: string; message: string }, errorWith: (error: StripeApiError['body']) => StripeApiError['body']): StripeApiError {
  return new StripeApiError(400, errorWith({ type: 'invalid_request_error', code: error.code, message: error.message }));
}
