import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/app-context';
import { newId, randomToken, sha256 } from '../../platform/crypto';
import { templatedMail } from '../email-templates/email-templates.port';
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
  const mail = await templatedMail(tx, invitation.tenantId, 'user_invitation', {
    to: invitation.email,
    variables: { invitation_subject: invitation.subject, invitation_message: invitation.line, accept_url: url, expires_in_days: INVITATION_DAYS },
    secrets: [token],
  });
  return app.outbox.write(tx, invitation.tenantId, mail);
}
