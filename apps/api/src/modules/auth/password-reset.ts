import { z } from 'zod';
import { messages } from '@app/contracts';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext, RequestMeta } from '../../platform/app-context';
import { newId, randomToken, sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { templatedMail } from '../email-templates/email-templates.port';
import { hashPassword } from '../../platform/passwords';
import { Throttle, throttleSubjects } from '../../platform/throttle';
import * as repo from './auth.repository';
import { endAccessAfterPasswordChange } from './auth.service';

export const PASSWORD_RESET_MAIL_JOB = 'password-reset-mail';
const RESET_MINUTES = 60;

const resetMailJobSchema = z.object({ tenantId: z.string().uuid(), email: z.string(), origin: z.string() });
type ResetMailJob = z.infer<typeof resetMailJobSchema>;

/** Forgot-password and reset-password. */
export function createPasswordResetService(app: AppContext) {
  const now = () => app.clock.now();
  const throttle = new Throttle(app.db, app.clock);

  return {
    /**
     * Only queues the job that looks the address up and writes the mail: the request does the
     * same work, in the same time, whether or not the address has an account.
     */
    async forgotPassword(tenantId: string, email: string, meta: RequestMeta): Promise<void> {
      const job: ResetMailJob = { tenantId, email: email.toLowerCase(), origin: meta.origin };
      await app.jobs.send(PASSWORD_RESET_MAIL_JOB, job);
    },

    /** The job: a fresh link (earlier ones stop working) for an active account; nothing otherwise. */
    async writeMail(data: Record<string, unknown>): Promise<void> {
      const { tenantId, email, origin } = resetMailJobSchema.parse(data);
      await inTenant(app.db, tenantId, async (tx) => {
        const user = await repo.findUserByEmail(tx, tenantId, email);
        // Invited people set their password through the invitation; disabled ones get nothing.
        if (!user || user.status !== 'active') return null;
        await repo.invalidateOneTimeTokens(tx, tenantId, user.id, ['password-reset'], now());
        const token = randomToken();
        await repo.insertOneTimeToken(tx, { tenantId, id: newId(), userId: user.id, purpose: 'password-reset', tokenHash: sha256(token), expiresAt: new Date(now().getTime() + RESET_MINUTES * 60_000) });
        const url = `${origin}/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
        const mail = await templatedMail(tx, tenantId, 'password_reset', { to: user.email, variables: { reset_url: url, expires_in_minutes: RESET_MINUTES }, secrets: [token] });
        return app.outbox.write(tx, tenantId, mail);
      });
    },

    /**
     * A reset ends everything that gave access: every session, every device and personal access
     * token, and every other reset link. Wrong links count against the client address only: a
     * 256-bit link cannot be guessed, and an account whose password attempts are blocked must
     * still be recoverable through its mailbox. A reset proves the mailbox, so it also clears
     * the account's failures (not the second factor's lock: a mailbox is not the second factor).
     */
    async resetPassword(tenantId: string, input: { token: string; email: string; password: string }, meta: RequestMeta): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      await throttle.guard([throttleSubjects.address(meta.ip)], () =>
        inTenant(app.db, tenantId, async (tx) => {
          const used = await repo.consumeOneTimeToken(tx, tenantId, sha256(input.token), 'password-reset', now());
          if (!used) throw AppError.validation('email', messages.invalidToken);
          const user = await repo.findUserById(tx, tenantId, used.userId);
          if (!user || user.email.toLowerCase() !== input.email.toLowerCase()) throw AppError.validation('email', messages.invalidToken);
          await repo.updateUser(tx, tenantId, user.id, { passwordHash, ...(user.emailVerifiedAt ? {} : { emailVerifiedAt: now() }) });
          await endAccessAfterPasswordChange(tx, tenantId, user.id, now(), { keepSessionId: null, personalTokens: 'revoke' });
        }),
      );
      await throttle.forget([throttleSubjects.account(tenantId, input.email)]);
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
