import { z } from 'zod';
import { type SignUpRequest, businessStructures, businessTypes, messages, signUpRequestSchema } from '@app/contracts';
import type { AppDb, Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext, RequestMeta } from '../../platform/app-context';
import type { Clock } from '../../platform/clock';
import { newId, randomToken, sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { type JobQueue, periodicJob } from '../../platform/jobs';
import { hashPassword } from '../../platform/passwords';
import type { MailDraft } from '../../platform/outbox';
import type { TenantRecord } from '../../platform/request-context';
import { createBusinessInTx } from '../businesses/businesses.service';
import { templatedMail } from '../email-templates/email-templates.port';
import * as repo from './auth.repository';

export const SIGN_UP_MAIL_JOB = 'sign-up-mail';
export const EXPIRE_PENDING_SIGN_UPS_JOB = 'pending-sign-ups-expire';
const SIGN_UP_HOURS = 48;

const signUpMailJobSchema = z.object({ tenantId: z.string().uuid(), pendingSignUpId: z.string().uuid(), origin: z.string() });
type SignUpMailJob = z.infer<typeof signUpMailJobSchema>;

function verificationMail(tx: Tx, tenantId: string, to: string, origin: string, token: string): Promise<MailDraft> {
  return templatedMail(tx, tenantId, 'sign_up_verification', { to, variables: { verify_url: `${origin}/verify-user?token=${token}`, expires_in_hours: SIGN_UP_HOURS }, secrets: [token] });
}

function accountExistsMail(tx: Tx, tenantId: string, to: string, origin: string): Promise<MailDraft> {
  return templatedMail(tx, tenantId, 'sign_up_account_exists', { to, variables: { login_url: `${origin}/login`, forgot_password_url: `${origin}/forgot-password` }, secrets: [] });
}

/**
 * Sign-up answers the same whether or not the address has an account (user enumeration): the
 * request only stores the sign-up and queues a job, and the job mails either the link that
 * finishes it or, to an address that already has an account, a note that someone tried.
 */
export function createSignUpService(app: AppContext) {
  const now = () => app.clock.now();

  return {
    async signUp(tenant: TenantRecord, input: SignUpRequest, meta: RequestMeta): Promise<void> {
      if (!tenant.allowBusinessSignup) throw AppError.forbidden(messages.featureNotEnabled);
      const fields = signUpRequestSchema.parse(input);
      const passwordHash = await hashPassword(fields.password);
      const id = newId();
      await inTenant(app.db, tenant.id, (tx) =>
        repo.insertPendingSignUp(tx, {
          tenantId: tenant.id,
          id,
          email: fields.email.toLowerCase(),
          name: fields.name,
          phone: fields.phone || null,
          passwordHash,
          businessName: fields.business_name,
          businessType: fields.business_type,
          businessStructure: fields.business_structure,
          expiresAt: new Date(now().getTime() + SIGN_UP_HOURS * 3_600_000),
        }),
      );
      const job: SignUpMailJob = { tenantId: tenant.id, pendingSignUpId: id, origin: meta.origin };
      await app.jobs.send(SIGN_UP_MAIL_JOB, job);
    },

    /** The job. Idempotent: a sign-up whose link was issued, or that was dropped, mails nothing again. */
    async writeMail(data: Record<string, unknown>): Promise<void> {
      const { tenantId, pendingSignUpId, origin } = signUpMailJobSchema.parse(data);
      await inTenant(app.db, tenantId, async (tx) => {
        const pending = await repo.findPendingSignUp(tx, tenantId, pendingSignUpId);
        if (!pending || pending.tokenHash) return null;
        const existing = await repo.findUserByEmail(tx, tenantId, pending.email);
        if (existing) {
          await repo.deletePendingSignUp(tx, tenantId, pending.id);
          return app.outbox.write(tx, tenantId, await accountExistsMail(tx, tenantId, existing.email, origin));
        }
        const token = randomToken();
        await repo.setPendingSignUpToken(tx, tenantId, pending.id, sha256(token));
        return app.outbox.write(tx, tenantId, await verificationMail(tx, tenantId, pending.email, origin, token));
      });
    },
  };
}

export type SignUpService = ReturnType<typeof createSignUpService>;

/**
 * Finishes the sign-up whose link has this token, in the caller's transaction: the account (its
 * address verified by the link) and its business are made now, and other sign-ups of the address
 * are dropped. False when no unexpired sign-up has the token, or the address got an account since.
 * The person then signs in with their password: the link alone never opens a session, so a
 * sign-up someone else made with your address cannot hand you an account whose password they know.
 */
export async function completeSignUpInTx(tx: Tx, tenantId: string, tokenHash: string, now: Date): Promise<boolean> {
  const pending = await repo.consumePendingSignUp(tx, tenantId, tokenHash, now);
  if (!pending) return false;
  if (await repo.findUserByEmail(tx, tenantId, pending.email)) return false;
  const user = await repo.insertUser(tx, {
    tenantId,
    id: newId(),
    name: pending.name,
    email: pending.email,
    phone: pending.phone,
    passwordHash: pending.passwordHash,
    status: 'active',
    emailVerifiedAt: now,
  });
  await createBusinessInTx(tx, tenantId, user.id, {
    name: pending.businessName,
    email: pending.email,
    business_type: z.enum(businessTypes).parse(pending.businessType),
    business_structure: z.enum(businessStructures).parse(pending.businessStructure),
  });
  await repo.deletePendingSignUpsFor(tx, tenantId, pending.email);
  return true;
}

/** Hourly: sign-ups never confirmed are deleted once their link has expired. */
export function createPendingSignUpExpiryJob(app: { db: AppDb; jobs: JobQueue; clock: Clock }) {
  return periodicJob(app.jobs, EXPIRE_PENDING_SIGN_UPS_JOB, () => repo.expirePendingSignUps(app.db, app.clock.now()));
}
