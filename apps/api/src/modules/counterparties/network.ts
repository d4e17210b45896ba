import type { CounterpartyKind } from '@app/contracts';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/app-context';
import { newId, randomToken, sha256 } from '../../platform/crypto';
import * as authPort from '../auth/auth.port';
import * as businessPort from '../businesses/businesses.port';
import { templatedMail } from '../email-templates/email-templates.port';
import { counterpartyHasPayments } from '../payments/payments.service';
import * as teamPort from '../team/team.port';
import * as repo from './counterparties.repository';

export const ONBOARDING_DAYS = 7;

/** The invoices exchanged with a counterparty and the payments recorded with it: once any exists, its currency is locked. */
export async function hasTransactions(tx: Tx, scope: repo.Scope, counterparty: repo.CounterpartyRecord): Promise<boolean> {
  return (await repo.hasInvoices(tx, scope, counterparty)) || (await counterpartyHasPayments(tx, scope, counterparty.id));
}

/** The owner of a counterparty business; one recorded without an email gets `email` as owner now. */
export async function ensureOwner(tx: Tx, tenantId: string, businessId: string, email: string, name: string): Promise<{ id: string; email: string }> {
  const owner = await repo.findOwner(tx, tenantId, businessId);
  if (owner) return { id: owner.user.id, email: owner.user.email };
  const user = (await authPort.findUserByEmail(tx, tenantId, email)) ?? (await authPort.insertUser(tx, { tenantId, id: newId(), name, email, status: 'invited' }));
  const ownerRole = await teamPort.findOwnerRole(tx, tenantId, businessId);
  if (!ownerRole) throw new Error('Counterparty business has no owner role');
  await businessPort.insertMembership(tx, { tenantId, businessId, userId: user.id, roleId: ownerRole.id, isOwner: true, status: 'invited' });
  return { id: user.id, email: user.email };
}

export type OnboardingInvitation = {
  tenantId: string;
  /** The counterparty business whose owner is invited. */
  businessId: string;
  businessName: string;
  owner: { id: string; email: string };
  inviterName: string;
  kind: CounterpartyKind;
  origin: string;
};

/**
 * A fresh single-use onboarding link (older ones stop working) and its mail, written in the
 * caller's transaction; returns the outbox id to dispatch after commit.
 */
export async function writeOnboardingInvitation(app: AppContext, tx: Tx, invitation: OnboardingInvitation): Promise<string> {
  const now = app.clock.now();
  await repo.invalidateOnboardingTokens(tx, invitation.tenantId, invitation.owner.id, invitation.businessId, now);
  const token = randomToken();
  await repo.insertOnboardingToken(tx, {
    tenantId: invitation.tenantId,
    id: newId(),
    userId: invitation.owner.id,
    businessId: invitation.businessId,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + ONBOARDING_DAYS * 86_400_000),
  });
  const mail = await templatedMail(tx, invitation.tenantId, 'business_network_invitation', {
    to: invitation.owner.email,
    variables: {
      inviter_name: invitation.inviterName,
      business_name: invitation.businessName,
      kind: invitation.kind,
      accept_url: `${invitation.origin}/onboarding-business-invitation/${token}`,
      expires_in_days: ONBOARDING_DAYS,
    },
    secrets: [token],
  });
  return app.outbox.write(tx, invitation.tenantId, mail);
}
