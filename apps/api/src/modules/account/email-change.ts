import { EMAIL_CHANGE_HOURS, messages } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext, RequestMeta } from '../../platform/app-context';
import { newId, randomToken, sha256 } from '../../platform/crypto';
import { AppError, TooManyAttemptsError, refusingTaken } from '../../platform/errors';
import { simpleMailHtml } from '../../platform/mail';
import type { MailDraft } from '../../platform/outbox';
import { Throttle, throttleSubjects } from '../../platform/throttle';
import * as authPort from '../auth/auth.port';
import * as repo from './account.repository';

const HOUR_MS = 3_600_000;
/** Address changes one account may ask for in an hour: each mails two addresses, one of them anyone's. */
export const EMAIL_CHANGES_PER_HOUR = 5;

function confirmationMail(to: string, origin: string, token: string): MailDraft {
  const url = `${origin}/confirm-email/${token}`;
  const subject = 'Confirm your new email address';
  const lines = [
    'Someone, probably you, asked to use this address for their account. Open the link to confirm it: from then on the account signs in with this address.',
    `The link expires in ${EMAIL_CHANGE_HOURS} hours. If it was not you, ignore this mail: nothing changes without the link.`,
  ];
  return { to, subject, text: `${lines[0]}\n\n${url}\n\n${lines[1]}`, html: simpleMailHtml(subject, lines, { label: 'Confirm email', url }), secrets: [token] };
}

/** To an address that already has an account: the requester is not told, this owner is. */
function addressTakenMail(to: string, origin: string): MailDraft {
  const subject = 'Someone tried to move an account to your email address';
  const lines = [
    'Someone asked to change the email address of an account to this address, which already has an account here. Nothing was changed, and your account is not affected.',
    `If it was you, sign in at ${origin}/login with this address; to move your other account, choose an address that has no account. If it was not you, ignore this mail.`,
  ];
  return { to, subject, text: lines.join('\n\n'), html: simpleMailHtml(subject, lines, { label: 'Sign in', url: `${origin}/login` }), secrets: [] };
}

/** To the current address when a change is asked for: no link that could confirm or cancel anything, only where to reset the password. */
function changeRequestedMail(to: string, newEmail: string, origin: string): MailDraft {
  const subject = 'Your email address is about to change';
  const lines = [
    `Someone asked to change the email address of your account to ${newEmail}. Nothing changes until the link we sent to that address is opened, within ${EMAIL_CHANGE_HOURS} hours; until then you sign in with this address.`,
    `If it was not you, someone knows your password: reset it now at ${origin}/forgot-password. A password reset cancels the change and signs out every session and device.`,
  ];
  return { to, subject, text: lines.join('\n\n'), html: simpleMailHtml(subject, lines, { label: 'Reset password', url: `${origin}/forgot-password` }), secrets: [] };
}

/** To the old address once the change is confirmed. */
function changedMail(to: string, newEmail: string, origin: string): MailDraft {
  const subject = 'Your email address was changed';
  const lines = [
    `The email address of your account at ${origin} was changed to ${newEmail}: you now sign in with that address, and mail about the account goes there. This address no longer signs in or resets the password.`,
    'If it was not you, someone who knew your password has taken over your account: contact the administrator of the site at once.',
  ];
  return { to, subject, text: lines.join('\n\n'), html: simpleMailHtml(subject, lines), secrets: [] };
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
      const toNewAddress = owner ? addressTakenMail(owner.email, origin) : confirmationMail(newEmail, origin, token);
      return [await app.outbox.write(tx, tenantId, toNewAddress), await app.outbox.write(tx, tenantId, changeRequestedMail(user.email, newEmail, origin))];
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
            await app.outbox.write(tx, tenantId, changedMail(user.email, used.email, meta.origin));
            return { taken: false } as const;
          }),
        ),
      );
      if (outcome.taken) throw AppError.validation('email', messages.emailTaken);
    },
  };
}

export type EmailChangeService = ReturnType<typeof createEmailChangeService>;
