import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appConfigResponseSchema,
  bootstrapResponseSchema,
  countries,
  countryListResponseSchema,
  currencies,
  currencyListResponseSchema,
  tenantPublicConfigSchema,
} from '@app/contracts';
import { requireUser } from '../../platform/request-context';
import type { BootstrapService } from './bootstrap.service';

const SIGNED_IN = { access: { authenticated: true, allowUnverified: true } } as const;

export const bootstrapRoutes: FastifyPluginAsyncZod<{ bootstrap: BootstrapService }> = async (server, { bootstrap }) => {
  server.get('/tenant-config', { config: { access: { public: true } }, schema: { response: { 200: tenantPublicConfigSchema } } }, async (request) => bootstrap.publicConfig(request.ctx.tenant));

  server.get('/bootstrap', { config: SIGNED_IN, schema: { response: { 200: bootstrapResponseSchema } } }, async (request) =>
    bootstrap.bootstrap(request.ctx.tenant, requireUser(request), request.ctx.business),
  );

  server.get('/config', { config: SIGNED_IN, schema: { response: { 200: appConfigResponseSchema } } }, async () => bootstrap.config());

  server.get('/currencies', { config: SIGNED_IN, schema: { response: { 200: currencyListResponseSchema } } }, async () => ({ data: currencies }));

  server.get('/countries', { config: SIGNED_IN, schema: { response: { 200: countryListResponseSchema } } }, async () => ({ data: countries }));
};
