import { type PayoutStep, payoutStepKeys, payoutStepTitles, stepOfRequirement } from '@app/contracts';
import type { PayoutRequirementsSnapshot } from '../../db/schema';

/** Everything the provider asks for now or later, or rejected: the wizard collects it all in one pass. */
export function dueRequirements(requirements: PayoutRequirementsSnapshot): string[] {
  const due = new Set([...requirements.pastDue, ...requirements.currentlyDue, ...requirements.eventuallyDue, ...requirements.errors.map((e) => e.requirement)]);
  return [...due];
}

/**
 * The wizard's steps (spec section 4): a step with no required fields is dropped, unless the user
 * already completed it (its fields were accepted, so it stays reachable); the review is always last.
 * With no account yet, only the first step exists: the provider has not said what else is due.
 */
export function wizardSteps(requirements: PayoutRequirementsSnapshot | null, completed: readonly string[]): PayoutStep[] {
  if (!requirements) return [{ key: 'account_details', title: payoutStepTitles.account_details, required_fields: ['business_type', 'email'], completed: false }];
  const due = dueRequirements(requirements);
  return payoutStepKeys
    .map((key) => ({ key, title: payoutStepTitles[key], required_fields: due.filter((r) => stepOfRequirement(r) === key), completed: completed.includes(key) }))
    .filter((step) => step.key === 'review_details' || step.required_fields.length > 0 || step.completed);
}
