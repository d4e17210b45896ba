import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/app-context';
import { newId, randomToken, sha256 } from '../../platform/crypto';
import { simpleMailHtml } from '../../platform/mail';
import * as repo from './auth.repository';

export const INVITATION_DAYS = 7;

export type Invitation = {
  tenantId: string;
  userId: string;
  email: string;
  /** The business the invitation is for; null for the tenant's internal team. */
  businessId: string | null;
  /** scheme://host[:port] of the tenant the link must open on. */
  origin: string;
  subject: string;
  line: string;
};

/**
 * Writes a single-use invitation token and its mail (to /accept-user-invitation/{token}) in the
 * caller's transaction; returns the outbox id to dispatch after commit.
 */
export async function writeInvitation(app: AppContext, tx: Tx, invitation: Invitation): Promise<string> {
  const token = randomToken();
  await repo.insertOneTimeToken(tx, {
    tenantId: invitation.tenantId,
    id: newId(),
    userId: invitation.userId,
    purpose: 'invitation',
    tokenHash: sha256(token),
    businessId: invitation.businessId,
    expiresAt: new Date(app.clock.now().getTime() + INVITATION_DAYS * 86_400_000),
  });
  const url = `${invitation.origin}/accept-user-invitation/${token}`;
  const expiry = `The link expires in ${INVITATION_DAYS} days.`;
  return app.outbox.write(tx, invitation.tenantId, {
    to: invitation.email,
    subject: invitation.subject,
    text: `${invitation.line}\n\nAccept the invitation: ${url}\n\n${expiry}`,
    html: simpleMailHtml(invitation.subject, [invitation.line, expiry], { label: 'Accept invitation', url }),
    secrets: [token],
  });
}
