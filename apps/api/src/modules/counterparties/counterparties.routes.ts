import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AbilityCheck,
  businessOnboardingInfoSchema,
  businessOnboardingRequestSchema,
  counterpartyBulkRequestSchema,
  counterpartyBulkResponseSchema,
  counterpartyCreateQuerySchema,
  counterpartyExpandSchema,
  type CounterpartyKind,
  counterpartyListQuerySchema,
  counterpartyListResponseSchema,
  counterpartyPreviewRequestSchema,
  counterpartyPreviewResponseSchema,
  counterpartyResourceSchema,
  createCounterpartyRequestSchema,
  dataResponse,
  idParamsSchema,
  jsonObjectBodySchema,
  messageResponseSchema,
  messages,
  resendBusinessInviteRequestSchema,
  successResponseSchema,
  tokenParamsSchema,
  updateCounterpartyRequestSchema,
} from '@app/contracts';
import { auditActor, requestMeta } from '../../platform/http';
import { requireBusiness, requireUser } from '../../platform/request-context';
import { type BulkAction, type CounterpartyService, scopeOf } from './counterparties.service';
import type { OnboardingService } from './onboarding.service';

const ABILITIES = {
  customer: { view: 'view-customer', create: 'create-customer', edit: 'edit-customer', delete: 'delete-customer' },
  vendor: { view: 'view-vendor', create: 'create-vendor', edit: 'edit-vendor', delete: 'delete-vendor' },
} as const;

const business = (ability: AbilityCheck) => ({ access: { ability, scope: 'business' as const } });
const params = idParamsSchema;
const one = { 200: dataResponse(counterpartyResourceSchema) };

/** True for `?preview=1|true` or a body with `preview: true`. */
function wantsPreview(query: unknown, body: unknown): boolean {
  const flag = (value: unknown) => value === true || value === '1' || value === 'true';
  const fromQuery = typeof query === 'object' && query !== null && 'preview' in query && flag(query.preview);
  const fromBody = typeof body === 'object' && body !== null && 'preview' in body && flag(body.preview);
  return fromQuery || fromBody;
}

export type CounterpartyRoutesOptions = { service: CounterpartyService; kind: CounterpartyKind };

/** `/customers` or `/vendors` (one plugin registered per kind, with that kind's abilities). */
export const counterpartyRoutes: FastifyPluginAsyncZod<CounterpartyRoutesOptions> = async (server, { service, kind }) => {
  const base = `/${kind}s`;
  const can = ABILITIES[kind];
  const scope = (request: FastifyRequest) => scopeOf(request.ctx.tenant.id, requireBusiness(request).id, kind);

  server.get(base, { config: business(can.view), schema: { querystring: counterpartyListQuerySchema, response: { 200: counterpartyListResponseSchema } } }, async (request) =>
    service.list(scope(request), request.query),
  );

  // The body is parsed by the service: a preview needs only the email, a create every field. The
  // document shows both shapes (documentedBody); Fastify checks only that it is an object.
  server.post(base, { config: { ...business(can.create), documentedBody: { schema: z.union([createCounterpartyRequestSchema, counterpartyPreviewRequestSchema]) } }, schema: { body: jsonObjectBodySchema, querystring: counterpartyCreateQuerySchema, response: { 200: counterpartyPreviewResponseSchema, 201: dataResponse(counterpartyResourceSchema) } } }, async (request, reply) => {
    if (wantsPreview(request.query, request.body)) {
      const { email } = counterpartyPreviewRequestSchema.parse({ ...request.body, preview: true });
      return service.preview(scope(request), requireUser(request).id, email);
    }
    const created = await service.create(auditActor(request), scope(request), request.body, requestMeta(request));
    return reply.status(201).send({ data: created });
  });

  server.get(`${base}/:id`, { config: business(can.view), schema: { params, querystring: counterpartyExpandSchema, response: one } }, async (request) => {
    const expand = new Set((request.query.expand ?? '').split(',').map((part) => part.trim()));
    return { data: await service.get(scope(request), request.params.id, expand) };
  });

  server.put(`${base}/:id`, { config: { ...business(can.edit), documentedBody: { schema: updateCounterpartyRequestSchema } }, schema: { params, body: jsonObjectBodySchema, response: one } }, async (request) => ({
    data: await service.update(auditActor(request), scope(request), request.params.id, request.body),
  }));

  const bulk = (action: BulkAction, ability: AbilityCheck) =>
    server.post(`${base}/${action}`, { config: business(ability), schema: { body: counterpartyBulkRequestSchema, response: { 200: counterpartyBulkResponseSchema } } }, async (request) => {
      const ids = [...(request.body.ids ?? []), ...(request.body.id ? [request.body.id] : [])];
      return { success: true, count: await service.bulk(auditActor(request), scope(request), ids, action) };
    });
  bulk('archive', can.edit);
  bulk('unarchive', can.edit);
  bulk('delete', can.delete);
};

export type NetworkRoutesOptions = { onboarding: OnboardingService };

const PUBLIC = { access: { public: true } } as const;
const tokenParams = tokenParamsSchema;

/**
 * Invitations of counterparty businesses: resend (by a business that recorded it) and the public
 * onboarding, whose wrong tokens count against the client address (in the service).
 */
export const networkRoutes: FastifyPluginAsyncZod<NetworkRoutesOptions> = async (server, { onboarding }) => {
  server.post(
    '/businesses/:id/resend-invite',
    { config: business(['create-customer', 'create-vendor']), schema: { params, body: resendBusinessInviteRequestSchema, response: { 200: successResponseSchema } } },
    async (request) => {
      await onboarding.resendInvite(auditActor(request), requireBusiness(request).id, request.params.id, request.body.email, requestMeta(request));
      return { success: true, message: messages.invitationSent };
    },
  );

  server.get('/onboarding-invitations/:token', { config: PUBLIC, schema: { params: tokenParams, response: { 200: businessOnboardingInfoSchema } } }, async (request) => {
    return onboarding.info(request.ctx.tenant.id, request.params.token, request.ip);
  });

  server.post(
    '/onboarding-business-invitation/:token',
    { config: PUBLIC, schema: { params: tokenParams, body: businessOnboardingRequestSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await onboarding.accept(request.ctx.tenant.id, request.params.token, request.body, request.ip);
      return { message: 'Invitation accepted' };
    },
  );
};
