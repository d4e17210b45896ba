import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assignPlanRequestSchema,
  businessBillingResourceSchema,
  changePlanRequestSchema,
  dataResponse,
  idParamsSchema,
  planListResponseSchema,
  planRequestSchema,
  planResourceSchema,
  successResponseSchema,
  updateBillingContactRequestSchema,
} from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { auditActor, platformActor } from '../../platform/http';
import { requireBusiness } from '../../platform/request-context';
import type { PlanService } from './plans.service';

const platform = (ability: string) => ({ access: { ability, scope: 'platform' as const } });
const settings = { access: { ability: 'manage-business-settings', scope: 'business' as const } };
const params = idParamsSchema;
const one = dataResponse(planResourceSchema);
const billing = dataResponse(businessBillingResourceSchema);

/** Admin area → plans (the tenant's catalogue), and settings → billing information (a business's plan). */
export const planRoutes: FastifyPluginAsyncZod<{ plans: PlanService }> = async (server, { plans }) => {
  server.get('/platform/plans', { config: platform('view-platform-setting'), schema: { response: { 200: planListResponseSchema } } }, async (request) => ({
    data: await plans.list(request.ctx.tenant.id),
  }));
  server.get('/platform/plans/:id', { config: platform('view-platform-setting'), schema: { params, response: { 200: one } } }, async (request) => ({
    data: await plans.get(request.ctx.tenant.id, request.params.id),
  }));
  server.post('/platform/plans', { config: platform('edit-platform-setting'), schema: { body: planRequestSchema, response: { 201: one } } }, async (request, reply) =>
    reply.status(201).send({ data: await plans.create(platformActor(request), request.body) }),
  );
  server.put('/platform/plans/:id', { config: platform('edit-platform-setting'), schema: { params, body: planRequestSchema, response: { 200: one } } }, async (request) => ({
    data: await plans.update(platformActor(request), request.params.id, request.body),
  }));
  server.delete('/platform/plans/:id', { config: platform('edit-platform-setting'), schema: { params, response: { 200: successResponseSchema } } }, async (request) => {
    await plans.remove(platformActor(request), request.params.id);
    return { success: true };
  });
  server.put('/platform/businesses/:id/plan', { config: platform('edit-business'), schema: { params, body: assignPlanRequestSchema, response: { 200: billing } } }, async (request) => ({
    data: await plans.assign(platformActor(request), request.params.id, request.body.plan_id),
  }));

  server.get('/business/billing', { config: settings, schema: { response: { 200: billing } } }, async (request) => ({
    data: await plans.billing(businessScope(request), requireBusiness(request).isOwner),
  }));
  server.put('/business/billing', { config: settings, schema: { body: updateBillingContactRequestSchema, response: { 200: billing } } }, async (request) => ({
    data: await plans.updateBillingContact(auditActor(request), businessScope(request), requireBusiness(request).isOwner, request.body),
  }));
  // Changing plan commits the business to pay for it: its owner decides.
  server.put('/business/plan', { config: { access: { ...settings.access, ownerOnly: true } }, schema: { body: changePlanRequestSchema, response: { 200: billing } } }, async (request) => ({
    data: await plans.changePlan(auditActor(request), businessScope(request), request.body),
  }));
};
