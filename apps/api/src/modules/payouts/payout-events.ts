import type { Tx } from '../../db/client';
import type { BusinessScope } from '../../platform/business-scope';
import type { WebhookEventLog } from '../../platform/webhook-events';
import * as repo from './payouts.repository';

type PublishedState = Pick<repo.PayoutAccountRow, 'providerAccountId' | 'chargesEnabled' | 'payoutsEnabled' | 'requirements'>;

/** A payout account as the webhook catalogue publishes it: its capabilities and what is still due (now or past due). */
export function payoutAccountEventObject(businessId: string, state: PublishedState) {
  return {
    business_id: businessId,
    account_id: state.providerAccountId,
    charges_enabled: state.chargesEnabled,
    payouts_enabled: state.payoutsEnabled,
    requirements_due: [...new Set([...state.requirements.pastDue, ...state.requirements.currentlyDue])].sort(),
  };
}

/**
 * Stores the account's state and writes `payout_account.updated` when what the event publishes
 * changed, so a duplicate or late `account.updated` (the same state read again) tells nothing.
 */
export async function saveAccountState(tx: Tx, events: WebhookEventLog, scope: BusinessScope, snapshot: repo.PayoutAccountSnapshot): Promise<void> {
  const before = await repo.findPayoutAccount(tx, scope);
  await repo.saveSnapshot(tx, scope, snapshot);
  const saved = await repo.findPayoutAccount(tx, scope);
  if (!saved) throw new Error('The payout account was not stored');
  const after = payoutAccountEventObject(scope.businessId, saved);
  if (before && JSON.stringify(payoutAccountEventObject(scope.businessId, before)) === JSON.stringify(after)) return;
  await events.record(tx, scope, 'payout_account.updated', { payout_account: after });
}
