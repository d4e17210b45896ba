import {
  type PlatformUserResource,
  invitePlatformUserRequestSchema,
  listMeta,
  messages,
  platformUsersQuerySchema,
  updatePlatformUserRequestSchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext, RequestMeta } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { requireGrantable } from '../../platform/grants';
import * as authPort from '../auth/auth.port';
import { writeInvitation } from '../auth/invitation-mail';
import * as repo from './platform-users.repository';

type ListQuery = z.output<typeof platformUsersQuerySchema>;
type Found = NonNullable<Awaited<ReturnType<typeof repo.findPlatformUser>>>;

function toResource(found: Found): PlatformUserResource {
  const { user } = found;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    status: user.status,
    role: found.roleId && found.roleName ? { id: found.roleId, name: found.roleName } : null,
    created_at: user.createdAt.toISOString(),
  };
}

function auditView(found: Found): Record<string, unknown> {
  return { name: found.user.name, email: found.user.email, phone: found.user.phone, status: found.user.status, platform_role_id: found.roleId };
}

const ORDER_FIELDS = new Set(['name', 'email', 'created_at']);

/** Admin area → users: the tenant's internal team (platform users). */
export function createPlatformUserService(app: AppContext) {
  async function load(tx: Tx, tenantId: string, id: string): Promise<Found> {
    const found = await repo.findPlatformUser(tx, tenantId, id);
    if (!found) throw AppError.notFound();
    return found;
  }

  async function role(tx: Tx, tenantId: string, roleId: string) {
    const found = await repo.findPlatformRole(tx, tenantId, roleId);
    if (!found) throw AppError.validation('role_id', messages.roleNotFound);
    return found;
  }

  return {
    async list(tenantId: string, query: ListQuery) {
      const field = query.orderByField && ORDER_FIELDS.has(query.orderByField) ? (query.orderByField as 'name' | 'email' | 'created_at') : 'created_at';
      const order = { field, direction: query.orderBy ?? (field === 'created_at' ? 'desc' : 'asc') } as const;
      return inTenant(app.db, tenantId, async (tx) => {
        const filter = { status: query.status, search: query.search };
        const rows = await repo.listPlatformUsers(tx, tenantId, filter, order, Math.max(query.page - 1, 0) * query.limit, query.limit);
        const total = await repo.countPlatformUsers(tx, tenantId, filter);
        const all = await repo.countPlatformUsers(tx, tenantId, { status: 'all' });
        return { data: rows.map(toResource), meta: { ...listMeta(query.page, query.limit, total), user_total_count: all } };
      });
    },

    async get(tenantId: string, id: string): Promise<PlatformUserResource> {
      return toResource(await inTenant(app.db, tenantId, (tx) => load(tx, tenantId, id)));
    },

    /** A new internal team member in status invited, with a mail to set their password; the caller holds every ability of the role. */
    async invite(actor: AuditActor, callerAbilities: readonly string[], input: z.output<typeof invitePlatformUserRequestSchema>, meta: RequestMeta): Promise<PlatformUserResource> {
      const tenantId = actor.tenantId;
      return inTenant(app.db, tenantId, async (tx) => {
        const existing = await authPort.findUserByEmail(tx, tenantId, input.email);
        if (existing) throw AppError.validation('email', existing.isPlatformUser ? messages.userAlreadyExists : messages.alreadyOnExternalTeam);
        const platformRole = await role(tx, tenantId, input.role_id);
        requireGrantable(callerAbilities, platformRole.abilities);
        const user = await authPort.insertUser(tx, {
          tenantId,
          id: newId(),
          name: input.name?.trim() || input.email.split('@')[0] || input.email,
          email: input.email,
          isPlatformUser: true,
          platformRoleId: platformRole.id,
          status: 'invited',
        });
        const found = await load(tx, tenantId, user.id);
        await recordAudit(tx, actor, { model: 'user', modelId: user.id, action: 'created', after: auditView(found) });
        await writeInvitation(app, tx, {
          tenantId,
          userId: user.id,
          email: user.email,
          businessId: null,
          origin: meta.origin,
          subject: 'You are invited to join the team',
          line: `You have been invited to the internal team as ${platformRole.name}.`,
        });
        return toResource(found);
      });
    },

    /** A change of role needs every ability of both the user's role and the new one. */
    async update(actor: AuditActor, callerAbilities: readonly string[], id: string, input: z.output<typeof updatePlatformUserRequestSchema>): Promise<PlatformUserResource> {
      const tenantId = actor.tenantId;
      return inTenant(app.db, tenantId, async (tx) => {
        const before = await load(tx, tenantId, id);
        const platformRole = await role(tx, tenantId, input.role_id);
        // Changing one's own role could lock the last administrator out.
        if (id === actor.userId && platformRole.id !== before.roleId) throw AppError.validation('role_id', messages.cannotChangeSelf);
        if (platformRole.id !== before.roleId) requireGrantable(callerAbilities, [...(before.roleAbilities ?? []), ...platformRole.abilities]);
        await authPort.updateUser(tx, tenantId, id, { name: input.name, phone: input.phone || null, platformRoleId: platformRole.id });
        const after = await load(tx, tenantId, id);
        await recordAudit(tx, actor, { model: 'user', modelId: id, action: 'updated', before: auditView(before), after: auditView(after) });
        return toResource(after);
      });
    },

    /** Disabling ends the user's sessions and tokens at once; enabling restores the status they had earned. */
    async setDisabled(actor: AuditActor, id: string, disabled: boolean): Promise<PlatformUserResource> {
      const tenantId = actor.tenantId;
      return inTenant(app.db, tenantId, async (tx) => {
        const before = await load(tx, tenantId, id);
        if (id === actor.userId) throw AppError.validation('user', messages.cannotChangeSelf);
        const status = disabled ? 'disabled' : before.user.passwordHash ? 'active' : 'invited';
        await authPort.updateUser(tx, tenantId, id, { status });
        if (disabled) {
          await authPort.deleteUserSessions(tx, tenantId, id);
          await authPort.revokeUserTokens(tx, tenantId, id, app.clock.now());
        }
        const after = await load(tx, tenantId, id);
        await recordAudit(tx, actor, { model: 'user', modelId: id, action: 'updated', before: auditView(before), after: auditView(after) });
        return toResource(after);
      });
    },

    /**
     * Takes the user off the internal team. Their row stays, because the append-only access log
     * refers to it: they lose the platform flag and role, every session, token and mailed link;
     * an account with no business of its own also loses its password and its address (freed for
     * a new invitation) and stays disabled. Nobody deletes themselves, a user with abilities the
     * caller lacks, or the last super admin.
     */
    async remove(actor: AuditActor, callerAbilities: readonly string[], id: string): Promise<void> {
      const tenantId = actor.tenantId;
      await inTenant(app.db, tenantId, async (tx) => {
        const before = await load(tx, tenantId, id);
        if (id === actor.userId) throw AppError.validation('user', messages.cannotDeleteSelf);
        requireGrantable(callerAbilities, before.roleAbilities ?? []);
        if ((before.roleAbilities ?? []).includes('*') && (await repo.countOtherSuperAdmins(tx, tenantId, id)) === 0) throw AppError.validation('user', messages.lastSuperAdmin);
        const keepsBusinessAccount = await repo.hasBusinessMemberships(tx, tenantId, id);
        await authPort.updateUser(tx, tenantId, id, {
          isPlatformUser: false,
          platformRoleId: null,
          ...(keepsBusinessAccount ? {} : { status: 'disabled', passwordHash: null, email: `deleted-${id}@deleted.invalid` }),
        });
        await authPort.deleteUserSessions(tx, tenantId, id);
        await authPort.revokeUserTokens(tx, tenantId, id, app.clock.now());
        await authPort.invalidateOneTimeTokens(tx, tenantId, id, ['password-reset', 'email-verification', 'email-change'], app.clock.now());
        await recordAudit(tx, actor, { model: 'user', modelId: id, action: 'deleted', before: auditView(before) });
      });
    },
  };
}

export type PlatformUserService = ReturnType<typeof createPlatformUserService>;
