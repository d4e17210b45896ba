import { z } from 'zod';
import {
  type BusinessBillingResource,
  type PlanFeature,
  type PlanResource,
  changePlanRequestSchema,
  formatMessage,
  isPlanFeature,
  messages,
  planFeatures,
  planIntervals,
  planRequestSchema,
  updateBillingContactRequestSchema,
} from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { newId } from '../../platform/crypto';
import { AppError, PlanRequiredError, refusingTaken } from '../../platform/errors';
import { findBusiness, postalAddressOf, updateBusiness } from '../businesses/businesses.port';
import * as repo from './plans.repository';

const intervalOf = z.enum(planIntervals);

function toResource(row: repo.PlanWithCount): PlanResource {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    currency_id: row.currencyId,
    interval: intervalOf.parse(row.interval),
    // Features a newer catalogue no longer has are not shown (nor granted: the gate reads the catalogue's names).
    features: row.features.filter(isPlanFeature),
    max_team_users: row.maxTeamUsers,
    is_default: row.isDefault,
    businesses_count: row.businessesCount,
    created_at: row.createdAt.toISOString(),
  };
}

const auditView = (row: Pick<repo.PlanRow, 'name' | 'price' | 'currencyId' | 'interval' | 'features' | 'maxTeamUsers' | 'isDefault'>) => ({
  name: row.name,
  price: row.price,
  currency_id: row.currencyId,
  interval: row.interval,
  features: row.features,
  max_team_users: row.maxTeamUsers,
  is_default: row.isDefault,
});

const TAKEN = { plans_tenant_name_unique: { field: 'name', message: messages.planNameTaken } };

/**
 * The refusal of a business whose plan lacks `feature`: the cheapest plan with it, named in the
 * starter-plan message; 'Feature not enabled.' when no plan of the tenant includes it.
 */
export async function planRequiredFor(tx: Tx, tenantId: string, feature: PlanFeature): Promise<AppError> {
  const cheapest = await repo.cheapestPlanWith(tx, tenantId, feature);
  return cheapest ? new PlanRequiredError(cheapest.name) : AppError.forbidden(messages.featureNotEnabled);
}

/**
 * Refuses a business that would have more people than its plan allows once `adding` more join
 * (invitations count): the cheapest plan with room is named, as for a gated feature.
 */
export async function ensureTeamRoom(tx: Tx, tenantId: string, businessId: string, adding: number): Promise<void> {
  const plan = await repo.lockedPlanOfBusiness(tx, tenantId, businessId);
  if (!plan || plan.maxTeamUsers === null) return;
  const wanted = (await repo.countTeamUsers(tx, tenantId, businessId)) + adding;
  if (wanted <= plan.maxTeamUsers) return;
  const roomier = await repo.cheapestPlanForUsers(tx, tenantId, wanted);
  throw roomier ? new PlanRequiredError(roomier.name) : AppError.forbidden(formatMessage(messages.teamUsersLimit, { max: String(plan.maxTeamUsers) }));
}

/**
 * Whether a business's plan includes `feature`, for what no route gate covers (a customer paying
 * the business on a public page); true when the tenant sells no plans.
 */
export async function planIncludes(tx: Tx, tenantId: string, businessId: string, feature: PlanFeature): Promise<boolean> {
  const plan = await repo.planOfBusiness(tx, tenantId, businessId);
  return !plan || plan.features.includes(feature);
}

/**
 * For each plan feature a business's plan lacks, the cheapest plan that has it, or null when no
 * plan of the tenant does (the menus mark those screens, and leave out what no plan offers);
 * empty when the tenant sells no plans (`features` null).
 */
export async function requiredPlans(tx: Tx, tenantId: string, features: readonly string[] | null): Promise<ReadonlyMap<string, string | null>> {
  const required = new Map<string, string | null>();
  if (features === null) return required;
  const cheapestFirst = await repo.planFeaturesCheapestFirst(tx, tenantId);
  for (const feature of planFeatures) {
    if (!features.includes(feature)) required.set(feature, cheapestFirst.find((candidate) => candidate.features.includes(feature))?.name ?? null);
  }
  return required;
}

/** The plan a business that picked `planId` is on, among the tenant's: that one, or the default while it picked none. */
function planIn<Plan extends { id: string; isDefault: boolean }>(plans: readonly Plan[], planId: string | null): Plan | undefined {
  return planId ? plans.find((plan) => plan.id === planId) : plans.find((plan) => plan.isDefault);
}

/** The tenant's plans (admin area) and each business's plan and billing contact (settings → billing information). */
export function createPlanService(app: AppContext) {
  async function load(tx: Tx, tenantId: string, id: string): Promise<repo.PlanWithCount> {
    const row = await repo.findPlan(tx, tenantId, id);
    if (!row) throw AppError.notFound();
    return row;
  }

  async function billingOf(tx: Tx, scope: BusinessScope, callerIsOwner: boolean): Promise<BusinessBillingResource> {
    const business = await findBusiness(tx, scope.tenantId, scope.businessId);
    if (!business) throw AppError.notFound();
    const all = await repo.listPlans(tx, scope.tenantId);
    const plan = planIn(all, business.planId);
    const teamUsers = await repo.countTeamUsers(tx, scope.tenantId, scope.businessId);
    return {
      plan: plan ? toResource(plan) : null,
      plans: all.map(toResource),
      billing_contact_name: business.billingContactName,
      billing_contact_email: business.billingContactEmail,
      billing_address: postalAddressOf(business.billingAddress),
      team_users: teamUsers,
      can_change_plan: callerIsOwner,
    };
  }

  /** Moves a business to `planId` (null: the default), refusing a plan too small for its team. */
  async function movePlan(tx: Tx, actor: AuditActor, tenantId: string, businessId: string, planId: string | null): Promise<void> {
    const business = await findBusiness(tx, tenantId, businessId);
    if (!business) throw AppError.notFound();
    const target = planIn(await repo.listPlans(tx, tenantId), planId);
    if (planId && target?.id !== planId) throw AppError.validation('plan_id', messages.invalidPlan);
    // Back to the default (null) counts against the default plan's limit too.
    const limit = target?.maxTeamUsers ?? null;
    if (limit !== null && (await repo.countTeamUsers(tx, tenantId, businessId)) > limit) {
      throw AppError.validation('plan_id', formatMessage(messages.teamUsersLimit, { max: String(limit) }));
    }
    await updateBusiness(tx, tenantId, businessId, { planId });
    await recordAudit(tx, { ...actor, businessId }, { model: 'business', modelId: businessId, action: 'updated', before: { plan_id: business.planId }, after: { plan_id: planId } });
  }

  return {
    async list(tenantId: string): Promise<PlanResource[]> {
      return inTenant(app.db, tenantId, async (tx) => (await repo.listPlans(tx, tenantId)).map(toResource));
    },

    async get(tenantId: string, id: string): Promise<PlanResource> {
      return inTenant(app.db, tenantId, async (tx) => toResource(await load(tx, tenantId, id)));
    },

    /** The first plan a tenant makes is its default whatever the form says: a tenant that sells plans always has one. */
    async create(actor: AuditActor, input: z.input<typeof planRequestSchema>): Promise<PlanResource> {
      const parsed = planRequestSchema.parse(input);
      const tenantId = actor.tenantId;
      return inTenant(app.db, tenantId, async (tx) => {
        const existing = await repo.lockPlans(tx, tenantId);
        const id = newId();
        const now = app.clock.now();
        const isDefault = parsed.is_default || existing.length === 0;
        if (isDefault) await repo.clearDefault(tx, tenantId, id);
        const row = { tenantId, id, name: parsed.name, description: parsed.description ?? null, price: parsed.price, currencyId: parsed.currency_id, interval: parsed.interval, features: parsed.features, maxTeamUsers: parsed.max_team_users, isDefault, createdAt: now, updatedAt: now };
        await refusingTaken(TAKEN, () => repo.insertPlan(tx, row));
        await recordAudit(tx, actor, { model: 'plan', modelId: id, action: 'created', after: auditView(row) });
        return toResource(await load(tx, tenantId, id));
      });
    },

    async update(actor: AuditActor, id: string, input: z.input<typeof planRequestSchema>): Promise<PlanResource> {
      const parsed = planRequestSchema.parse(input);
      const tenantId = actor.tenantId;
      return inTenant(app.db, tenantId, async (tx) => {
        await repo.lockPlans(tx, tenantId);
        const before = await load(tx, tenantId, id);
        if (before.isDefault && !parsed.is_default) throw AppError.validation('is_default', messages.defaultPlanRequired);
        if (parsed.max_team_users !== null && parsed.max_team_users !== undefined) {
          const largest = await repo.largestTeamOnPlan(tx, tenantId, id, parsed.is_default);
          if (largest > parsed.max_team_users) throw AppError.validation('max_team_users', formatMessage(messages.planTeamTooLarge, { count: String(largest) }));
        }
        if (parsed.is_default) await repo.clearDefault(tx, tenantId, id);
        const patch = { name: parsed.name, description: parsed.description ?? null, price: parsed.price, currencyId: parsed.currency_id, interval: parsed.interval, features: parsed.features, maxTeamUsers: parsed.max_team_users, isDefault: parsed.is_default, updatedAt: app.clock.now() };
        await refusingTaken(TAKEN, () => repo.updatePlan(tx, tenantId, id, patch));
        await recordAudit(tx, actor, { model: 'plan', modelId: id, action: 'updated', before: auditView(before), after: auditView(patch) });
        return toResource(await load(tx, tenantId, id));
      });
    },

    /** Deletes a plan no business is on; the default plan goes only as the tenant's last one (which ends plans: nothing is gated). */
    async remove(actor: AuditActor, id: string): Promise<void> {
      const tenantId = actor.tenantId;
      await inTenant(app.db, tenantId, async (tx) => {
        const all = await repo.lockPlans(tx, tenantId);
        const row = await load(tx, tenantId, id);
        if (row.isDefault && all.length > 1) throw AppError.validation('is_default', messages.defaultPlanRequired);
        if ((await repo.countBusinessesPicking(tx, tenantId, id)) > 0) throw AppError.validation('plan', messages.planInUse);
        await repo.deletePlan(tx, tenantId, id);
        await recordAudit(tx, actor, { model: 'plan', modelId: id, action: 'deleted', before: auditView(row) });
      });
    },

    /** A platform admin moves a business to a plan (null: back to the default). */
    async assign(actor: AuditActor, businessId: string, planId: string | null): Promise<BusinessBillingResource> {
      return inTenant(app.db, actor.tenantId, async (tx) => {
        await movePlan(tx, actor, actor.tenantId, businessId, planId);
        return billingOf(tx, { tenantId: actor.tenantId, businessId }, false);
      });
    },

    async billing(scope: BusinessScope, callerIsOwner: boolean): Promise<BusinessBillingResource> {
      return inTenant(app.db, scope.tenantId, (tx) => billingOf(tx, scope, callerIsOwner));
    },

    async updateBillingContact(actor: AuditActor, scope: BusinessScope, callerIsOwner: boolean, input: z.input<typeof updateBillingContactRequestSchema>): Promise<BusinessBillingResource> {
      const parsed = updateBillingContactRequestSchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const before = await findBusiness(tx, scope.tenantId, scope.businessId);
        if (!before) throw AppError.notFound();
        const after = { billingContactName: parsed.billing_contact_name ?? null, billingContactEmail: parsed.billing_contact_email ?? null };
        await updateBusiness(tx, scope.tenantId, scope.businessId, after);
        await recordAudit(tx, actor, {
          model: 'business',
          modelId: scope.businessId,
          action: 'updated',
          before: { billing_contact_name: before.billingContactName, billing_contact_email: before.billingContactEmail },
          after: { billing_contact_name: after.billingContactName, billing_contact_email: after.billingContactEmail },
        });
        return billingOf(tx, scope, callerIsOwner);
      });
    },

    /** The business's owner picks a plan of the tenant. */
    async changePlan(actor: AuditActor, scope: BusinessScope, input: z.input<typeof changePlanRequestSchema>): Promise<BusinessBillingResource> {
      const parsed = changePlanRequestSchema.parse(input);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        await movePlan(tx, actor, scope.tenantId, scope.businessId, parsed.plan_id);
        return billingOf(tx, scope, true);
      });
    },

    /** The pipeline's refusal of a feature the business's plan lacks (see `planRequiredFor`). */
    async refusalFor(tenantId: string, feature: PlanFeature): Promise<AppError> {
      return inTenant(app.db, tenantId, (tx) => planRequiredFor(tx, tenantId, feature));
    },
  };
}

export type PlanService = ReturnType<typeof createPlanService>;
