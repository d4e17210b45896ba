import { EMAIL_CHANGE_HOURS, messages } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext, RequestMeta } from '../../platform/app-context';
import { newId, randomToken, sha256 } from '../../platform/crypto';
import { AppError, TooManyAttemptsError, refusingTaken } from '../../platform/errors';
import type { MailDraft } from '../../platform/outbox';
import { Throttle, throttleSubjects } from '../../platform/throttle';
import * as authPort from '../auth/auth.port';
import { templatedMail } from '../email-templates/email-templates.port';
import * as repo from './account.repository';

const HOUR_MS = 3_600_000;
/** Address changes one account may ask for in an hour: each mails two addresses, one of them anyone's. */
export const EMAIL_CHANGES_PER_HOUR = 5;

function confirmationMail(tx: Tx, tenantId: string, to: string, origin: string, token: string): Promise<MailDraft> {
  return templatedMail(tx, tenantId, 'email_change_confirmation', { to, variables: { confirm_url: `${origin}/confirm-email/${token}`, expires_in_hours: EMAIL_CHANGE_HOURS }, secrets: [token] });
}

/** To an address that already has an account: the requester is not told, this owner is. */
function addressTakenMail(tx: Tx, tenantId: string, to: string, origin: string): Promise<MailDraft> {
  return templatedMail(tx, tenantId, 'email_change_address_taken', { to, variables: { login_url: `${origin}/login` }, secrets: [] });
}

/** To the current address when a change is asked for: no link that could confirm or cancel anything, only where to reset the password. */
function changeRequestedMail(tx: Tx, tenantId: string, to: string, newEmail: string, origin: string): Promise<MailDraft> {
  return templatedMail(tx, tenantId, 'email_change_requested', { to, variables: { new_email: newEmail, expires_in_hours: EMAIL_CHANGE_HOURS, forgot_password_url: `${origin}/forgot-password` }, secrets: [] });
}

/** To the old address once the change is confirmed. */
function changedMail(tx: Tx, tenantId: string, to: string, newEmail: string, origin: string): Promise<MailDraft> {
  return templatedMail(tx, tenantId, 'email_changed', { to, variables: { site_url: origin, new_email: newEmail }, secrets: [] });
}

/**
 * Changing an account's address: asked for with the current password (checked by the caller),
 * confirmed by the link mailed to the new address. Until then the old address signs in, resets the
 * password and gets the mail.
 */
export function createEmailChangeService(app: AppContext) {
  const now = () => app.clock.now();
  const throttle = new Throttle(app.db, app.clock);

  return {
    /**
     * In the caller's transaction: ends the user's earlier pending change, stores the new one and
     * writes its mails (returns their outbox ids, to dispatch after commit). An address that
     * already has an account is accepted like any other (the answer must not tell who has an
     * account): its owner is told someone tried, and the stored link, never mailed, cannot be used.
     */
    async requestInTx(tx: Tx, tenantId: string, user: authPort.UserRow, newEmail: string, origin: string): Promise<string[]> {
      const at = now();
      const issued = await repo.emailChangesIssuedSince(tx, tenantId, user.id, new Date(at.getTime() - HOUR_MS));
      const oldest = issued[0];
      if (oldest && issued.length >= EMAIL_CHANGES_PER_HOUR) throw new TooManyAttemptsError(Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - at.getTime()) / 1000)));
      await authPort.invalidateOneTimeTokens(tx, tenantId, user.id, ['email-change'], at);
      const token = randomToken();
      await authPort.insertOneTimeToken(tx, {
        tenantId,
        id: newId(),
        userId: user.id,
        purpose: 'email-change',
        email: newEmail,
        tokenHash: sha256(token),
        expiresAt: new Date(at.getTime() + EMAIL_CHANGE_HOURS * HOUR_MS),
        createdAt: at,
      });
      const owner = await authPort.findUserByEmail(tx, tenantId, newEmail);
      const toNewAddress = owner ? await addressTakenMail(tx, tenantId, owner.email, origin) : await confirmationMail(tx, tenantId, newEmail, origin, token);
      return [await app.outbox.write(tx, tenantId, toNewAddress), await app.outbox.write(tx, tenantId, await changeRequestedMail(tx, tenantId, user.email, newEmail, origin))];
    },

    /**
     * The link: switches the address (verified: the link proved it) and ends the old mailbox's
     * hold on the account (its reset and verification links) and every other pending change;
     * sessions and tokens stay. An address another account took since is refused, to the link's
     * holder only. Wrong links count against the client address, as the other mailed links do.
     */
    async confirm(tenantId: string, token: string, meta: RequestMeta): Promise<void> {
      const outcome = await throttle.guard([throttleSubjects.address(meta.ip)], () =>
        // Two accounts confirmed onto one address at once: the second finds it taken.
        refusingTaken({ users_email_tenant_unique: { field: 'email', message: messages.emailTaken } }, () =>
          inTenant(app.db, tenantId, async (tx) => {
            const at = now();
            const used = await authPort.consumeOneTimeToken(tx, tenantId, sha256(token), 'email-change', at);
            const user = used ? await authPort.findUserById(tx, tenantId, used.userId) : undefined;
            if (!used?.email || !user || user.status !== 'active') throw AppError.validation('token', messages.invalidToken);
            const owner = await authPort.findUserByEmail(tx, tenantId, used.email);
            // The link is used up either way: the address belongs to someone else now.
            if (owner && owner.id !== user.id) return { taken: true } as const;
            await authPort.updateUser(tx, tenantId, user.id, { email: used.email, emailVerifiedAt: at });
            await authPort.invalidateOneTimeTokens(tx, tenantId, user.id, ['password-reset', 'email-verification', 'email-change'], at);
            await app.outbox.write(tx, tenantId, await changedMail(tx, tenantId, user.email, used.email, meta.origin));
            return { taken: false } as const;
          }),
        ),
      );
      if (outcome.taken) throw AppError.validation('email', messages.emailTaken);
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
