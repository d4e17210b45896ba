import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fileResponse, messages } from '@app/contracts';
import type { AppContext } from '../../platform/app-context';
import { type ImageFolder, MIME_BY_EXT } from '../../platform/storage';

type FileParams = { tenantId: string; name: string };
const imageResponse = { 200: fileResponse(Object.values(MIME_BY_EXT), 'The image') };

/**
 * Uploaded images, each only within its own tenant, never rendered as a document. Business logos
 * are public: invoices, public document pages and the sign-in page show them, so their names are
 * unguessable instead. Avatars need a signed-in user of the tenant: the session cookie (which the
 * browser sends with a same-origin <img>) or a bearer token.
 */
export const fileRoutes: FastifyPluginAsync<{ app: AppContext }> = async (server, { app }) => {
  async function serve(request: FastifyRequest<{ Params: FileParams }>, reply: FastifyReply, folder: ImageFolder, cacheControl: string) {
    const { tenantId, name } = request.params;
    if (tenantId !== request.ctx.tenant.id) return reply.status(404).send({ message: messages.notFound });
    const content = await app.storage.get(`${tenantId}/${folder}/${name}`);
    if (!content) return reply.status(404).send({ message: messages.notFound });
    const ext = name.split('.').pop() ?? '';
    return reply
      .header('content-type', MIME_BY_EXT[ext] ?? 'application/octet-stream')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', cacheControl)
      .send(content);
  }

  server.get<{ Params: FileParams }>('/files/:tenantId/logos/:name', { config: { access: { public: true } }, schema: { response: imageResponse } }, (request, reply) =>
    serve(request, reply, 'logos', 'public, max-age=86400'),
  );

  // A user's picture is their personal data: not kept in any cache.
  server.get<{ Params: FileParams }>('/files/:tenantId/avatars/:name', { config: { access: { authenticated: true, allowUnverified: true } }, schema: { response: imageResponse } }, (request, reply) =>
    serve(request, reply, 'avatars', 'no-store'),
  );

  // Anything else under /files is not a file we serve (and not a page of the app either).
  server.get('/files/*', { config: { access: { public: true } }, schema: { hide: true } }, async (_request, reply) => reply.status(404).send({ message: messages.notFound }));
};
