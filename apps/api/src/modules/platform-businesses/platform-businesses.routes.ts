import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBusinessDetailSchema,
  adminBusinessesQuerySchema,
  adminBusinessListResponseSchema,
  adminBusinessResourceSchema,
  adminCreateBusinessRequestSchema,
  adminUpdateBusinessRequestSchema,
  dataResponse,
  deleteBusinessByIdRequestSchema,
  deleteBusinessRequestSchema,
  idParamsSchema,
  imageUploadBody,
  successResponseSchema,
} from '@app/contracts';
import type { AppContext } from '../../platform/app-context';
import { auditActor, requestMeta } from '../../platform/http';
import { FILES_PREFIX, newImageKey } from '../../platform/storage';
import { readUploadedImage } from '../../platform/uploads';
import type { PlatformBusinessService } from './platform-businesses.service';

const platform = (ability: string) => ({ access: { ability, scope: 'platform' as const } });
const idParams = idParamsSchema;
const one = dataResponse(adminBusinessResourceSchema);

/** Admin area → businesses: every business of the tenant, for its platform users. */
export const platformBusinessRoutes: FastifyPluginAsyncZod<{ app: AppContext; service: PlatformBusinessService }> = async (server, { app, service }) => {
  // Spec section 7 names the list GET /businesses and its search GET /businesses/search (the list's `search` query).
  for (const path of ['/platform/businesses', '/businesses', '/businesses/search']) {
    server.get(path, { config: platform('view-business'), schema: { querystring: adminBusinessesQuerySchema, response: { 200: adminBusinessListResponseSchema } } }, async (request) =>
      service.list(request.ctx.tenant.id, request.query),
    );
  }

  server.post('/platform/businesses', { config: platform('create-business'), schema: { body: adminCreateBusinessRequestSchema, response: { 201: one } } }, async (request, reply) => {
    const data = await service.create(auditActor(request), request.body, requestMeta(request));
    return reply.status(201).send({ data });
  });

  server.get('/platform/businesses/:id', { config: platform('view-business'), schema: { params: idParams, response: { 200: dataResponse(adminBusinessDetailSchema) } } }, async (request) => ({
    data: await service.get(request.ctx.tenant.id, request.params.id),
  }));

  server.put('/platform/businesses/:id', { config: platform('edit-business'), schema: { params: idParams, body: adminUpdateBusinessRequestSchema, response: { 200: one } } }, async (request) => ({
    data: await service.update(auditActor(request), request.params.id, request.body),
  }));

  server.post('/platform/businesses/:id/logo', { config: { ...platform('edit-business'), documentedBody: { schema: imageUploadBody('business_logo'), multipart: true } }, schema: { params: idParams, response: { 200: one } } }, async (request) => {
    // Unknown ids are refused before the upload is read or stored.
    await service.get(request.ctx.tenant.id, request.params.id);
    const { content, kind } = await readUploadedImage(request, 'business_logo');
    const key = newImageKey(request.ctx.tenant.id, 'logos', kind);
    await app.storage.put(key, content);
    return { data: await service.setLogo(auditActor(request), request.params.id, `${FILES_PREFIX}${key}`) };
  });

  server.post('/platform/businesses/:id/disable', { config: platform('edit-business'), schema: { params: idParams, response: { 200: one } } }, async (request) => ({
    data: await service.setDisabled(auditActor(request), request.params.id, true),
  }));

  server.post('/platform/businesses/:id/enable', { config: platform('edit-business'), schema: { params: idParams, response: { 200: one } } }, async (request) => ({
    data: await service.setDisabled(auditActor(request), request.params.id, false),
  }));

  server.delete('/platform/businesses/:id', { config: platform('delete-business'), schema: { params: idParams, body: deleteBusinessRequestSchema, response: { 200: successResponseSchema } } }, async (request) => {
    await service.remove(auditActor(request), request.params.id, request.body.name);
    return { success: true };
  });

  // The spec's name for the same deletion (section 7, POST /business/delete): the id travels in the body.
  server.post('/business/delete', { config: platform('delete-business'), schema: { body: deleteBusinessByIdRequestSchema, response: { 200: successResponseSchema } } }, async (request) => {
    await service.remove(auditActor(request), request.body.id, request.body.name);
    return { success: true };
  });
};
