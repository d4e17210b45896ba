import { type RoleRequest, type RoleResource, abilitiesForScope, listMeta, messages, roleRequestSchema } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { newId } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { requireGrantable } from '../../platform/grants';
import * as repo from './roles.repository';

export type { RoleScope } from './roles.repository';

function toResource(row: repo.RoleRow, usersCount: number): RoleResource {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    scope: row.scope,
    abilities: row.abilities,
    is_system: row.isSystem,
    users_count: usersCount,
    created_at: row.createdAt.toISOString(),
  };
}

function auditView(row: Pick<repo.RoleRow, 'name' | 'description' | 'abilities'>) {
  return { name: row.name, description: row.description, abilities: [...row.abilities].sort() };
}

/** The request's fields, checked against the scope's catalogue; '*' is only for the seeded system roles. */
function validFields(where: repo.RoleScope, input: RoleRequest) {
  const fields = roleRequestSchema.parse(input);
  const allowed = new Set(abilitiesForScope(where.scope).map((a) => a.name));
  if (fields.abilities.some((name) => !allowed.has(name))) throw AppError.validation('abilities', messages.invalidAbility);
  return { name: fields.name, description: fields.description ?? null, abilities: [...new Set(fields.abilities)] };
}

/**
 * Roles of one scope. Abilities are read from the role on every request, so a change applies to
 * its users on their next call. System roles (owner, super admin) cannot be changed. The caller
 * creates, edits or deletes only roles whose abilities (before and after) they hold themselves.
 */
export function createRoleService(app: AppContext) {
  async function editable(tx: Tx, tenantId: string, where: repo.RoleScope, id: string) {
    const found = await repo.findRole(tx, tenantId, where, id);
    if (!found) throw AppError.notFound();
    if (found.role.isSystem) throw new AppError('not_allowed', messages.systemRoleLocked, 403);
    return found;
  }

  return {
    async list(tenantId: string, where: repo.RoleScope, query: { page: number; limit: number; search?: string | undefined }) {
      const { page, limit, search } = query;
      return inTenant(app.db, tenantId, async (tx) => {
        const rows = await repo.listRoles(tx, tenantId, where, search, Math.max(page - 1, 0) * limit, limit);
        const total = await repo.countRoles(tx, tenantId, where, search);
        const everyone = search ? await repo.countRoles(tx, tenantId, where) : total;
        return { data: rows.map((r) => toResource(r.role, r.usersCount)), meta: { ...listMeta(page, limit, total), role_total_count: everyone } };
      });
    },

    async get(tenantId: string, where: repo.RoleScope, id: string): Promise<RoleResource> {
      const found = await inTenant(app.db, tenantId, (tx) => repo.findRole(tx, tenantId, where, id));
      if (!found) throw AppError.notFound();
      return toResource(found.role, found.usersCount);
    },

    async create(actor: AuditActor, where: repo.RoleScope, callerAbilities: readonly string[], input: RoleRequest): Promise<RoleResource> {
      const fields = validFields(where, input);
      requireGrantable(callerAbilities, fields.abilities);
      const { tenantId } = actor;
      return inTenant(app.db, tenantId, async (tx) => {
        if (await repo.nameTaken(tx, tenantId, where, fields.name)) throw AppError.validation('name', messages.nameTaken);
        const role = await repo.insertRole(tx, { tenantId, id: newId(), businessId: where.scope === 'business' ? where.businessId : null, scope: where.scope, ...fields });
        await recordAudit(tx, actor, { model: 'role', modelId: role.id, action: 'created', after: auditView(role) });
        return toResource(role, 0);
      });
    },

    async update(actor: AuditActor, where: repo.RoleScope, callerAbilities: readonly string[], id: string, input: RoleRequest): Promise<RoleResource> {
      const fields = validFields(where, input);
      const { tenantId } = actor;
      return inTenant(app.db, tenantId, async (tx) => {
        const found = await editable(tx, tenantId, where, id);
        requireGrantable(callerAbilities, [...found.role.abilities, ...fields.abilities]);
        if (await repo.nameTaken(tx, tenantId, where, fields.name, id)) throw AppError.validation('name', messages.nameTaken);
        await repo.updateRole(tx, tenantId, id, fields);
        await recordAudit(tx, actor, { model: 'role', modelId: id, action: 'updated', before: auditView(found.role), after: auditView(fields) });
        return toResource({ ...found.role, ...fields }, found.usersCount);
      });
    },

    async remove(actor: AuditActor, where: repo.RoleScope, callerAbilities: readonly string[], id: string): Promise<void> {
      const { tenantId } = actor;
      await inTenant(app.db, tenantId, async (tx) => {
        const found = await editable(tx, tenantId, where, id);
        requireGrantable(callerAbilities, found.role.abilities);
        if (found.usersCount > 0) throw AppError.validation('role', messages.roleInUse);
        await repo.deleteRole(tx, tenantId, id);
        await recordAudit(tx, actor, { model: 'role', modelId: id, action: 'deleted', before: auditView(found.role) });
      });
    },
  };
}

export type RoleService = ReturnType<typeof createRoleService>;
