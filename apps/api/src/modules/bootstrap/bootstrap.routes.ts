import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currencies, countries } from '@app/contracts';
import { requireUser } from '../../platform/request-context';
import type { BootstrapService } from './bootstrap.service';

export const bootstrapRoutes: FastifyPluginAsyncZod<{ bootstrap: BootstrapService }> = async (server, { bootstrap }) => {
  server.get('/tenant-config', { config: { access: { public: true } } }, async (request) => bootstrap.publicConfig(request.ctx.tenant));

  server.get('/bootstrap', { config: { access: { authenticated: true, allowUnverified: true } } }, async (request) =>
    bootstrap.bootstrap(request.ctx.tenant, requireUser(request), request.ctx.business),
  );

  server.get('/config', { config: { access: { authenticated: true, allowUnverified: true } } }, async () => bootstrap.config());

  server.get('/currencies', { config: { access: { authenticated: true, allowUnverified: true } } }, async () => ({ data: currencies }));

  server.get('/countries', { config: { access: { authenticated: true, allowUnverified: true } } }, async () => ({ data: countries }));
};
