import type { FastifyRequest } from 'fastify';
import { type AbilityScope, canGrant, messages } from '@app/contracts';
import { AppError } from './errors';
import { requireBusiness, requireUser } from './request-context';

/** The abilities the caller holds in `scope`: the selected business's role, or the platform role. */
export function callerAbilities(request: FastifyRequest, scope: AbilityScope): readonly string[] {
  return scope === 'business' ? requireBusiness(request).abilities : requireUser(request).platformAbilities;
}

/**
 * Every place that gives a role to someone (invite, change of role, transfer) or creates, edits or
 * deletes a role calls this with the role's abilities: nobody grants more than they hold.
 */
export function requireGrantable(held: readonly string[], abilities: readonly string[]): void {
  if (!canGrant(held, abilities)) throw AppError.forbidden(messages.cannotGrantAbilities);
}
