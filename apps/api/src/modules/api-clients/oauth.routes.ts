import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type OauthErrorResponse, oauthErrorResponseSchema, oauthTokenRequestSchema, oauthTokenResponseSchema } from '@app/contracts';
import { type ApiClientService, OauthError } from './api-clients.service';

/** A token request is a few short fields; anything larger is not one. */
const FORM_BODY_LIMIT = 4096;

/** Form fields; a field sent twice becomes a list, which the request schema refuses (RFC 6749 section 3.2: no repeated parameters). */
function parseForm(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const seen = fields[name];
    fields[name] = seen === undefined ? value : [...[seen].flat(), value];
  }
  return fields;
}

/** RFC 6749 section 2.3.1: `Authorization: Basic base64(urlencoded id ":" urlencoded secret)`; null when absent, an error when malformed. */
function basicCredentials(request: FastifyRequest): { clientId: string; clientSecret: string } | null {
  const header = request.headers.authorization;
  if (!header?.toLowerCase().startsWith('basic ')) return null;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) throw new OauthError('invalid_client', 'Malformed Basic credentials.');
  try {
    return { clientId: decodeURIComponent(decoded.slice(0, colon).replaceAll('+', ' ')), clientSecret: decodeURIComponent(decoded.slice(colon + 1).replaceAll('+', ' ')) };
  } catch {
    throw new OauthError('invalid_client', 'Malformed Basic credentials.');
  }
}

function sendOauthError(reply: FastifyReply, failure: OauthError) {
  const body: OauthErrorResponse = { error: failure.error, error_description: failure.description };
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  if (failure.error === 'invalid_client') return reply.status(401).header('www-authenticate', 'Basic realm="oauth", charset="UTF-8"').send(body);
  return reply.status(400).send(body);
}

/**
 * POST /oauth/token on the tenant's host (RFC 6749 sections 4.4 and 5): the client-credentials
 * grant, form-urlencoded or JSON, with the client's credentials in Basic or in the body (never both).
 * Outside /api: no CSRF (no cookie is read) and the web app's fallback only serves GETs.
 */
export const oauthRoutes: FastifyPluginAsyncZod<{ service: ApiClientService }> = async (server, { service }) => {
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, parseForm(body.toString()));
  });

  server.post(
    '/oauth/token',
    {
      config: { access: { public: true }, csrf: false, sensitiveResponse: true },
      schema: { response: { 200: oauthTokenResponseSchema, 400: oauthErrorResponseSchema, 401: oauthErrorResponseSchema } },
    },
    async (request, reply) => {
      try {
        const parsed = oauthTokenRequestSchema.safeParse(request.body ?? {});
        if (!parsed.success) throw new OauthError('invalid_request', 'The request is malformed or repeats a parameter.');
        const form = parsed.data;
        if (!form.grant_type) throw new OauthError('invalid_request', 'grant_type is required.');
        if (form.grant_type !== 'client_credentials') throw new OauthError('unsupported_grant_type', 'Only client_credentials is supported.');
        const basic = basicCredentials(request);
        if (basic && form.client_secret !== undefined) throw new OauthError('invalid_request', 'Use one client authentication method, not two.');
        const clientId = basic?.clientId ?? form.client_id;
        const clientSecret = basic?.clientSecret ?? form.client_secret;
        if (!clientId || !clientSecret) throw new OauthError('invalid_client', 'Client authentication is required.');
        const issued = await service.issueToken(request.ctx.tenant.id, clientId, clientSecret, request.ip, form.scope);
        return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(issued);
      } catch (error) {
        if (error instanceof OauthError) return sendOauthError(reply, error);
        throw error;
      }
    },
  );
};
