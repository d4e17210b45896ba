import {
  type InviteUserRequest,
  type TeamUserResource,
  type TeamUsersQuery,
  type UpdateTeamUserRequest,
  listMeta,
  messages,
  seededBusinessRoles,
  teamUsersQuerySchema,
} from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext, RequestMeta } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { requireGrantable } from '../../platform/grants';
import * as authPort from '../auth/auth.port';
import { writeInvitation } from '../auth/invitation-mail';
import * as businessPort from '../businesses/businesses.port';
import { ensureTeamRoom } from '../plans/plans.port';
import * as repo from './team.repository';

export function toTeamUser(row: repo.MemberRow): TeamUserResource {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    status: row.status,
    role: { id: row.roleId, name: row.roleName },
    is_owner: row.isOwner,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a membership. */
function auditView(row: repo.MemberRow) {
  return { name: row.name, email: row.email, status: row.status, role: row.roleName, is_owner: row.isOwner };
}

function notAllowed(message: string): AppError {
  return new AppError('not_allowed', message, 403);
}

/** The caller acts on someone else, never on the owner (ownership moves only by transfer). */
function guardTarget(member: repo.MemberRow, callerId: string | null): void {
  if (member.id === callerId) throw notAllowed(messages.cannotChangeSelf);
  if (member.isOwner) throw notAllowed(messages.ownerProtected);
}

export function createTeamService(app: AppContext) {
  const now = () => app.clock.now();

  async function memberOrNotFound(tx: Tx, tenantId: string, businessId: string, userId: string): Promise<repo.MemberRow> {
    const member = await repo.findMember(tx, tenantId, businessId, userId);
    if (!member) throw AppError.notFound();
    return member;
  }

  /** A fresh invitation link (older ones stop working), mailed through the outbox in the caller's transaction. */
  async function issueInvitation(tx: Tx, tenantId: string, businessId: string, user: { id: string; email: string }, roleName: string, meta: RequestMeta): Promise<string> {
    const business = await businessPort.findBusiness(tx, tenantId, businessId);
    if (!business) throw AppError.notFound();
    await repo.invalidateInvitations(tx, tenantId, businessId, user.id, now());
    return writeInvitation(app, tx, {
      tenantId,
      userId: user.id,
      email: user.email,
      businessId,
      origin: meta.origin,
      subject: `You are invited to join ${business.name}`,
      line: `You have been invited to join ${business.name} as ${roleName}.`,
    });
  }

  /** Runs a change to one member and records it; returns the member as it is afterwards. */
  async function changeMember(actor: AuditActor, businessId: string, userId: string, change: (tx: Tx, member: repo.MemberRow) => Promise<void>): Promise<TeamUserResource> {
    const { tenantId } = actor;
    return inTenant(app.db, tenantId, async (tx) => {
      const before = await memberOrNotFound(tx, tenantId, businessId, userId);
      await change(tx, before);
      const after = await memberOrNotFound(tx, tenantId, businessId, userId);
      await recordAudit(tx, actor, { model: 'user', modelId: userId, action: 'updated', before: auditView(before), after: auditView(after) });
      return toTeamUser(after);
    });
  }

  return {
    async list(tenantId: string, businessId: string, input: TeamUsersQuery) {
      const query = teamUsersQuerySchema.parse(input);
      const status = query.status ?? 'all';
      const { page, limit } = query;
      return inTenant(app.db, tenantId, async (tx) => {
        const rows = await repo.listMembers(tx, tenantId, businessId, {
          status,
          search: query.search,
          orderBy: query.orderByField ?? 'created_at',
          direction: query.orderBy ?? (query.orderByField ? 'asc' : 'desc'),
          offset: Math.max(page - 1, 0) * limit,
          limit,
        });
        const total = await repo.countMembers(tx, tenantId, businessId, status, query.search);
        const everyone = status === 'all' && !query.search ? total : await repo.countMembers(tx, tenantId, businessId, 'all');
        return { data: rows.map(toTeamUser), meta: { ...listMeta(page, limit, total), user_total_count: everyone } };
      });
    },

    async get(tenantId: string, businessId: string, userId: string): Promise<TeamUserResource> {
      return toTeamUser(await inTenant(app.db, tenantId, (tx) => memberOrNotFound(tx, tenantId, businessId, userId)));
    },

    /**
     * Invites someone into the business with a role. A new email gets a user in status invited; a
     * user of another business of the tenant gets a membership. Platform users, members and
     * disabled accounts are refused.
     */
    async invite(actor: AuditActor, businessId: string, callerAbilities: readonly string[], input: InviteUserRequest, meta: RequestMeta): Promise<TeamUserResource> {
      const { tenantId } = actor;
      const member = await inTenant(app.db, tenantId, async (tx) => {
        const role = await repo.findBusinessRole(tx, tenantId, businessId, input.role);
        if (!role || role.isSystem) throw AppError.validation('role', messages.roleNotFound);
        requireGrantable(callerAbilities, role.abilities);
        let user = await authPort.findUserByEmail(tx, tenantId, input.email);
        if (user?.isPlatformUser) throw AppError.validation('email', messages.alreadyOnInternalTeam);
        if (user && (await repo.findMember(tx, tenantId, businessId, user.id))) throw AppError.validation('email', messages.alreadyOnExternalTeam);
        if (user?.status === 'disabled') throw AppError.validation('email', messages.userAlreadyExists);
        await ensureTeamRoom(tx, tenantId, businessId, 1);
        user ??= await authPort.insertUser(tx, { tenantId, id: newId(), name: input.name?.trim() || input.email.split('@')[0] || input.email, email: input.email, status: 'invited' });
        await businessPort.insertMembership(tx, { tenantId, businessId, userId: user.id, roleId: role.id, status: 'invited', isOwner: false });
        await issueInvitation(tx, tenantId, businessId, user, role.name, meta);
        const member = await memberOrNotFound(tx, tenantId, businessId, user.id);
        await recordAudit(tx, actor, { model: 'user', modelId: user.id, action: 'created', after: auditView(member) });
        return member;
      });
      return toTeamUser(member);
    },

    /**
     * Name and role. The owner keeps the owner role; nobody changes their own role, and the caller
     * holds every ability of both the member's role and the new one (no demoting a stronger member either).
     */
    async update(actor: AuditActor, businessId: string, callerAbilities: readonly string[], userId: string, input: UpdateTeamUserRequest): Promise<TeamUserResource> {
      const { tenantId } = actor;
      return changeMember(actor, businessId, userId, async (tx, member) => {
        if (input.role !== undefined) {
          const role = await repo.findBusinessRole(tx, tenantId, businessId, input.role);
          if (!role || role.isSystem) throw AppError.validation('role', messages.roleNotFound);
          if (role.id !== member.roleId) {
            guardTarget(member, actor.userId);
            requireGrantable(callerAbilities, [...member.roleAbilities, ...role.abilities]);
            await repo.updateMembership(tx, tenantId, businessId, userId, { roleId: role.id });
          }
        }
        if (input.name !== undefined && input.name !== member.name) await authPort.updateUser(tx, tenantId, userId, { name: input.name });
      });
    },

    /** Ends the membership's access and, at once, every session and token of the user. */
    async disable(actor: AuditActor, businessId: string, userId: string): Promise<TeamUserResource> {
      const { tenantId } = actor;
      return changeMember(actor, businessId, userId, async (tx, member) => {
        guardTarget(member, actor.userId);
        await repo.updateMembership(tx, tenantId, businessId, userId, { status: 'disabled' });
        await repo.invalidateInvitations(tx, tenantId, businessId, userId, now());
        await authPort.deleteUserSessions(tx, tenantId, userId);
        await authPort.revokeUserTokens(tx, tenantId, userId, now());
      });
    },

    /** Back to active, or to invited when the person never accepted (resend the invite then). */
    async enable(actor: AuditActor, businessId: string, userId: string): Promise<TeamUserResource> {
      const { tenantId } = actor;
      return changeMember(actor, businessId, userId, async (tx, member) => {
        if (member.status !== 'disabled') return;
        await ensureTeamRoom(tx, tenantId, businessId, 1);
        const user = await authPort.findUserById(tx, tenantId, userId);
        await repo.updateMembership(tx, tenantId, businessId, userId, { status: user?.status === 'active' ? 'active' : 'invited' });
      });
    },

    async remove(actor: AuditActor, businessId: string, userId: string): Promise<void> {
      const { tenantId } = actor;
      await inTenant(app.db, tenantId, async (tx) => {
        const member = await memberOrNotFound(tx, tenantId, businessId, userId);
        guardTarget(member, actor.userId);
        await repo.invalidateInvitations(tx, tenantId, businessId, userId, now());
        await repo.deleteMembership(tx, tenantId, businessId, userId);
        await recordAudit(tx, actor, { model: 'user', modelId: userId, action: 'deleted', before: auditView(member) });
      });
    },

    async resendInvite(actor: AuditActor, businessId: string, userId: string, meta: RequestMeta): Promise<TeamUserResource> {
      const { tenantId } = actor;
      const member = await inTenant(app.db, tenantId, async (tx) => {
        const invited = await memberOrNotFound(tx, tenantId, businessId, userId);
        if (invited.status !== 'invited') throw AppError.validation('email', messages.notInvited);
        await issueInvitation(tx, tenantId, businessId, invited, invited.roleName, meta);
        return invited;
      });
      return toTeamUser(member);
    },

    /** Only the owner (who holds every ability of the owner role); the target must be an active member. The old owner becomes an admin. */
    async transferOwnership(actor: AuditActor, businessId: string, callerIsOwner: boolean, callerAbilities: readonly string[], targetId: string): Promise<TeamUserResource> {
      const { tenantId } = actor;
      if (!callerIsOwner || !actor.userId) throw AppError.forbidden();
      const ownerId = actor.userId;
      return inTenant(app.db, tenantId, async (tx) => {
        const target = await memberOrNotFound(tx, tenantId, businessId, targetId);
        if (target.id === ownerId) throw notAllowed(messages.cannotChangeSelf);
        if (target.status !== 'active') throw AppError.validation('user', messages.transferTargetInactive);
        const owner = await memberOrNotFound(tx, tenantId, businessId, ownerId);
        const ownerRole = await repo.findOwnerRole(tx, tenantId, businessId);
        if (!ownerRole) throw new Error('Business has no owner role');
        requireGrantable(callerAbilities, ownerRole.abilities);
        const adminRole =
          (await repo.findBusinessRole(tx, tenantId, businessId, 'admin')) ??
          (
            await businessPort.insertRoles(tx, [
              { tenantId, id: newId(), businessId, scope: 'business', name: 'admin', description: seededBusinessRoles.admin.description, abilities: [...seededBusinessRoles.admin.abilities] },
            ])
          )[0];
        if (!adminRole) throw new Error('Admin role could not be created');
        await repo.updateMembership(tx, tenantId, businessId, ownerId, { isOwner: false, roleId: adminRole.id });
        await repo.updateMembership(tx, tenantId, businessId, targetId, { isOwner: true, roleId: ownerRole.id });
        const [formerOwner, newOwner] = [await memberOrNotFound(tx, tenantId, businessId, ownerId), await memberOrNotFound(tx, tenantId, businessId, targetId)];
        await recordAudit(tx, actor, { model: 'user', modelId: ownerId, action: 'updated', before: auditView(owner), after: auditView(formerOwner) });
        await recordAudit(tx, actor, { model: 'user', modelId: targetId, action: 'updated', before: auditView(target), after: auditView(newOwner) });
        return toTeamUser(newOwner);
      });
    },

    /** Members matching the header search. */
    async search(tenantId: string, businessId: string, term: string, limit: number) {
      const rows = await inTenant(app.db, tenantId, (tx) => repo.searchMembers(tx, tenantId, businessId, term, limit));
      return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, avatar: r.avatar }));
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
