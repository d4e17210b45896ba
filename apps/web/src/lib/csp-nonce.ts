/** What the build writes where the server puts each response's nonce (apps/web/vite.config.ts). */
const PLACEHOLDER = '__CSP_NONCE__';

/**
 * The style nonce of this page, from `<meta property="csp-nonce">`: the Content-Security-Policy
 * lets only <style> elements carrying it apply. Undefined where the page has none (the Vite dev
 * server, tests), and there no policy asks for one either.
 */
export function styleNonce(): string | undefined {
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
  return nonce && nonce !== PLACEHOLDER ? nonce : undefined;
}
