import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataResponse, expandQuerySchema, idParamsSchema, itemBulkDeleteRequestSchema, itemBulkDeleteResponseSchema, itemListResponseSchema, itemRequestSchema, itemResourceSchema, itemsQuerySchema, successResponseSchema } from '@app/contracts';
import { businessScope } from '../../platform/business-scope';
import { auditActor } from '../../platform/http';
import type { ItemService } from './items.service';

const params = idParamsSchema;
// Taxes always come with the item (one query per page); `expand` is accepted for the spec's clients.
const oneQuery = expandQuerySchema;
const one = { 200: dataResponse(itemResourceSchema) };
const view = { access: { ability: 'view-item', scope: 'business' as const } };
const create = { access: { ability: 'create-item', scope: 'business' as const } };
const edit = { access: { ability: 'edit-item', scope: 'business' as const } };
const remove = { access: { ability: 'delete-item', scope: 'business' as const } };

export const itemRoutes: FastifyPluginAsyncZod<{ items: ItemService }> = async (server, { items }) => {
  server.get('/items', { config: view, schema: { querystring: itemsQuerySchema, response: { 200: itemListResponseSchema } } }, async (request) =>
    items.list(businessScope(request), request.query),
  );
  server.get('/items/:id', { config: view, schema: { params, querystring: oneQuery, response: one } }, async (request) => ({
    data: await items.get(businessScope(request), request.params.id),
  }));
  server.post('/items', { config: create, schema: { body: itemRequestSchema, response: { 201: dataResponse(itemResourceSchema) } } }, async (request, reply) =>
    reply.status(201).send({ data: await items.create(auditActor(request), businessScope(request), request.body) }),
  );
  server.post('/items/delete', { config: remove, schema: { body: itemBulkDeleteRequestSchema, response: { 200: itemBulkDeleteResponseSchema } } }, async (request) =>
    items.removeMany(auditActor(request), businessScope(request), request.body.ids),
  );
  server.put('/items/:id', { config: edit, schema: { params, body: itemRequestSchema, response: one } }, async (request) => ({
    data: await items.update(auditActor(request), businessScope(request), request.params.id, request.body),
  }));
  server.delete('/items/:id', { config: remove, schema: { params, response: { 200: successResponseSchema } } }, async (request) => {
    await items.remove(auditActor(request), businessScope(request), request.params.id);
    return { success: true };
  });
};
