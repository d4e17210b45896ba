import { type CardPaymentOptions, type OnlinePaymentMethod, currencyById, messages, onlinePaymentMessages } from '@app/contracts';
import { applicationFeeOf, minimumTotal } from '@app/domain';
import type { Tx } from '../../db/client';
import { recordAudit, systemActor } from '../../platform/audit';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { AMENDABLE_PAYMENT_STATUSES, type PaymentProvider, PaymentProviderError, type ProviderPaymentAttempt } from '../../platform/providers/payment-provider';
import type { InboxEvent } from '../provider-events/provider-events.service';
import type { providerScriptUrls } from '../../platform/providers/provider-scripts';
import type { OnlinePaymentRules } from '../tenants/tenants.service';
import * as repo from './online-payments.repository';

/**
 * The PaymentIntent machinery invoices and estimate deposits share (issue 17; docs/design-notes.md
 * "Card payments" and "Estimate deposits"): one open intent per subject, an amount that never
 * changes once its secret left the server, idempotency keys from the operation, and what a
 * `payment_intent.succeeded` must match before anything is booked.
 */

/**
 * What one payment attempt charges: an intent is given again only for this very charge, method
 * included. `saved` is a method the payer saved earlier, which the attempt is made for;
 * `serverConfirmed`: the server confirms it itself (a bank linked through the bank-link provider).
 */
export type Charge = { amount: number; fee: number; currency: string; destination: string; origin: string; method: OnlinePaymentMethod; saved: SavedMethodRef | null; serverConfirmed?: boolean };

/** A saved method as the provider knows it: its customer and its method. */
export type SavedMethodRef = { customerId: string; paymentMethodId: string };

/**
 * What is paid, locked by the caller: an invoice (`pay:<invoice>:<attempt>` keys) or an estimate's
 * deposit (`deposit:<estimate>:<attempt>`). `onInProgress` runs when the open intent turns out to
 * be a bank debit already processing (an invoice shows the mark from then on).
 */
export type AttemptSubject = {
  kind: repo.IntentSubject['kind'];
  id: string;
  tenantId: string;
  businessId: string;
  description: string;
  onProcessing?(open: repo.OnlineIntentRow): Promise<void>;
};

/**
 * The charge for `amount` in the subject's currency, to the business's payout account: the one
 * place an attempt's application fee is reckoned, the tenant's platform fee plus `lenderShare`
 * (what a factored invoice's lender is owed of it; 0 for anything else).
 */
export function chargeOf(amount: number, rules: OnlinePaymentRules, lenderShare: number, currencyId: number, destination: string, origin: string, method: OnlinePaymentMethod | undefined, saved: SavedMethodRef | null = null): Charge {
  const currency = currencyById(currencyId);
  if (!currency) throw AppError.validation('amount', messages.invalidCurrency);
  return { amount, fee: applicationFeeOf(amount, rules.fee, lenderShare), currency: currency.code.toLowerCase(), destination, origin, method: method ?? 'card', saved };
}

/** What a pay form is told before it shows (an invoice's or a deposit's): whether the vendor takes charges, the key, the scripts and the amount rules. */
export function payFormOptions(input: {
  available: boolean;
  publishableKey: string | null;
  scripts: ReturnType<typeof providerScriptUrls>;
  partialPayments: boolean;
  currencyId: number;
  inApp: CardPaymentOptions['in_app'];
  bankLinkAvailable: boolean;
  bankVerification: CardPaymentOptions['bank_verification'];
}): CardPaymentOptions {
  const { available } = input;
  return {
    available,
    message: available ? null : onlinePaymentMessages.notSetUp,
    publishable_key: available ? input.publishableKey : null,
    provider_script: input.scripts.payment_provider,
    partial_payments: input.partialPayments,
    minimum_amount: minimumTotal(currencyById(input.currencyId)?.precision ?? 2),
    in_app: input.inApp,
    bank_link_available: available && input.bankLinkAvailable,
    bank_link_script: input.scripts.bank_link,
    bank_verification: available ? input.bankVerification : null,
  };
}

/** Whether an open attempt is a bank payment waiting for the payer to prove the account with microdeposits (its intent `requires_action`). */
export function awaitsBankVerification(row: Pick<repo.OnlineIntentRow, 'method' | 'status'>): boolean {
  return row.method === 'us_bank_account' && row.status === 'requires_action';
}

/** The bank payment of the subject awaiting microdeposits, for its pay form to ask for the code; null when none waits. */
export async function bankVerificationOf(tx: Tx, tenantId: string, subject: repo.IntentSubject): Promise<CardPaymentOptions['bank_verification']> {
  const open = await repo.findOpenIntent(tx, tenantId, subject);
  return open && awaitsBankVerification(open) ? { amount: open.amount } : null;
}

/** The first part of every provider key of a subject's attempts. */
export const keyPrefix = (subject: Pick<AttemptSubject, 'kind'>) => (subject.kind === 'invoice' ? 'pay' : 'deposit');

/** A provider refusal as a 422 with the provider's own words (a decline, a refused amount). */
export async function providerCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentProviderError) throw new AppError('provider', error.message, 422);
    throw error;
  }
}

/** Why an event's payment does not match what we stored; null when it does (ARCHITECTURE section 13, "Money truth"). */
export function mismatchOf(stored: repo.OnlineIntentRow, told: ProviderPaymentAttempt): string | null {
  if (told.id !== stored.providerIntentId) return 'another payment';
  if (told.status !== 'succeeded') return `status ${told.status}`;
  if (told.destinationAccountId !== stored.destinationAccountId) return 'another destination account';
  if (told.amountReceived !== stored.amount) return `amount received ${told.amountReceived}, expected ${stored.amount}`;
  if (told.currency !== stored.currency) return `currency ${told.currency}, expected ${stored.currency}`;
  return null;
}

/** Cancels an open intent; when a payer confirmed it meanwhile the provider refuses, and the intent as it now stands is the answer. */
export async function cancelled(provider: PaymentProvider, subject: Pick<AttemptSubject, 'kind' | 'id'>, open: repo.OnlineIntentRow): Promise<ProviderPaymentAttempt> {
  try {
    return await provider.cancelPaymentAttempt(open.providerIntentId, `${keyPrefix(subject)}:${subject.id}:${open.attempt}:cancel`);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    return providerCall(() => provider.retrievePaymentAttempt(open.providerIntentId));
  }
}

/**
 * The intent to confirm for `charge`. An intent whose client secret has been handed out never
 * changes amount: a payer always confirms what they were shown. The open intent is given again
 * when it is for this very charge; otherwise it is canceled at the provider and a new attempt
 * made, all under the subject's lock. A payer still holding the canceled one's secret is told by
 * the provider that it was canceled, and starts again.
 */
export async function intentFor(tx: Tx, provider: PaymentProvider, subject: AttemptSubject, charge: Charge, inProgress: string = onlinePaymentMessages.inProgress): Promise<ProviderPaymentAttempt> {
  const { tenantId } = subject;
  const open = await repo.findOpenIntent(tx, tenantId, subject);
  if (open) {
    const current = await providerCall(() => provider.retrievePaymentAttempt(open.providerIntentId));
    // An attempt for a saved method is always a new one: the open intent may carry another method, or none.
    const sameCharge = charge.saved === null && open.method === charge.method && current.amount === charge.amount && current.applicationFee === (charge.fee > 0 ? charge.fee : null) && current.destinationAccountId === charge.destination;
    // Mid-authentication (3-D Secure, or a typed bank account's microdeposits) for this very amount: the payer finishes it,
    // unless the server is to confirm a linked bank itself: an attempt waiting for a code cannot take it.
    const resumable = current.status === 'requires_action' && !(charge.serverConfirmed === true && open.method === 'us_bank_account');
    if (sameCharge && (AMENDABLE_PAYMENT_STATUSES.includes(current.status) || resumable)) {
      await repo.updateIntent(tx, tenantId, open.id, { status: current.status, origin: charge.origin });
      return current;
    }
    // A bank account still awaiting microdeposits moved no money: the payer may give it up for another way to pay.
    const abandonable = AMENDABLE_PAYMENT_STATUSES.includes(current.status) || (open.method === 'us_bank_account' && current.status === 'requires_action');
    const ended = abandonable ? await cancelled(provider, subject, open) : current;
    if (ended.status !== 'canceled') {
      // Being authenticated, processing or paid: that money is on its way, and what is due follows it.
      await repo.updateIntent(tx, tenantId, open.id, { status: ended.status });
      if (ended.status === 'processing' && open.paymentId === null) await subject.onProcessing?.(open);
      throw AppError.conflict(inProgress);
    }
    await repo.updateIntent(tx, tenantId, open.id, { status: 'canceled' });
  }
  const attempt = (await repo.lastAttempt(tx, tenantId, subject)) + 1;
  const created = await providerCall(() =>
    provider.createPaymentAttempt(
      {
        amount: charge.amount,
        currency: charge.currency,
        destinationAccountId: charge.destination,
        applicationFee: charge.fee,
        methods: [charge.method],
        description: subject.description,
        metadata: { tenant_id: tenantId, business_id: subject.businessId, [`${subject.kind}_id`]: subject.id, attempt: String(attempt) },
        ...(charge.saved ? { saved: charge.saved } : {}),
      },
      `${keyPrefix(subject)}:${subject.id}:${attempt}`,
    ),
  );
  await repo.insertIntent(tx, {
    tenantId,
    id: newId(),
    businessId: subject.businessId,
    invoiceId: subject.kind === 'invoice' ? subject.id : null,
    estimateId: subject.kind === 'estimate' ? subject.id : null,
    attempt,
    providerIntentId: created.id,
    amount: charge.amount,
    currency: charge.currency,
    destinationAccountId: charge.destination,
    applicationFee: charge.fee,
    method: charge.method,
    status: created.status,
    origin: charge.origin,
  });
  return created;
}

/** Whose history an intent's events are written in: its invoice's, or its estimate's for a deposit. */
export function historyOf(row: repo.OnlineIntentRow): { model: 'invoice' | 'estimate'; modelId: string } {
  if (row.invoiceId) return { model: 'invoice', modelId: row.invoiceId };
  if (row.estimateId) return { model: 'estimate', modelId: row.estimateId };
  throw new Error(`Intent ${row.id} pays nothing`);
}

/** An event about an intent that changes nothing is kept in the history of what the intent pays, with why. */
export async function recordIgnored(tx: Tx, row: repo.OnlineIntentRow, event: InboxEvent, reason: string): Promise<void> {
  const actor = systemActor(row.tenantId, row.businessId);
  await recordAudit(tx, actor, { ...historyOf(row), action: 'updated', after: { event: 'online_payment_ignored', provider_event_id: event.providerEventId, provider_payment_id: row.providerIntentId, reason } });
}
