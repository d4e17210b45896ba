import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestMeta } from './app-context';
import type { AuditActor } from './audit';
import { SESSION_COOKIE, XSRF_COOKIE } from './pipeline';

const REMEMBER_SECONDS = 30 * 86_400;

export function requestMeta(request: FastifyRequest): RequestMeta {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : null, origin: request.ctx.tenant.origin };
}

export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, session: { cookie: string; csrfToken: string; remember: boolean }): void {
  const secure = request.protocol === 'https';
  const maxAge = session.remember ? { maxAge: REMEMBER_SECONDS } : {};
  reply.setCookie(SESSION_COOKIE, session.cookie, { path: '/', httpOnly: true, sameSite: 'lax', secure, ...maxAge });
  reply.setCookie(XSRF_COOKIE, session.csrfToken, { path: '/', httpOnly: false, sameSite: 'lax', secure, ...maxAge });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(XSRF_COOKIE, { path: '/' });
}

export function setXsrfCookie(request: FastifyRequest, reply: FastifyReply, csrfToken: string): void {
  reply.setCookie(XSRF_COOKIE, csrfToken, { path: '/', httpOnly: false, sameSite: 'lax', secure: request.protocol === 'https' });
}

export function auditActor(request: FastifyRequest): AuditActor {
  return { tenantId: request.ctx.tenant.id, userId: request.ctx.user?.id ?? null, businessId: request.ctx.business?.id ?? null, ip: request.ip };
}
