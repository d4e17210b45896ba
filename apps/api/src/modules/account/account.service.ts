import {
  type AccessTokenResource,
  CHANGED_PASSWORD_TOKEN_LIST_LIMIT,
  type ChangePasswordRequest,
  type UpdateMeRequest,
  type UserResource,
  type UserSettings,
  formatMessage,
  messages,
  userSettingKeys,
  userSettingsSchema,
} from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext, RequestMeta } from '../../platform/app-context';
import { newId, randomToken, sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { pdfTemplateChoices } from '../pdf-templates/pdf-templates.port';
import { FILES_PREFIX, type ImageKind, newImageKey } from '../../platform/storage';
import { Throttle } from '../../platform/throttle';
import { newTotpSecret, totpUri, verifyTotp } from '../../platform/totp';
import { warnOnce } from '../../platform/warnings';
import * as authPort from '../auth/auth.port';
import { endAccessAfterPasswordChange, passwordSubjects } from '../auth/auth.service';
import { securitySettingsInTx } from '../tenants/security-settings.service';
import * as repo from './account.repository';
import { createEmailChangeService } from './email-change';

/** The signed-in user a request acts for: the id, and the email its failed attempts count against. */
export type SignedInUser = { id: string; email: string };

const PASSWORD_CONFIRM_MS = 3 * 3_600_000;
const RECOVERY_CODE_COUNT = 8;

function toUserResource(row: authPort.UserRow, pendingEmail: string | null): UserResource {
  return {
    id: row.id,
    name: row.name,
    first_name: row.firstName,
    email: row.email,
    pending_email: pendingEmail,
    phone: row.phone,
    avatar: row.avatar,
    language: row.language,
    is_platform_user: row.isPlatformUser,
    email_verified: row.emailVerifiedAt !== null,
    status: row.status,
    two_factor: { enabled: row.twoFactorSecret !== null, confirmed: row.twoFactorConfirmedAt !== null },
    created_at: row.createdAt.toISOString(),
  };
}

/** The user with the address change waiting for its link, read in the caller's transaction. */
export async function userResourceInTx(tx: Tx, tenantId: string, row: authPort.UserRow, now: Date): Promise<UserResource> {
  return toUserResource(row, await repo.findPendingEmail(tx, tenantId, row.id, now));
}

/** Each stored user setting on its own: one that no longer passes its rule is left out (the default applies) and logged once. */
export function userSettingsOf(row: authPort.UserRow): UserSettings {
  const stored: Record<string, unknown> = { ...row.settings, language: row.language };
  const settings: UserSettings = {};
  for (const key of userSettingKeys) {
    if (stored[key] === undefined) continue;
    const parsed = userSettingsSchema.shape[key].safeParse(stored[key]);
    if (parsed.success) Object.assign(settings, { [key]: parsed.data });
    else warnOnce(`user-setting:${row.id}:${key}`, `User ${row.id}: the stored setting ${key} is invalid; its default is used until it is saved again.`);
  }
  return settings;
}

/** A default template must be one of the kind's PDF templates, built-in or the tenant's (the schema only bounds its length). */
async function checkDefaultTemplates(tx: Tx, tenantId: string, settings: UserSettings): Promise<void> {
  const choices = [
    ['default_invoice_template', settings.default_invoice_template, 'invoice'],
    ['default_estimate_template', settings.default_estimate_template, 'estimate'],
  ] as const;
  for (const [field, name, kind] of choices) {
    if (name && !(await pdfTemplateChoices(tx, tenantId, kind)).names.has(name)) throw AppError.validation(`settings.${field}`, messages.invalidTemplate);
  }
}

function tokenResource(row: repo.AccessTokenRow, now: Date): AccessTokenResource {
  const expired = row.revokedAt !== null || row.expiresAt <= now;
  return {
    id: row.id,
    name: row.name,
    expires_at: row.expiresAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    status: expired ? 'expired' : 'active',
  };
}

function newRecoveryCode(): string {
  const raw = randomToken(10).replace(/[^A-Za-z0-9]/g, '').slice(0, 10).toLowerCase();
  return `${raw.slice(0, 5)}-${raw.slice(5, 10)}`;
}

export function createAccountService(app: AppContext) {
  const now = () => app.clock.now();
  const throttle = new Throttle(app.db, app.clock);
  const emailChanges = createEmailChangeService(app);

  async function loadUser(tenantId: string, userId: string): Promise<authPort.UserRow> {
    const row = await inTenant(app.db, tenantId, (tx) => authPort.findUserById(tx, tenantId, userId));
    if (!row) throw AppError.unauthenticated();
    return row;
  }

  function requireRecentConfirmation(passwordConfirmedAt: Date | null): void {
    if (!passwordConfirmedAt || now().getTime() - passwordConfirmedAt.getTime() > PASSWORD_CONFIRM_MS) {
      throw new AppError('password_confirmation_required', messages.passwordConfirmationRequired, 423);
    }
  }

  return {
    /** The user as `GET /me` and `/bootstrap` show it: with the address change waiting for its link, if any. */
    async userResource(tenantId: string, row: authPort.UserRow): Promise<UserResource> {
      return inTenant(app.db, tenantId, (tx) => userResourceInTx(tx, tenantId, row, now()));
    },

    /**
     * Name, phone and language change at once. A new address needs the current password (a
     * credential attempt, counted like the others) and only waits for its link (email-change.ts):
     * a stolen session alone can neither take the account over nor lock its owner out.
     */
    async updateMe(tenantId: string, signedIn: SignedInUser, input: UpdateMeRequest, meta: RequestMeta): Promise<UserResource> {
      const current = await loadUser(tenantId, signedIn.id);
      const email = input.email.toLowerCase();
      const changesEmail = email !== current.email.toLowerCase();
      if (changesEmail) {
        if (!input.current_password) throw AppError.validation('current_password', messages.currentPasswordForEmail);
        const password = input.current_password;
        await throttle.guard(passwordSubjects(tenantId, signedIn.email, meta.ip), async () => {
          if (!(await verifyPassword(current.passwordHash, password))) throw AppError.validation('current_password', messages.currentPasswordWrong);
        });
      }
      return inTenant(app.db, tenantId, async (tx) => {
        const row = await authPort.updateUser(tx, tenantId, signedIn.id, {
          name: input.name,
          phone: input.phone || null,
          ...(input.language ? { language: input.language } : {}),
        });
        if (changesEmail) await emailChanges.requestInTx(tx, tenantId, row, email, meta.origin);
        return userResourceInTx(tx, tenantId, row, now());
      });
    },

    confirmEmailChange(tenantId: string, token: string, meta: RequestMeta): Promise<void> {
      return emailChanges.confirm(tenantId, token, meta);
    },

    /**
     * The current password counts as a credential attempt. The change ends the other sessions,
     * device tokens and mailed reset and verification links (this session stays); personal access
     * tokens keep working, and the answer lists the active ones so the user can revoke them.
     */
    async changePassword(tenantId: string, signedIn: SignedInUser, sessionId: string | null, input: ChangePasswordRequest, ip: string) {
      const current = await loadUser(tenantId, signedIn.id);
      await throttle.guard(passwordSubjects(tenantId, signedIn.email, ip), async () => {
        if (!(await verifyPassword(current.passwordHash, input.current_password))) throw AppError.validation('current_password', messages.currentPasswordWrong);
      });
      const passwordHash = await hashPassword(input.password);
      const at = now();
      const { rows, total } = await inTenant(app.db, tenantId, async (tx) => {
        await authPort.updateUser(tx, tenantId, signedIn.id, { passwordHash });
        await endAccessAfterPasswordChange(tx, tenantId, signedIn.id, at, { keepSessionId: sessionId, personalTokens: 'keep' });
        return repo.listPersonalTokens(tx, tenantId, signedIn.id, 'active', at, 0, CHANGED_PASSWORD_TOKEN_LIST_LIMIT);
      });
      return {
        success: true,
        message: messages.passwordChanged,
        personal_access_tokens: rows.map((row) => tokenResource(row, at)),
        personal_access_token_count: total,
      };
    },

    async uploadAvatar(tenantId: string, userId: string, { content, kind }: { content: Buffer; kind: ImageKind }): Promise<string> {
      const key = newImageKey(tenantId, 'avatars', kind);
      await app.storage.put(key, content);
      const url = `${FILES_PREFIX}${key}`;
      await inTenant(app.db, tenantId, (tx) => authPort.updateUser(tx, tenantId, userId, { avatar: url }));
      return url;
    },

    async settings(tenantId: string, userId: string, keys: readonly string[]): Promise<Record<string, string | null>> {
      const all = userSettingsOf(await loadUser(tenantId, userId));
      const out: Record<string, string | null> = {};
      for (const [key, value] of Object.entries(all)) if (keys.length === 0 || keys.includes(key)) out[key] = value ?? null;
      return out;
    },

    async updateSettings(tenantId: string, userId: string, settings: UserSettings): Promise<void> {
      await inTenant(app.db, tenantId, async (tx) => {
        await checkDefaultTemplates(tx, tenantId, settings);
        const current = await authPort.findUserById(tx, tenantId, userId);
        if (!current) throw AppError.unauthenticated();
        const { language, ...rest } = settings;
        await authPort.updateUser(tx, tenantId, userId, { settings: { ...current.settings, ...rest }, ...(language ? { language } : {}) });
      });
    },

    passwordConfirmed(passwordConfirmedAt: Date | null): boolean {
      return passwordConfirmedAt !== null && now().getTime() - passwordConfirmedAt.getTime() <= PASSWORD_CONFIRM_MS;
    },

    async enableTwoFactor(tenantId: string, userId: string, passwordConfirmedAt: Date | null, issuer: string) {
      requireRecentConfirmation(passwordConfirmedAt);
      const secret = newTotpSecret();
      const user = await inTenant(app.db, tenantId, (tx) =>
        authPort.updateUser(tx, tenantId, userId, { twoFactorSecret: app.secretBox.seal(secret), twoFactorConfirmedAt: null, twoFactorLastStep: null, twoFactorRecoveryCodes: null }),
      );
      return { secret, otpauth_url: totpUri(secret, issuer, user.email) };
    },

    async confirmTwoFactor(tenantId: string, signedIn: SignedInUser, code: string, ip: string): Promise<string[]> {
      return throttle.guard(passwordSubjects(tenantId, signedIn.email, ip), () =>
        inTenant(app.db, tenantId, async (tx) => {
          const user = await authPort.findUserById(tx, tenantId, signedIn.id);
          if (!user?.twoFactorSecret) throw AppError.validation('code', messages.invalidTwoFactorCode);
          const step = await verifyTotp(app.secretBox.open(user.twoFactorSecret), code, now(), user.twoFactorLastStep);
          if (step === null) throw AppError.validation('code', messages.invalidTwoFactorCode);
          const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
          await authPort.updateUser(tx, tenantId, signedIn.id, { twoFactorConfirmedAt: now(), twoFactorLastStep: step, twoFactorRecoveryCodes: codes.map(sha256) });
          return codes;
        }),
      );
    },

    async regenerateRecoveryCodes(tenantId: string, userId: string, passwordConfirmedAt: Date | null): Promise<string[]> {
      requireRecentConfirmation(passwordConfirmedAt);
      return inTenant(app.db, tenantId, async (tx) => {
        const user = await authPort.findUserById(tx, tenantId, userId);
        if (!user?.twoFactorConfirmedAt) throw AppError.validation('code', 'Two-factor authentication is not enabled.');
        const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
        await authPort.updateUser(tx, tenantId, userId, { twoFactorRecoveryCodes: codes.map(sha256) });
        return codes;
      });
    },

    async disableTwoFactor(tenantId: string, userId: string, passwordConfirmedAt: Date | null): Promise<void> {
      requireRecentConfirmation(passwordConfirmedAt);
      await inTenant(app.db, tenantId, (tx) =>
        authPort.updateUser(tx, tenantId, userId, { twoFactorSecret: null, twoFactorConfirmedAt: null, twoFactorLastStep: null, twoFactorRecoveryCodes: null }),
      );
    },

    /** A page of the user's personal access tokens, with the tenant's maximum lifetime for the create form. */
    async listTokens(tenantId: string, userId: string, status: 'active' | 'expired' | 'all', page: number, limit: number) {
      const at = now();
      const { rows, total, maxDays } = await inTenant(app.db, tenantId, async (tx) => ({
        ...(await repo.listPersonalTokens(tx, tenantId, userId, status, at, Math.max(page - 1, 0) * limit, limit)),
        maxDays: (await securitySettingsInTx(tx, tenantId)).personal_token_max_days,
      }));
      return { data: rows.map((r) => tokenResource(r, at)), total, maxDays };
    },

    /** Every token expires, within the tenant's maximum lifetime: no expiry, or a longer one, is refused (422). */
    async createToken(tenantId: string, userId: string, name: string, expiresInDays: number | null) {
      const plain = randomToken();
      const at = now();
      const row = await inTenant(app.db, tenantId, async (tx) => {
        const maxDays = (await securitySettingsInTx(tx, tenantId)).personal_token_max_days;
        if (expiresInDays === null || expiresInDays > maxDays) throw AppError.validation('expires_in_days', formatMessage(messages.tokenExpiryTooLong, { days: String(maxDays) }));
        const expiresAt = new Date(at.getTime() + expiresInDays * 86_400_000);
        return authPort.insertAccessToken(tx, { tenantId, id: newId(), userId, kind: 'personal', name, tokenHash: sha256(plain), expiresAt });
      });
      return { data: tokenResource(row, at), plain_text_token: `${row.id}|${plain}` };
    },

    async revokeToken(tenantId: string, userId: string, tokenId: string): Promise<void> {
      const revoked = await inTenant(app.db, tenantId, (tx) => authPort.revokeAccessToken(tx, tenantId, userId, tokenId, now()));
      if (!revoked) throw AppError.notFound();
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
