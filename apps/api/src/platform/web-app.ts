import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { messages } from '@app/contracts';
import { styleNonceFor } from './security-headers';

/**
 * What the web build writes where each response's nonce goes (`html.cspNonce` in
 * apps/web/vite.config.ts): on its own tags and on `<meta property="csp-nonce">`, from which
 * Mantine and Vite's loader take it for the <style> and <link> elements they add.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * The paths of the pages behind a mailed link (a public invoice, receipt, payment-method link…):
 * the web build's public entry (public.html) routes them, without the login screen and the
 * signed-in app, so a payer's browser loads much less (apps/web/src/public-main.tsx).
 */
const PUBLIC_PAGES_PREFIX = '/public/';

function readShell(webDist: string, file: string): string | null {
  const shellFile = path.join(webDist, file);
  return fs.existsSync(shellFile) ? fs.readFileSync(shellFile, 'utf8') : null;
}

/**
 * Serves the built React app: hashed assets as long-cached files, and a shell with a fresh style
 * nonce for every other GET outside /api, the client routes: public.html for the public pages
 * (/public/…), index.html for all others and for the public pages too when the build has no
 * public.html. Unknown API paths and other methods answer JSON 404. Returns whether the app is served.
 *
 * The web build writes a brotli (`.br`) and a gzip (`.gz`) copy next to each compressible asset;
 * the one the request's Accept-Encoding prefers is sent, with `Vary: accept-encoding`, and the
 * plain file when neither is accepted or the copy is missing. Nothing is compressed per request:
 * the shell carries a per-response nonce, and API answers mix secrets with caller input (BREACH).
 */
export async function installWebApp(server: FastifyInstance, webDist: string | null | undefined): Promise<boolean> {
  const shell = webDist ? readShell(webDist, 'index.html') : null;
  const publicShell = webDist && shell !== null ? readShell(webDist, 'public.html') : null;
  if (webDist && shell !== null) {
    await server.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      // The shells are never sent as files, nor as compressed copies: they need their nonce filled in.
      allowedPath: (pathName) => !pathName.startsWith('/index.html') && !pathName.startsWith('/public.html'),
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  server.setNotFoundHandler((request, reply) => {
    if (shell === null || request.method !== 'GET' || request.url.startsWith('/api/')) return reply.status(404).send({ message: messages.notFound });
    const page = (request.url.startsWith(PUBLIC_PAGES_PREFIX) ? publicShell : null) ?? shell;
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page.replaceAll(CSP_NONCE_PLACEHOLDER, styleNonceFor(reply)));
  });
  return shell !== null;
}
