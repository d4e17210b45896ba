import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages, satisfies, isAbilityName, abilitiesInCheck } from '@app/contracts';
import type { Authenticator } from '../modules/auth/authenticate';
import type { AppContext } from './app-context';
import { sessionCookieOf } from './cookies';
import { constantTimeEqual } from './crypto';
import { AppError } from './errors';
import type { RequestContext, RouteAccess } from './request-context';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function headerValue(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  if (Array.isArray(value)) return value[0] ?? null;
  return value ?? null;
}

function bearerOf(request: FastifyRequest): string | null {
  const header = headerValue(request, 'authorization');
  if (!header?.toLowerCase().startsWith('bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length < 512 ? token : null;
}

/** Every route must say who may call it; a route that does not is a start-up error. */
export function enforceDeclaredAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || route.method === 'HEAD') return;
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access (ability, authenticated or public)`);
    if ('ability' in access) {
      for (const name of abilitiesInCheck(access.ability)) {
        if (!isAbilityName(name)) throw new Error(`Route ${route.method} ${route.url} uses unknown ability ${name}`);
      }
    }
  });
}

function checkAccess(access: RouteAccess, ctx: RequestContext, businessHeader: string | null): void {
  if ('public' in access) return;
  const user = ctx.user;
  if (!user) throw AppError.unauthenticated();
  if ('authenticated' in access) return;
  if (!user.emailVerified && !user.isPlatformUser) throw AppError.forbidden('Your email address is not verified.');
  if (access.scope === 'platform') {
    if (!user.isPlatformUser || !satisfies(user.platformAbilities, access.ability)) throw AppError.forbidden();
    if (access.landlordOnly && !ctx.tenant.isLandlord) throw AppError.forbidden(messages.landlordOnly);
    return;
  }
  if (!businessHeader || !ctx.business) throw AppError.forbidden(messages.businessHeaderMissing);
  if (!satisfies(ctx.business.abilities, access.ability)) throw AppError.forbidden();
}

/** Tenant from Host, then identity, then access and CSRF: all before the body is read. */
export function installRequestPipeline(app: FastifyInstance, ctx: AppContext, authenticate: Authenticator): void {
  app.decorateRequest('ctx', null as unknown as RequestContext);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url;
    if (path === '/healthz' || path === '/readyz') return;
    const tenant = await ctx.tenants.resolve(request.headers.host);
    if (!tenant) {
      await reply.status(404).send({ message: messages.notFound });
      return reply;
    }
    request.ctx = { tenant, session: null, user: null, via: null, tokenId: null, business: null };
    // Any route that declares access is checked, inside /api or not (avatars under /files).
    const access = request.routeOptions.config.access;
    if (!access) return;
    const rawBusiness = headerValue(request, 'business');
    const businessId = rawBusiness && UUID.test(rawBusiness) ? rawBusiness : null;
    const identity = await authenticate(tenant.id, {
      bearer: bearerOf(request),
      sessionCookie: sessionCookieOf(request),
      businessId,
    });
    request.ctx = { tenant, ...identity };
    if (UNSAFE.has(request.method) && identity.via !== 'token' && request.routeOptions.config.csrf !== false) {
      const sent = headerValue(request, 'x-xsrf-token');
      const expected = identity.session?.csrfToken;
      if (!sent || !expected || !constantTimeEqual(decodeURIComponent(sent), expected)) {
        await reply.status(419).send({ message: messages.csrfMismatch });
        return reply;
      }
    }
    checkAccess(access, request.ctx, rawBusiness);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/v1/') && request.ctx) {
      (reply as FastifyReply & { logPayload?: unknown }).logPayload = payload;
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/v1/') || !request.ctx) return;
    const payload = (reply as FastifyReply & { logPayload?: unknown }).logPayload;
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : Buffer.isBuffer(payload) ? payload.length : 0;
    const isJson = typeof payload === 'string' && String(reply.getHeader('content-type') ?? '').includes('json');
    ctx.apiLog.record({
      tenantId: request.ctx.tenant.id,
      userId: request.ctx.user?.id ?? null,
      businessId: request.ctx.business?.id ?? null,
      method: request.method,
      url: request.url.slice(0, 2000),
      responseCode: reply.statusCode,
      requestBody: request.isMultipart() ? { multipart: true } : request.body,
      responseBody: isJson ? payload : null,
      ip: request.ip,
      os: headerValue(request, 'x-os'),
      appName: headerValue(request, 'x-app-name'),
      appVersion: headerValue(request, 'x-app-version'),
      client: headerValue(request, 'user-agent')?.slice(0, 500) ?? null,
      timezone: headerValue(request, 'x-timezone'),
      loadTimeMs: Math.round(reply.elapsedTime),
      responseSize: size,
      createdAt: ctx.clock.now(),
    });
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    csrf?: boolean;
  }
}
