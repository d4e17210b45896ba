import { messages } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext, RequestMeta } from '../../platform/app-context';
import { constantTimeEqual, newId, randomToken, sha256 } from '../../platform/crypto';
import { AppError, refusingTaken } from '../../platform/errors';
import { templatedMail } from '../email-templates/email-templates.port';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { Throttle, type ThrottleSubject, throttleSubjects } from '../../platform/throttle';
import { verifyTotp } from '../../platform/totp';
import * as repo from './auth.repository';
import { completeSignUpInTx } from './sign-up';

const GUEST_SESSION_MS = 2 * 3_600_000;
const SESSION_MS = 2 * 3_600_000;
const REMEMBER_MS = 30 * 86_400_000;
const VERIFY_HOURS = 48;
/** Device tokens from `POST /auth/login` last as long as a remembered session. */
const DEVICE_TOKEN_MS = REMEMBER_MS;

export type IssuedSession = { cookie: string; csrfToken: string; remember: boolean };

function sessionLifetime(remember: boolean, signedIn: boolean): number {
  if (!signedIn) return GUEST_SESSION_MS;
  return remember ? REMEMBER_MS : SESSION_MS;
}

export function sessionIdOf(cookie: string): string {
  return sha256(cookie);
}

/** A password attempt counts against the account (by email, known or not) and the client address. */
export function passwordSubjects(tenantId: string, email: string, ip: string): ThrottleSubject[] {
  return [throttleSubjects.account(tenantId, email), throttleSubjects.address(ip)];
}

/** A second-factor code counts against the second factor (which locks) as well as the account and address. */
function codeSubjects(tenantId: string, email: string, ip: string): ThrottleSubject[] {
  return [throttleSubjects.secondFactor(tenantId, email), ...passwordSubjects(tenantId, email, ip)];
}

/**
 * What a new password ends, in its transaction: every session but `keepSessionId` (the one that
 * changed it, if any), device tokens (and personal access tokens too when `personalTokens` is
 * 'revoke'), and every outstanding reset, email-verification and email-change link: a link mailed
 * before the change could otherwise reset the password again, or move the account to an address
 * someone who knew the old password asked for.
 */
export async function endAccessAfterPasswordChange(
  tx: Tx,
  tenantId: string,
  userId: string,
  now: Date,
  options: { keepSessionId: string | null; personalTokens: 'keep' | 'revoke' },
): Promise<void> {
  await repo.deleteUserSessions(tx, tenantId, userId, options.keepSessionId);
  await repo.revokeUserTokens(tx, tenantId, userId, now, options.personalTokens === 'keep' ? 'device' : undefined);
  await repo.invalidateOneTimeTokens(tx, tenantId, userId, ['password-reset', 'email-verification', 'email-change'], now);
}

export function createAuthService(app: AppContext) {
  const now = () => app.clock.now();
  const throttle = new Throttle(app.db, app.clock);

  async function issueSession(tx: Tx, tenantId: string, userId: string | null, remember: boolean, meta: RequestMeta, extra: { pendingUserId?: string; pendingRemember?: boolean } = {}): Promise<IssuedSession> {
    const cookie = randomToken();
    const csrfToken = randomToken();
    await repo.insertSession(tx, {
      tenantId,
      id: sessionIdOf(cookie),
      userId,
      pendingUserId: extra.pendingUserId ?? null,
      pendingRemember: extra.pendingRemember ?? false,
      csrfToken,
      remember,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      expiresAt: new Date(now().getTime() + sessionLifetime(remember, userId !== null)),
    });
    return { cookie, csrfToken, remember };
  }

  /** Replaces the current session with a fresh id: no session fixation across sign-in. */
  async function rotateInto(tx: Tx, tenantId: string, oldSessionId: string | null, userId: string, remember: boolean, meta: RequestMeta): Promise<IssuedSession> {
    if (oldSessionId) await repo.deleteSession(tx, tenantId, oldSessionId);
    const issued = await issueSession(tx, tenantId, userId, remember, meta);
    await repo.insertAccessLog(tx, { tenantId, id: newId(), userId, ip: meta.ip, device: meta.userAgent?.slice(0, 500) ?? null, loggedInAt: now() });
    return issued;
  }

  async function checkCredentials(tx: Tx, tenantId: string, email: string, password: string): Promise<repo.UserRow> {
    const user = await repo.findUserByEmail(tx, tenantId, email);
    const valid = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !valid || user.status !== 'active') throw AppError.validation('email', messages.invalidCredentials);
    return user;
  }

  async function sendVerificationInTx(tx: Tx, tenantId: string, user: repo.UserRow, meta: RequestMeta): Promise<string> {
    await repo.invalidateOneTimeTokens(tx, tenantId, user.id, ['email-verification'], now());
    const token = randomToken();
    await repo.insertOneTimeToken(tx, {
      tenantId,
      id: newId(),
      userId: user.id,
      purpose: 'email-verification',
      tokenHash: sha256(token),
      expiresAt: new Date(now().getTime() + VERIFY_HOURS * 3_600_000),
    });
    const url = `${meta.origin}/verify-user?token=${token}`;
    const mail = await templatedMail(tx, tenantId, 'email_verification', { to: user.email, variables: { verify_url: url, expires_in_hours: VERIFY_HOURS }, secrets: [token] });
    return app.outbox.write(tx, tenantId, mail);
  }

  return {
    async guestSession(tenantId: string, meta: RequestMeta): Promise<IssuedSession> {
      return inTenant(app.db, tenantId, (tx) => issueSession(tx, tenantId, null, false, meta));
    },

    /** Password step. With 2FA on, the session only remembers who is half-way in. */
    async login(tenantId: string, sessionId: string | null, input: { email: string; password: string; remember: boolean }, meta: RequestMeta): Promise<{ twoFactor: boolean; session: IssuedSession }> {
      return throttle.guard(passwordSubjects(tenantId, input.email, meta.ip), () =>
        inTenant(app.db, tenantId, async (tx) => {
          const user = await checkCredentials(tx, tenantId, input.email, input.password);
          if (user.twoFactorConfirmedAt && user.twoFactorSecret) {
            if (sessionId) await repo.deleteSession(tx, tenantId, sessionId);
            const session = await issueSession(tx, tenantId, null, false, meta, { pendingUserId: user.id, pendingRemember: input.remember });
            return { twoFactor: true, session };
          }
          return { twoFactor: false, session: await rotateInto(tx, tenantId, sessionId, user.id, input.remember, meta) };
        }),
      );
    },

    async twoFactorChallenge(tenantId: string, sessionId: string, pendingUserId: string, remember: boolean, input: { code?: string | undefined; recovery_code?: string | undefined }, meta: RequestMeta): Promise<IssuedSession> {
      const pending = await inTenant(app.db, tenantId, (tx) => repo.findUserById(tx, tenantId, pendingUserId));
      if (!pending) throw AppError.validation('code', messages.invalidTwoFactorCode);
      return throttle.guard(codeSubjects(tenantId, pending.email, meta.ip), () => inTenant(app.db, tenantId, async (tx) => {
        const user = await repo.findUserById(tx, tenantId, pendingUserId);
        if (!user || user.status !== 'active' || !user.twoFactorSecret) throw AppError.validation('code', messages.invalidTwoFactorCode);
        if (input.code) {
          const step = await verifyTotp(app.secretBox.open(user.twoFactorSecret), input.code, now(), user.twoFactorLastStep);
          if (step === null) throw AppError.validation('code', messages.invalidTwoFactorCode);
          await repo.updateUser(tx, tenantId, user.id, { twoFactorLastStep: step });
        } else {
          const hashed = sha256((input.recovery_code ?? '').trim());
          const codes = user.twoFactorRecoveryCodes ?? [];
          const match = codes.find((c) => constantTimeEqual(c, hashed));
          if (!match) throw AppError.validation('recovery_code', messages.invalidRecoveryCode);
          await repo.updateUser(tx, tenantId, user.id, { twoFactorRecoveryCodes: codes.filter((c) => c !== match) });
        }
        return rotateInto(tx, tenantId, sessionId, user.id, remember, meta);
      }));
    },

    async logout(tenantId: string, sessionId: string): Promise<void> {
      await inTenant(app.db, tenantId, (tx) => repo.deleteSession(tx, tenantId, sessionId));
    },

    /** Token API: a bearer token for a device, after the password (and the TOTP code when 2FA is on). */
    async tokenLogin(tenantId: string, input: { email: string; password: string; device_name: string; code?: string | undefined }, meta: RequestMeta) {
      const user = await throttle.guard(passwordSubjects(tenantId, input.email, meta.ip), () => inTenant(app.db, tenantId, (tx) => checkCredentials(tx, tenantId, input.email, input.password)));
      if (user.twoFactorConfirmedAt && user.twoFactorSecret) {
        const code = input.code;
        // Asking without a code is not a guess: the client learns it needs one.
        if (!code) throw AppError.validation('code', messages.invalidTwoFactorCode);
        await throttle.guard(codeSubjects(tenantId, user.email, meta.ip), () =>
          inTenant(app.db, tenantId, async (tx) => {
            const current = await repo.findUserById(tx, tenantId, user.id);
            if (!current?.twoFactorSecret) throw AppError.validation('code', messages.invalidTwoFactorCode);
            const step = await verifyTotp(app.secretBox.open(current.twoFactorSecret), code, now(), current.twoFactorLastStep);
            if (step === null) throw AppError.validation('code', messages.invalidTwoFactorCode);
            await repo.updateUser(tx, tenantId, user.id, { twoFactorLastStep: step });
          }),
        );
      }
      return inTenant(app.db, tenantId, async (tx) => {
        const plain = randomToken();
        const expiresAt = new Date(now().getTime() + DEVICE_TOKEN_MS);
        const token = await repo.insertAccessToken(tx, { tenantId, id: newId(), userId: user.id, kind: 'device', name: input.device_name, tokenHash: sha256(plain), expiresAt });
        await repo.insertAccessLog(tx, { tenantId, id: newId(), userId: user.id, ip: meta.ip, device: input.device_name, loggedInAt: now() });
        return { token: `${token.id}|${plain}`, token_type: 'Bearer' as const, expires_at: expiresAt.toISOString() };
      });
    },

    async revokeToken(tenantId: string, userId: string, tokenId: string): Promise<void> {
      await inTenant(app.db, tenantId, (tx) => repo.revokeAccessToken(tx, tenantId, userId, tokenId, now()));
    },

    async resendVerification(tenantId: string, userId: string, meta: RequestMeta): Promise<void> {
      await inTenant(app.db, tenantId, async (tx) => {
        const user = await repo.findUserById(tx, tenantId, userId);
        if (!user || user.emailVerifiedAt) return null;
        return sendVerificationInTx(tx, tenantId, user, meta);
      });
    },

    /**
     * The link in a verification mail: either an email-verification link of an account, or the
     * link that finishes a sign-up (the account is made now). Wrong links count against the address.
     */
    async verifyEmail(tenantId: string, token: string, ip: string): Promise<void> {
      const tokenHash = sha256(token);
      await throttle.guard([throttleSubjects.address(ip)], () =>
        // Two sign-ups of one address confirmed at once: the second finds the address taken.
        refusingTaken({ users_email_tenant_unique: { field: 'token', message: messages.invalidToken } }, () =>
          inTenant(app.db, tenantId, async (tx) => {
            const used = await repo.consumeOneTimeToken(tx, tenantId, tokenHash, 'email-verification', now());
            if (used) {
              await repo.updateUser(tx, tenantId, used.userId, { emailVerifiedAt: now() });
              return;
            }
            if (!(await completeSignUpInTx(tx, tenantId, tokenHash, now()))) throw AppError.validation('token', messages.invalidToken);
          }),
        ),
      );
    },

    async invitation(tenantId: string, token: string, ip: string) {
      const found = await throttle.guard([throttleSubjects.address(ip)], async () => {
        const row = await inTenant(app.db, tenantId, (tx) => repo.findOneTimeToken(tx, tenantId, sha256(token), 'invitation', now()));
        if (!row) throw AppError.notFound(messages.invalidToken);
        return row;
      });
      return { email: found.user.email, business_name: found.businessName, has_password: found.user.passwordHash !== null };
    },

    /** Accepting sets the name and password (the "set password" step) and activates the membership. */
    async acceptInvitation(tenantId: string, token: string, input: { name: string; password: string }, ip: string): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      await throttle.guard([throttleSubjects.address(ip)], () => inTenant(app.db, tenantId, async (tx) => {
        const used = await repo.consumeOneTimeToken(tx, tenantId, sha256(token), 'invitation', now());
        if (!used) throw AppError.notFound(messages.invalidToken);
        const user = await repo.findUserById(tx, tenantId, used.userId);
        if (!user || user.status === 'disabled') throw AppError.notFound(messages.invalidToken);
        // Without a business the invitation is to the tenant's internal team.
        if (!used.businessId && !user.isPlatformUser) throw AppError.notFound(messages.invalidToken);
        await repo.updateUser(tx, tenantId, user.id, {
          name: input.name,
          ...(user.passwordHash ? {} : { passwordHash }),
          status: 'active',
          emailVerifiedAt: user.emailVerifiedAt ?? now(),
        });
        if (used.businessId) await repo.activateMemberships(tx, tenantId, user.id, used.businessId);
      }));
    },

    async confirmPassword(tenantId: string, signedIn: { id: string; email: string }, sessionId: string | null, password: string, ip: string): Promise<void> {
      await throttle.guard(passwordSubjects(tenantId, signedIn.email, ip), () =>
        inTenant(app.db, tenantId, async (tx) => {
          const user = await repo.findUserById(tx, tenantId, signedIn.id);
          if (!user || !(await verifyPassword(user.passwordHash, password))) throw AppError.validation('password', messages.currentPasswordWrong);
          if (sessionId) await repo.updateSession(tx, tenantId, sessionId, { passwordConfirmedAt: now() });
        }),
      );
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
