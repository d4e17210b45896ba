import type { FastifyPluginAsync } from 'fastify';
import { healthResponseSchema } from '@app/contracts';
import type { AppContext } from '../../platform/app-context';
import { createHealthService } from './health.service';

export const healthRoutes: FastifyPluginAsync<{ app: AppContext; isReady: () => boolean }> = async (server, { app, isReady }) => {
  const health = createHealthService(app);
  server.get('/healthz', { config: { access: { public: true } }, schema: { response: { 200: healthResponseSchema } } }, async () => ({ status: 'ok' }));

  server.get('/readyz', { config: { access: { public: true } }, schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } }, async (_request, reply) => {
    if (!isReady()) return reply.status(503).send({ status: 'starting' });
    await health.pingDatabase();
    return { status: 'ready' };
  });
};
