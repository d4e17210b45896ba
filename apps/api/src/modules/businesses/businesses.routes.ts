import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  updateBusinessAddressesRequestSchema,
  type AbilityCheck,
  businessResourceSchema,
  businessSettingsResourceSchema,
  companiesQuerySchema,
  companySummarySchema,
  createBusinessRequestSchema,
  dataResponse,
  imageUploadBody,
  listMeta,
  listPageResponse,
  updateBusinessRequestSchema,
  updateBusinessSettingsRequestSchema,
  updateBusinessSettingsResponseSchema,
} from '@app/contracts';
import type { AppContext } from '../../platform/app-context';
import { auditActor } from '../../platform/http';
import { requireBusiness, requireUser } from '../../platform/request-context';
import { FILES_PREFIX, newImageKey } from '../../platform/storage';
import { readUploadedImage } from '../../platform/uploads';
import { type BusinessService, toBusinessResource } from './businesses.service';

export type BusinessRoutesOptions = { app: AppContext; businesses: BusinessService };

const business = (ability: AbilityCheck) => ({ access: { ability, scope: 'business' as const } });

const logoUpload = { schema: imageUploadBody('business_logo'), multipart: true };

export const businessRoutes: FastifyPluginAsyncZod<BusinessRoutesOptions> = async (server, { app, businesses }) => {
  server.get('/business', { config: { access: { member: true } }, schema: { response: { 200: dataResponse(businessResourceSchema) } } }, async (request) => ({
    data: toBusinessResource(requireBusiness(request).row),
  }));

  server.put('/business/addresses', { config: business('edit-business-information'), schema: { body: updateBusinessAddressesRequestSchema, response: { 200: dataResponse(businessResourceSchema) } } }, async (request) => ({
    data: await businesses.updateAddresses(auditActor(request), requireBusiness(request).id, request.body),
  }));
  server.put('/business', { config: business('edit-business-information'), schema: { body: updateBusinessRequestSchema, response: { 200: dataResponse(businessResourceSchema) } } }, async (request) => ({
    data: await businesses.update(auditActor(request), requireBusiness(request).id, request.body),
  }));

  server.post('/business/upload-logo', { config: { ...business('edit-business-information'), documentedBody: logoUpload }, schema: { response: { 200: dataResponse(businessResourceSchema) } } }, async (request) => {
    const selected = requireBusiness(request);
    const { content, kind } = await readUploadedImage(request, 'business_logo');
    const key = newImageKey(request.ctx.tenant.id, 'logos', kind);
    await app.storage.put(key, content);
    return { data: await businesses.setLogo(auditActor(request), selected.id, `${FILES_PREFIX}${key}`) };
  });

  server.post('/businesses/create', { config: { access: { authenticated: true } }, schema: { body: createBusinessRequestSchema, response: { 201: dataResponse(businessResourceSchema) } } }, async (request, reply) => {
    const created = await businesses.create(auditActor(request), requireUser(request).id, request.body);
    return reply.status(201).send({ data: created });
  });

  server.get(
    '/business/user/companies',
    {
      // The switcher list: the same companies /bootstrap gives an unverified user.
      config: { access: { authenticated: true, allowUnverified: true } },
      schema: {
        querystring: companiesQuerySchema,
        response: { 200: listPageResponse(companySummarySchema) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { data, total } = await businesses.companies(request.ctx.tenant.id, requireUser(request).id, page, limit);
      return { data, meta: listMeta(page, limit, total) };
    },
  );

  server.get('/business/settings', { config: business('manage-business-settings'), schema: { response: { 200: businessSettingsResourceSchema } } }, async (request) => businesses.settings(request.ctx.tenant.id, requireBusiness(request).id));

  server.post('/business/settings', { config: business('manage-business-settings'), schema: { body: updateBusinessSettingsRequestSchema, response: { 200: updateBusinessSettingsResponseSchema } } }, async (request) => ({
    success: true,
    settings: await businesses.updateSettings(auditActor(request), requireBusiness(request).id, request.body.settings),
  }));

  server.post('/settings', { config: business('manage-business-settings'), schema: { body: updateBusinessSettingsRequestSchema, response: { 200: updateBusinessSettingsResponseSchema } } }, async (request) => ({
    success: true,
    settings: await businesses.updateSettings(auditActor(request), requireBusiness(request).id, request.body.settings),
  }));
};
