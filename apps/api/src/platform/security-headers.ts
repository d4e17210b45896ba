import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RESOURCE_POLICY, type ThirdPartySource, apiDocsPolicy, pagePolicy } from './content-security-policy';
import { isTls } from './cookies';

export const API_DOCS_PREFIX = '/api/docs';
const HSTS = 'max-age=31536000; includeSubDomains';

const styleNonces = new WeakMap<FastifyReply, string>();

/** The nonce of this response's <style> elements, made on first use; the page policy names it. */
export function styleNonceFor(reply: FastifyReply): string {
  let nonce = styleNonces.get(reply);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    styleNonces.set(reply, nonce);
  }
  return nonce;
}

function pathOf(request: FastifyRequest): string {
  const query = request.url.indexOf('?');
  return query === -1 ? request.url : request.url.slice(0, query);
}

function contentTypeOf(reply: FastifyReply): string {
  return String(reply.getHeader('content-type') ?? '').toLowerCase();
}

function policyFor(request: FastifyRequest, reply: FastifyReply, path: string, thirdParty: readonly ThirdPartySource[]): string {
  if (path === API_DOCS_PREFIX || path.startsWith(`${API_DOCS_PREFIX}/`)) return apiDocsPolicy();
  if (contentTypeOf(reply).startsWith('text/html')) {
    const tenant = request.ctx?.tenant;
    return pagePolicy({ styleNonce: styleNonces.get(reply) ?? null, imageUrls: tenant ? [tenant.loginLogo, tenant.dashboardLogo] : [], tls: isTls(request), thirdParty });
  }
  return RESOURCE_POLICY;
}

/**
 * Browser hardening headers for every response, whatever produced it: routes, static files, the
 * app shell, error and not-found answers, and answers sent by hooks (an unknown host, a CSRF
 * mismatch). Installed first, as an `onSend` hook of the root, so no route can miss it.
 *
 * API answers carry a user's data or say something about a session, public document answers
 * included: none may be stored by a browser or proxy. Other answers keep the caching their route
 * chose (hashed assets, public logos, the shell) and are not stored when they chose none.
 */
export function installSecurityHeaders(server: FastifyInstance, thirdParty: readonly ThirdPartySource[]): void {
  server.addHook('onSend', async (request, reply, payload) => {
    const path = pathOf(request);
    reply.header('content-security-policy', policyFor(request, reply, path, thirdParty));
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (isTls(request)) reply.header('strict-transport-security', HSTS);
    if (path.startsWith('/api/')) reply.header('cache-control', 'no-store');
    else if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
