import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataResponse, idParamsSchema, salesTaxRequestSchema, salesTaxResponseSchema, taxTypeDeleteResponseSchema, taxTypeListResponseSchema, taxTypeRequestSchema, taxTypeResourceSchema, taxTypesQuerySchema } from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { auditActor } from '../../platform/http';
import { requireBusiness } from '../../platform/request-context';
import type { TaxTypeService } from './tax-types.service';

type Options = { taxTypes: TaxTypeService };

const params = idParamsSchema;
const one = { 200: dataResponse(taxTypeResourceSchema) };
// The item form picks taxes, so item editors may read them too.
const view = { access: { ability: ['view-tax-type', 'create-item', 'edit-item'], scope: 'business' as const } };
const create = { access: { ability: 'create-tax-type', scope: 'business' as const } };
const edit = { access: { ability: 'edit-tax-type', scope: 'business' as const } };
const remove = { access: { ability: 'delete-tax-type', scope: 'business' as const } };

/** `/api/v1/tax-types`. */
export const taxTypeRoutes: FastifyPluginAsyncZod<Options> = async (server, { taxTypes }) => {
  server.get('/tax-types', { config: view, schema: { querystring: taxTypesQuerySchema, response: { 200: taxTypeListResponseSchema } } }, async (request) =>
    taxTypes.list(businessScope(request), request.query),
  );
  server.get('/tax-types/:id', { config: view, schema: { params, response: one } }, async (request) => ({
    data: await taxTypes.get(businessScope(request), request.params.id),
  }));
  server.post('/tax-types', { config: create, schema: { body: taxTypeRequestSchema, response: { 201: dataResponse(taxTypeResourceSchema) } } }, async (request, reply) =>
    reply.status(201).send({ data: await taxTypes.create(auditActor(request), businessScope(request), request.body) }),
  );
  server.put('/tax-types/:id', { config: edit, schema: { params, body: taxTypeRequestSchema, response: one } }, async (request) => ({
    data: await taxTypes.update(auditActor(request), businessScope(request), request.params.id, request.body),
  }));
  server.delete('/tax-types/:id', { config: remove, schema: { params, response: { 200: taxTypeDeleteResponseSchema } } }, async (request) => {
    await taxTypes.remove(auditActor(request), businessScope(request), request.params.id);
    return { deleted: true };
  });
};

/** `/api/m/sales-tax-us/current-tax`: the spec puts this lookup outside the versioned API. */
export const salesTaxRoutes: FastifyPluginAsyncZod<Options> = async (server, { taxTypes }) => {
  server.post(
    '/sales-tax-us/current-tax',
    { config: { access: { ability: 'view-tax-type', scope: 'business' } }, schema: { body: salesTaxRequestSchema, response: { 200: salesTaxResponseSchema } } },
    async (request) => {
      requireBusiness(request);
      return { data: taxTypes.currentUsSalesTax(request.body) };
    },
  );
};
