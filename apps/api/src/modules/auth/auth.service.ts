import { type SignUpRequest, messages, signUpRequestSchema } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext, RequestMeta } from '../../platform/app-context';
import { constantTimeEqual, newId, randomToken, sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { simpleMailHtml } from '../../platform/mail';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { TenantRecord } from '../../platform/request-context';
import { verifyTotp } from '../../platform/totp';
import { createBusinessInTx } from '../businesses/businesses.service';
import * as repo from './auth.repository';

const GUEST_SESSION_MS = 2 * 3_600_000;
const SESSION_MS = 2 * 3_600_000;
const REMEMBER_MS = 30 * 86_400_000;
const RESET_MINUTES = 60;
const VERIFY_HOURS = 48;

export type IssuedSession = { cookie: string; csrfToken: string; remember: boolean };

function sessionLifetime(remember: boolean, signedIn: boolean): number {
  if (!signedIn) return GUEST_SESSION_MS;
  return remember ? REMEMBER_MS : SESSION_MS;
}

export function sessionIdOf(cookie: string): string {
  return sha256(cookie);
}

export function createAuthService(app: AppContext) {
  const now = () => app.clock.now();

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
    await repo.invalidateOneTimeTokens(tx, tenantId, user.id, 'email-verification', now());
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
    const subject = 'Verify your email address';
    return app.outbox.write(tx, tenantId, {
      to: user.email,
      subject,
      text: `Please confirm your email address by opening this link:\n\n${url}\n\nThe link expires in ${VERIFY_HOURS} hours.`,
      html: simpleMailHtml(subject, ['Please confirm your email address.', `The link expires in ${VERIFY_HOURS} hours.`], { label: 'Verify email', url }),
      secrets: [token],
    });
  }

  return {
    async guestSession(tenantId: string, meta: RequestMeta): Promise<IssuedSession> {
      return inTenant(app.db, tenantId, (tx) => issueSession(tx, tenantId, null, false, meta));
    },

    /** Password step. With 2FA on, the session only remembers who is half-way in. */
    async login(tenantId: string, sessionId: string | null, input: { email: string; password: string; remember: boolean }, meta: RequestMeta): Promise<{ twoFactor: boolean; session: IssuedSession }> {
      return inTenant(app.db, tenantId, async (tx) => {
        const user = await checkCredentials(tx, tenantId, input.email, input.password);
        if (user.twoFactorConfirmedAt && user.twoFactorSecret) {
          if (sessionId) await repo.deleteSession(tx, tenantId, sessionId);
          const session = await issueSession(tx, tenantId, null, false, meta, { pendingUserId: user.id, pendingRemember: input.remember });
          return { twoFactor: true, session };
        }
        return { twoFactor: false, session: await rotateInto(tx, tenantId, sessionId, user.id, input.remember, meta) };
      });
    },

    async twoFactorChallenge(tenantId: string, sessionId: string, pendingUserId: string, remember: boolean, input: { code?: string | undefined; recovery_code?: string | undefined }, meta: RequestMeta): Promise<IssuedSession> {
      return inTenant(app.db, tenantId, async (tx) => {
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
      });
    },

    async logout(tenantId: string, sessionId: string): Promise<void> {
      await inTenant(app.db, tenantId, (tx) => repo.deleteSession(tx, tenantId, sessionId));
    },

    /** Token API: a bearer token for a device, after the password (and the TOTP code when 2FA is on). */
    async tokenLogin(tenantId: string, input: { email: string; password: string; device_name: string; code?: string | undefined }, meta: RequestMeta) {
      return inTenant(app.db, tenantId, async (tx) => {
        const user = await checkCredentials(tx, tenantId, input.email, input.password);
        if (user.twoFactorConfirmedAt && user.twoFactorSecret) {
          if (!input.code) throw AppError.validation('code', messages.invalidTwoFactorCode);
          const step = await verifyTotp(app.secretBox.open(user.twoFactorSecret), input.code, now(), user.twoFactorLastStep);
          if (step === null) throw AppError.validation('code', messages.invalidTwoFactorCode);
          await repo.updateUser(tx, tenantId, user.id, { twoFactorLastStep: step });
        }
        const plain = randomToken();
        const expiresAt = new Date(now().getTime() + REMEMBER_MS);
        const token = await repo.insertAccessToken(tx, { tenantId, id: newId(), userId: user.id, kind: 'device', name: input.device_name, tokenHash: sha256(plain), expiresAt });
        await repo.insertAccessLog(tx, { tenantId, id: newId(), userId: user.id, ip: meta.ip, device: input.device_name, loggedInAt: now() });
        return { token: `${token.id}|${plain}`, token_type: 'Bearer' as const, expires_at: expiresAt.toISOString() };
      });
    },

    async revokeToken(tenantId: string, userId: string, tokenId: string): Promise<void> {
      await inTenant(app.db, tenantId, (tx) => repo.revokeAccessToken(tx, tenantId, userId, tokenId, now()));
    },

    async signUp(tenant: TenantRecord, sessionId: string | null, input: SignUpRequest, meta: RequestMeta): Promise<{ session: IssuedSession; userId: string }> {
      if (!tenant.allowBusinessSignup) throw AppError.forbidden(messages.featureNotEnabled);
      const fields = signUpRequestSchema.parse(input);
      const passwordHash = await hashPassword(fields.password);
      const { session, userId, mailId } = await inTenant(app.db, tenant.id, async (tx) => {
        if (await repo.findUserByEmail(tx, tenant.id, fields.email)) throw AppError.validation('email', messages.emailTaken);
        const user = await repo.insertUser(tx, { tenantId: tenant.id, id: newId(), name: fields.name, email: fields.email, phone: fields.phone || null, passwordHash, status: 'active' });
        await createBusinessInTx(tx, tenant.id, user.id, { name: fields.business_name, email: fields.email, business_type: fields.business_type, business_structure: fields.business_structure });
        const mailId = await sendVerificationInTx(tx, tenant.id, user, meta);
        const issued = await rotateInto(tx, tenant.id, sessionId, user.id, false, meta);
        return { session: issued, userId: user.id, mailId };
      });
      await app.outbox.dispatch(tenant.id, mailId);
      return { session, userId };
    },

    async resendVerification(tenantId: string, userId: string, meta: RequestMeta): Promise<void> {
      const mailId = await inTenant(app.db, tenantId, async (tx) => {
        const user = await repo.findUserById(tx, tenantId, userId);
        if (!user || user.emailVerifiedAt) return null;
        return sendVerificationInTx(tx, tenantId, user, meta);
      });
      if (mailId) await app.outbox.dispatch(tenantId, mailId);
    },

    async verifyEmail(tenantId: string, token: string): Promise<void> {
      await inTenant(app.db, tenantId, async (tx) => {
        const used = await repo.consumeOneTimeToken(tx, tenantId, sha256(token), 'email-verification', now());
        if (!used) throw AppError.validation('token', messages.invalidToken);
        await repo.updateUser(tx, tenantId, used.userId, { emailVerifiedAt: now() });
      });
    },

    /** Always the same answer, whether or not the address has an account. */
    async forgotPassword(tenantId: string, email: string, meta: RequestMeta): Promise<void> {
      const mailId = await inTenant(app.db, tenantId, async (tx) => {
        const user = await repo.findUserByEmail(tx, tenantId, email);
        // Invited people set their password through the invitation; disabled ones get nothing.
        if (!user || user.status !== 'active') return null;
        await repo.invalidateOneTimeTokens(tx, tenantId, user.id, 'password-reset', now());
        const token = randomToken();
        await repo.insertOneTimeToken(tx, { tenantId, id: newId(), userId: user.id, purpose: 'password-reset', tokenHash: sha256(token), expiresAt: new Date(now().getTime() + RESET_MINUTES * 60_000) });
        const url = `${meta.origin}/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
        const subject = 'Reset your password';
        return app.outbox.write(tx, tenantId, {
          to: user.email,
          subject,
          text: `Someone asked to reset the password of your account. If it was you, open this link:\n\n${url}\n\nThe link expires in ${RESET_MINUTES} minutes. If it was not you, ignore this mail.`,
          html: simpleMailHtml(subject, ['Someone asked to reset the password of your account.', `The link expires in ${RESET_MINUTES} minutes. If it was not you, ignore this mail.`], { label: 'Reset password', url }),
          secrets: [token],
        });
      });
      if (mailId) await app.outbox.dispatch(tenantId, mailId);
    },

    async resetPassword(tenantId: string, input: { token: string; email: string; password: string }): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      await inTenant(app.db, tenantId, async (tx) => {
        const used = await repo.consumeOneTimeToken(tx, tenantId, sha256(input.token), 'password-reset', now());
        if (!used) throw AppError.validation('email', messages.invalidToken);
        const user = await repo.findUserById(tx, tenantId, used.userId);
        if (!user || user.email.toLowerCase() !== input.email.toLowerCase()) throw AppError.validation('email', messages.invalidToken);
        await repo.updateUser(tx, tenantId, user.id, { passwordHash, ...(user.emailVerifiedAt ? {} : { emailVerifiedAt: now() }) });
        await repo.deleteUserSessions(tx, tenantId, user.id);
        await repo.revokeUserTokens(tx, tenantId, user.id, now());
      });
    },

    async invitation(tenantId: string, token: string) {
      const found = await inTenant(app.db, tenantId, (tx) => repo.findOneTimeToken(tx, tenantId, sha256(token), 'invitation', now()));
      if (!found) throw AppError.notFound(messages.invalidToken);
      return { email: found.user.email, business_name: found.businessName, has_password: found.user.passwordHash !== null };
    },

    /** Accepting sets the name and password (the "set password" step) and activates the membership. */
    async acceptInvitation(tenantId: string, token: string, input: { name: string; password: string }): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      await inTenant(app.db, tenantId, async (tx) => {
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
      });
    },

    async confirmPassword(tenantId: string, userId: string, sessionId: string | null, password: string): Promise<void> {
      await inTenant(app.db, tenantId, async (tx) => {
        const user = await repo.findUserById(tx, tenantId, userId);
        if (!user || !(await verifyPassword(user.passwordHash, password))) throw AppError.validation('password', messages.currentPasswordWrong);
        if (sessionId) await repo.updateSession(tx, tenantId, sessionId, { passwordConfirmedAt: now() });
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
