import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { healthResponseSchema } from '@app/contracts';
import type { AppContext } from '../../platform/app-context';

export const healthRoutes: FastifyPluginAsync<{ app: AppContext; isReady: () => boolean }> = async (server, { app, isReady }) => {
  server.get('/healthz', { config: { access: { public: true } }, schema: { response: { 200: healthResponseSchema } } }, async () => ({ status: 'ok' }));

  server.get('/readyz', { config: { access: { public: true } }, schema: { response: { 200: healthResponseSchema, 503: healthResponseSchema } } }, async (_request, reply) => {
    if (!isReady()) return reply.status(503).send({ status: 'starting' });
    await app.db.execute(sql`select 1`);
    return { status: 'ready' };
  });
};
