import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestMeta } from './app-context';
import type { AuditActor } from './audit';
import { sessionCookieNames, sessionCookieOptions } from './cookies';

const REMEMBER_SECONDS = 30 * 86_400;

export function requestMeta(request: FastifyRequest): RequestMeta {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : null, origin: request.ctx.tenant.origin };
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, session: { cookie: string; csrfToken: string; remember: boolean }): void {
  const names = sessionCookieNames(request);
  const maxAge = session.remember ? REMEMBER_SECONDS : undefined;
  reply.setCookie(names.session, session.cookie, sessionCookieOptions(request, { readableByScript: false, maxAge }));
  reply.setCookie(names.xsrf, session.csrfToken, sessionCookieOptions(request, { readableByScript: true, maxAge }));
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  const names = sessionCookieNames(request);
  reply.clearCookie(names.session, sessionCookieOptions(request, { readableByScript: false }));
  reply.clearCookie(names.xsrf, sessionCookieOptions(request, { readableByScript: true }));
}

export function setXsrfCookie(request: FastifyRequest, reply: FastifyReply, csrfToken: string): void {
  reply.setCookie(sessionCookieNames(request).xsrf, csrfToken, sessionCookieOptions(request, { readableByScript: true }));
}

export function auditActor(request: FastifyRequest): AuditActor {
  return { tenantId: request.ctx.tenant.id, userId: request.ctx.user?.id ?? null, businessId: request.ctx.business?.id ?? null, ip: request.ip };
}

/** The actor of a platform-scope change: it belongs to no business, whatever business the admin has selected. */
export function platformActor(request: FastifyRequest): AuditActor {
  return { ...auditActor(request), businessId: null };
}
