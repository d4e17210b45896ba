import { type BusinessOnboardingInfo, type BusinessOnboardingRequest, businessOnboardingRequestSchema, messages } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext, RequestMeta } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { newId, sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { Throttle, throttleSubjects } from '../../platform/throttle';
import * as authPort from '../auth/auth.port';
import * as businessPort from '../businesses/businesses.port';
import * as repo from './counterparties.repository';
import { recordCounterpartyEvent } from './counterparty-events';
import { linkedRecordRow } from './linked-records';
import { ensureOwner, writeOnboardingInvitation } from './network';
import { toCounterpartyResource } from './counterparties.service';

/**
 * The network side of counterparties: (re)inviting a counterparty business's owner and their
 * onboarding, after which every business that recorded them appears on their side too.
 */
export function createOnboardingService(app: AppContext) {
  const now = () => app.clock.now();
  const throttle = new Throttle(app.db, app.clock);

  /**
   * Mirrors every record pointing at the onboarded business: whoever has it as a customer becomes
   * its vendor and vice versa. The mirror is created by the other business, so only it edits it.
   */
  async function mirrorRecords(tx: Tx, actor: AuditActor, businessId: string): Promise<void> {
    const { tenantId } = actor;
    for (const { record, business } of await repo.recordsPointingAt(tx, tenantId, businessId)) {
      if (record.businessId === businessId) continue;
      const scope: repo.Scope = { tenantId, businessId, kind: record.kind === 'customer' ? 'vendor' : 'customer' };
      if (await repo.linkExists(tx, scope, record.businessId)) continue;
      const id = newId();
      await repo.insertCounterparty(tx, linkedRecordRow(scope, id, record.businessId, business));
      const row = await repo.findCounterparty(tx, scope, id);
      if (!row) continue;
      await recordAudit(tx, actor, { model: scope.kind, modelId: id, action: 'created', after: toCounterpartyResource(row) });
      await recordCounterpartyEvent(tx, app.webhookEvents, 'created', row);
    }
  }

  return {
    /** Mails a new onboarding link (the older one stops working) to the owner of a business the caller's business recorded. */
    async resendInvite(actor: AuditActor, callerBusinessId: string, businessId: string, email: string, meta: RequestMeta): Promise<void> {
      const { tenantId } = actor;
      await inTenant(app.db, tenantId, async (tx) => {
        if (!(await repo.knowsBusiness(tx, tenantId, callerBusinessId, businessId))) throw AppError.notFound();
        const [business, inviter, existing] = [
          await businessPort.findBusiness(tx, tenantId, businessId),
          await businessPort.findBusiness(tx, tenantId, callerBusinessId),
          await repo.findOwner(tx, tenantId, businessId),
        ];
        if (!business || !inviter) throw AppError.notFound();
        if (existing && existing.user.email.toLowerCase() !== email.toLowerCase()) throw AppError.validation('email', messages.userEmailMissing);
        const owner = await ensureOwner(tx, tenantId, businessId, email, business.name);
        const kind = (await repo.linkExists(tx, { tenantId, businessId: callerBusinessId, kind: 'customer' }, businessId)) ? 'customer' : 'vendor';
        return writeOnboardingInvitation(app, tx, { tenantId, businessId, businessName: business.name, owner, inviterName: inviter.name, kind, origin: meta.origin });
      });
    },

    /** The public onboarding page: who is invited, to which business, by whom (the latest business that recorded it). */
    async info(tenantId: string, token: string, ip: string): Promise<BusinessOnboardingInfo> {
      return throttle.guard([throttleSubjects.address(ip)], () => inTenant(app.db, tenantId, async (tx) => {
        const found = await repo.findOnboardingToken(tx, tenantId, sha256(token), now());
        const user = found ? await authPort.findUserById(tx, tenantId, found.userId) : undefined;
        const business = found?.businessId ? await businessPort.findBusiness(tx, tenantId, found.businessId) : undefined;
        if (!user || !business || user.status === 'disabled') throw AppError.notFound(messages.invalidToken);
        const inviter = (await repo.recordsPointingAt(tx, tenantId, business.id)).find((r) => r.record.businessId !== business.id);
        return { email: user.email, business_name: business.name, inviter_business_name: inviter?.business.name ?? null, has_password: user.passwordHash !== null };
      }));
    },

    /**
     * Accepting sets the owner's name and password (kept if they already have one), activates
     * the account and the ownership, optionally renames the business, and mirrors the network.
     */
    async accept(tenantId: string, token: string, input: BusinessOnboardingRequest, ip: string): Promise<void> {
      const fields = businessOnboardingRequestSchema.parse(input);
      const passwordHash = await hashPassword(fields.password);
      await throttle.guard([throttleSubjects.address(ip)], () => inTenant(app.db, tenantId, async (tx) => {
        const used = await repo.consumeOnboardingToken(tx, tenantId, sha256(token), now());
        const user = used ? await authPort.findUserById(tx, tenantId, used.userId) : undefined;
        if (!used?.businessId || !user || user.status === 'disabled') throw AppError.notFound(messages.invalidToken);
        const businessId = used.businessId;
        const actor: AuditActor = { tenantId, userId: user.id, businessId, ip };
        await authPort.updateUser(tx, tenantId, user.id, {
          name: fields.name,
          ...(user.passwordHash ? {} : { passwordHash }),
          status: 'active',
          emailVerifiedAt: user.emailVerifiedAt ?? now(),
        });
        await authPort.activateMemberships(tx, tenantId, user.id, businessId);
        if (fields.business_name) {
          const before = await businessPort.findBusiness(tx, tenantId, businessId);
          const after = await businessPort.updateBusiness(tx, tenantId, businessId, { name: fields.business_name });
          await recordAudit(tx, actor, { model: 'business', modelId: businessId, action: 'updated', before: { name: before?.name }, after: { name: after.name } });
        }
        await mirrorRecords(tx, actor, businessId);
      }));
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
