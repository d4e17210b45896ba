import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type PlanFeature, messages, satisfies, isAbilityName, isPlanFeature, abilitiesInCheck } from '@app/contracts';
import type { Authenticator } from '../modules/auth/authenticate';
import { WITHHELD_RESPONSE } from './api-log';
import type { AppContext } from './app-context';
import { sessionCookieOf } from './cookies';
import { constantTimeEqual } from './crypto';
import { AppError } from './errors';
import { maskUrl } from './redaction';
import type { RequestContext, RouteAccess } from './request-context';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const EMAIL_NOT_VERIFIED = 'Your email address is not verified.';
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

/** One API operation with the access it declares: the route table the authorization suite walks. */
export type DeclaredRoute = { method: string; url: string; access: RouteAccess; validatesBody: boolean; csrf: boolean; responses: Readonly<Record<string, unknown>> };

/** The route's response schemas by status, as declared. */
function responsesOf(response: unknown): Record<string, unknown> {
  return typeof response === 'object' && response !== null ? Object.fromEntries(Object.entries(response)) : {};
}

/** True when the route's schema declares a success answer: a JSON body, a file (`content`), or none (204). */
function declaresSuccessResponse(response: unknown): boolean {
  return Object.keys(responsesOf(response)).some((status) => /^2(\d\d|XX)$/.test(status));
}

/**
 * Every route must say who may call it and what it answers on success; a route that does not is a
 * start-up error. The declared routes are kept in `server.declaredRoutes`, in registration order.
 */
export function enforceDeclaredAccess(app: FastifyInstance): void {
  const table: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', table);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || route.method === 'HEAD') return;
    const access = (route.config as { access?: RouteAccess } | undefined)?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access (ability, authenticated or public)`);
    if ('ability' in access) {
      for (const name of abilitiesInCheck(access.ability)) {
        if (!isAbilityName(name)) throw new Error(`Route ${route.method} ${route.url} uses unknown ability ${name}`);
      }
      if (access.ownerOnly && access.scope !== 'business') throw new Error(`Route ${route.method} ${route.url}: ownerOnly needs the business scope`);
      if (access.landlordOnly && access.scope !== 'platform') throw new Error(`Route ${route.method} ${route.url}: landlordOnly needs the platform scope`);
    }
    if ('feature' in access && access.feature !== undefined) {
      if (!isPlanFeature(access.feature)) throw new Error(`Route ${route.method} ${route.url} needs unknown plan feature ${String(access.feature)}`);
      if ('ability' in access && access.scope !== 'business') throw new Error(`Route ${route.method} ${route.url}: a plan feature needs the business scope`);
    }
    if (!declaresSuccessResponse(route.schema?.response)) throw new Error(`Route ${route.method} ${route.url} declares no 2xx response schema (JSON, file or no content)`);
    for (const method of [route.method].flat()) table.push({ method, url: route.url, access, validatesBody: route.schema?.body !== undefined, csrf: route.config?.csrf !== false, responses: responsesOf(route.schema?.response) });
  });
}

function checkAccess(access: RouteAccess, ctx: RequestContext, businessHeader: string | null): void {
  if ('public' in access) return;
  const user = ctx.user;
  if (!user) throw AppError.unauthenticated();
  const verified = user.emailVerified || user.isPlatformUser;
  if ('authenticated' in access) {
    // An API client acts only through abilities it was given: the account routes (its creator's
    // password, tokens, profile) would let it outgrow them.
    if (ctx.via === 'client') throw AppError.forbidden();
    if (!verified && !access.allowUnverified) throw AppError.forbidden(EMAIL_NOT_VERIFIED);
    return;
  }
  if (!verified) throw AppError.forbidden(EMAIL_NOT_VERIFIED);
  if ('ability' in access && access.scope === 'platform') {
    if (!user.isPlatformUser || !satisfies(user.platformAbilities, access.ability)) throw AppError.forbidden();
    if (access.landlordOnly && !ctx.tenant.isLandlord) throw AppError.forbidden(messages.landlordOnly);
    return;
  }
  if (!businessHeader || !ctx.business) throw AppError.forbidden(messages.businessHeaderMissing);
  if ('member' in access) return;
  if (!satisfies(ctx.business.abilities, access.ability)) throw AppError.forbidden();
  if (access.ownerOnly && !ctx.business.isOwner) throw AppError.forbidden();
}

/** The plan feature a route needs that the selected business's plan lacks, if any (checked after access). */
function missingFeature(access: RouteAccess, ctx: RequestContext): PlanFeature | null {
  if (!('feature' in access) || !access.feature) return null;
  const features = ctx.business?.planFeatures;
  return features && !features.includes(access.feature) ? access.feature : null;
}

/** The refusal of a business whose plan lacks `feature` (it names the cheapest plan that has it). */
export type PlanRefusal = (tenantId: string, feature: PlanFeature) => Promise<AppError>;

/** Every call of the API on a resolved tenant is logged: /api/v1, the central tenant API, the modules and the OAuth token endpoint (not the docs). */
function isLoggedApiCall(request: FastifyRequest): boolean {
  return ((request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) || request.url.startsWith('/oauth/')) && Boolean(request.ctx);
}

/** Tenant from Host, then identity, then access, the plan's features and CSRF: all before the body is read. */
export function installRequestPipeline(app: FastifyInstance, ctx: AppContext, authenticate: Authenticator, refusePlan: PlanRefusal): void {
  app.decorateRequest('ctx', null as unknown as RequestContext);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url;
    if (path === '/healthz' || path === '/readyz') return;
    const tenant = await ctx.tenants.resolve(request.headers);
    if (!tenant) {
      await reply.status(404).send({ message: messages.notFound });
      return reply;
    }
    request.ctx = { tenant, session: null, user: null, via: null, tokenId: null, apiClient: null, business: null };
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
    // Access first: a caller who may not use the route learns 401/403 whatever its CSRF token.
    checkAccess(access, request.ctx, rawBusiness);
    const missing = missingFeature(access, request.ctx);
    if (missing) throw await refusePlan(tenant.id, missing);
    // A bearer credential (personal or API client token) is never sent by a browser on its own, so it needs no CSRF token.
    if (UNSAFE.has(request.method) && identity.via !== 'token' && identity.via !== 'client' && request.routeOptions.config.csrf !== false) {
      const sent = headerValue(request, 'x-xsrf-token');
      const expected = identity.session?.csrfToken;
      if (!sent || !expected || !constantTimeEqual(decodeURIComponent(sent), expected)) {
        await reply.status(419).send({ message: messages.csrfMismatch });
        return reply;
      }
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (isLoggedApiCall(request)) {
      (reply as FastifyReply & { logPayload?: unknown }).logPayload = payload;
    }
    return payload;
  });

  // The API log: bodies are redacted when written, URLs here; a route that declared a
  // secret-bearing response (sensitive-routes.ts) has its body withheld whatever its status.
  app.addHook('onResponse', async (request, reply) => {
    if (!isLoggedApiCall(request)) return;
    const payload = (reply as FastifyReply & { logPayload?: unknown }).logPayload;
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : Buffer.isBuffer(payload) ? payload.length : 0;
    const isJson = typeof payload === 'string' && String(reply.getHeader('content-type') ?? '').includes('json');
    const withheld = request.routeOptions.config.sensitiveResponse === true;
    ctx.apiLog.record({
      tenantId: request.ctx.tenant.id,
      userId: request.ctx.user?.id ?? null,
      apiClientName: request.ctx.apiClient?.name ?? null,
      businessId: request.ctx.business?.id ?? null,
      method: request.method,
      url: maskUrl(request.url, request.routeOptions.url).slice(0, 2000),
      responseCode: reply.statusCode,
      requestBody: request.isMultipart() ? { multipart: true } : request.body,
      responseBody: withheld ? WITHHELD_RESPONSE : isJson ? payload : null,
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
  interface FastifyInstance {
    declaredRoutes: readonly DeclaredRoute[];
  }
}
