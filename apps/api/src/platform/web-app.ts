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
 * Serves the built React app: hashed assets as long-cached files, and the shell (index.html, with
 * a fresh style nonce) for every other GET outside /api, the client routes. Unknown API paths and
 * other methods answer JSON 404. Returns whether the app is served.
 *
 * The web build writes a brotli (`.br`) and a gzip (`.gz`) copy next to each compressible asset;
 * the one the request's Accept-Encoding prefers is sent, with `Vary: accept-encoding`, and the
 * plain file when neither is accepted or the copy is missing. Nothing is compressed per request:
 * the shell carries a per-response nonce, and API answers mix secrets with caller input (BREACH).
 */
export async function installWebApp(server: FastifyInstance, webDist: string | null | undefined): Promise<boolean> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : null;
  const shell = indexFile && fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
  if (webDist && shell !== null) {
    await server.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      // The shell is never sent as a file, nor as a compressed copy: it needs its nonce filled in.
      allowedPath: (pathName) => !pathName.startsWith('/index.html'),
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  server.setNotFoundHandler((request, reply) => {
    if (shell === null || request.method !== 'GET' || request.url.startsWith('/api/')) return reply.status(404).send({ message: messages.notFound });
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(shell.replaceAll(CSP_NONCE_PLACEHOLDER, styleNonceFor(reply)));
  });
  return shell !== null;
}
