import type { FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';

/**
 * Over TLS the session and XSRF cookies carry the `__Host-` prefix: a browser keeps such a cookie
 * only when it is Secure, for path `/`, without a Domain and set by this very host, so a sibling
 * subdomain (another tenant's domain, say) can neither plant nor overwrite it. Over plain HTTP
 * (development, tests) browsers refuse the prefix, so the names are plain there.
 *
 * The request counts as TLS when Fastify says so: `request.protocol` follows X-Forwarded-Proto
 * only when TRUST_PROXY is set. Under TLS only the prefixed names are read, so a cookie planted
 * under the plain name is ignored (sessions made before the prefix existed sign in again).
 */
const PLAIN = { session: 'session', xsrf: 'XSRF-TOKEN' } as const;
const HOST_PREFIXED = { session: '__Host-session', xsrf: '__Host-XSRF-TOKEN' } as const;

export type SessionCookieNames = typeof PLAIN | typeof HOST_PREFIXED;

export function isTls(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

export function sessionCookieNames(request: FastifyRequest): SessionCookieNames {
  return isTls(request) ? HOST_PREFIXED : PLAIN;
}

/** The session cookie this request carries, read under the name this server sets for its protocol. */
export function sessionCookieOf(request: FastifyRequest): string | null {
  return request.cookies[sessionCookieNames(request).session] ?? null;
}

/** Attributes of both cookies: the XSRF cookie is read by the app's script, the session cookie never. */
export function sessionCookieOptions(request: FastifyRequest, { readableByScript, maxAge }: { readableByScript: boolean; maxAge?: number }): CookieSerializeOptions {
  return { path: '/', httpOnly: !readableByScript, sameSite: 'lax', secure: isTls(request), ...(maxAge === undefined ? {} : { maxAge }) };
}
