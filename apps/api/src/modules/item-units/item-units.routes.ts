import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataResponse, idParamsSchema, itemUnitListResponseSchema, itemUnitRequestSchema, itemUnitResourceSchema, listQuerySchema, successResponseSchema } from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { auditActor } from '../../platform/http';
import type { ItemUnitService } from './item-units.service';

const params = idParamsSchema;
const one = { 200: dataResponse(itemUnitResourceSchema) };
// Units are part of items: whoever may read or write items may do the same with units.
const view = { access: { ability: ['view-item', 'create-item', 'edit-item'], scope: 'business' as const } };
const create = { access: { ability: 'create-item', scope: 'business' as const } };
const edit = { access: { ability: 'edit-item', scope: 'business' as const } };
const remove = { access: { ability: 'delete-item', scope: 'business' as const } };

export const itemUnitRoutes: FastifyPluginAsyncZod<{ units: ItemUnitService }> = async (server, { units }) => {
  server.get('/item-units', { config: view, schema: { querystring: listQuerySchema, response: { 200: itemUnitListResponseSchema } } }, async (request) =>
    units.list(businessScope(request), request.query),
  );
  server.get('/item-units/:id', { config: view, schema: { params, response: one } }, async (request) => ({
    data: await units.get(businessScope(request), request.params.id),
  }));
  server.post('/item-units', { config: create, schema: { body: itemUnitRequestSchema, response: { 201: dataResponse(itemUnitResourceSchema) } } }, async (request, reply) =>
    reply.status(201).send({ data: await units.create(auditActor(request), businessScope(request), request.body) }),
  );
  server.put('/item-units/:id', { config: edit, schema: { params, body: itemUnitRequestSchema, response: one } }, async (request) => ({
    data: await units.update(auditActor(request), businessScope(request), request.params.id, request.body),
  }));
  server.delete('/item-units/:id', { config: remove, schema: { params, response: { 200: successResponseSchema } } }, async (request) => {
    await units.remove(auditActor(request), businessScope(request), request.params.id);
    return { success: true };
  });
};
