import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { abilityNames } from '@app/contracts';
import { API_CLIENT_SCHEME, documentErrorResponses, documentOperation } from './openapi-operations';
import { documentWebhookEvents } from './openapi-webhooks';
import type { RouteAccess } from './request-context';
import { API_DOCS_PREFIX } from './security-headers';

/**
 * The OpenAPI description and Swagger UI at /api/docs. They list every route and its shapes, so
 * they are for signed-in users of the tenant (session cookie or bearer token) unless the
 * deployment makes them public (API_DOCS_PUBLIC=1). The page gets its own Content-Security-Policy
 * (security-headers.ts), leaving the app's untouched.
 */
export async function registerApiDocs(server: FastifyInstance, { isPublic }: { isPublic: boolean }): Promise<void> {
  await server.register(swagger, {
    openapi: {
      info: { title: 'Ledgerline API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal access token (POST /api/v1/auth/login or the account page), or an API client token from the OAuth 2.0 client-credentials grant (POST /oauth/token on the tenant host, RFC 6749 section 4.4).',
          },
          // What an API client generated from this document needs to get its bearer token; an operation lists the abilities it needs as scopes.
          [API_CLIENT_SCHEME]: {
            type: 'oauth2',
            description: 'An API client (admin area, API clients) exchanges its id and secret at POST /oauth/token on the tenant host for a short-lived bearer token holding the abilities it was given, or those of them it asks for as `scope`.',
            flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: Object.fromEntries(abilityNames.map((name) => [name, `The ${name} ability`])) } },
          },
          // Over TLS the cookie is `__Host-session`; unsafe session requests also send X-XSRF-TOKEN.
          session: { type: 'apiKey', in: 'cookie', name: 'session', description: 'The browser session (POST /api/v1/login).' },
        },
      },
    },
    transform: documentOperation,
    transformObject: (document) => documentWebhookEvents(documentErrorResponses(document)),
  });
  const access: RouteAccess = isPublic ? { public: true } : { authenticated: true };
  await server.register(async (docs) => {
    // Every route of the UI plugin (page, JSON, YAML, its static files) gets the access the request pipeline checks.
    docs.addHook('onRoute', (route) => {
      if (route.url.startsWith(API_DOCS_PREFIX)) route.config = { ...route.config, access };
    });
    await docs.register(swaggerUi, { routePrefix: API_DOCS_PREFIX });
  });
}
