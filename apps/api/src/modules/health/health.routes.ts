import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/app-context';
import { MIME_BY_EXT } from '../../platform/storage';

export const healthRoutes: FastifyPluginAsync<{ app: AppContext; isReady: () => boolean }> = async (server, { app, isReady }) => {
  server.get('/healthz', { config: { access: { public: true } } }, async () => ({ status: 'ok' }));

  server.get('/readyz', { config: { access: { public: true } } }, async (_request, reply) => {
    if (!isReady()) return reply.status(503).send({ status: 'starting' });
    await app.db.execute(sql`select 1`);
    return { status: 'ready' };
  });

  /** Uploaded images, only within the caller's tenant; never rendered as a document. */
  server.get<{ Params: { tenantId: string; kind: string; name: string } }>('/files/:tenantId/:kind/:name', { config: { access: { public: true } } }, async (request, reply) => {
    const { tenantId, kind, name } = request.params;
    if (tenantId !== request.ctx.tenant.id) return reply.status(404).send({ message: 'Not Found' });
    const content = await app.storage.get(`${tenantId}/${kind}/${name}`);
    if (!content) return reply.status(404).send({ message: 'Not Found' });
    const ext = name.split('.').pop() ?? '';
    return reply
      .header('content-type', MIME_BY_EXT[ext] ?? 'application/octet-stream')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, max-age=86400')
      .send(content);
  });
};
