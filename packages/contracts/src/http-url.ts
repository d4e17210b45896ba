/**
 * The one URL rule of the product (spec section 5): "http/https optional; host a domain or IP
 * with optional port, path and query; localhost and IP addresses always accepted". What is
 * accepted is stored normalised as an absolute http(s) URL, so a stored URL is always safe to put
 * in an `href` or `src`. A URL typed without a scheme gets `https://`.
 *
 * No zod in this file: the web app's login entry checks URLs with `isAbsoluteHttpUrl` without
 * loading zod. The schemas built on these functions are in ./url.ts.
 */
export const DEFAULT_URL_SCHEME = 'https';
export const URL_MAX_LENGTH = 255;

/** Whitespace, control and invisible characters, and the backslash browsers read as '/': never part of an accepted URL. */
const FORBIDDEN_CHARACTER = /[\s\p{C}\\]/u;
const SCHEME = /^(https?):\/\//i;
/** A host (no userinfo, nothing percent-encoded), an optional port, then nothing or a path, query or fragment. */
const HOST_PORT_REST = /^(\[[^\]]*\]|[^/?#:[\]]+)(?::(\d{1,5}))?([/?#].*)?$/s;
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** At least two labels and an alphabetic (or punycode) top-level label, so no number can be read as an IP address. */
const DOMAIN = new RegExp(`^(?:${LABEL}\\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$`);
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** Dotted decimal only: hex, octal and single-number forms are refused rather than reinterpreted. */
const IPV4 = new RegExp(`^(?:${OCTET}\\.){3}${OCTET}$`);
const IPV6 = /^\[[0-9a-f:.]+\]$/;

function isAcceptedHost(host: string): boolean {
  return host === 'localhost' || IPV4.test(host) || IPV6.test(host) || DOMAIN.test(host);
}

/**
 * The absolute http(s) URL for what a user typed, or null when it is not one the rule accepts
 * (other schemes such as `javascript:`, `data:` or `file:`, protocol-relative `//host`, userinfo,
 * encoded or numeric hosts, whitespace or control characters anywhere).
 */
export function normaliseHttpUrl(input: string): string | null {
  if (input.length === 0 || input.length > 2048 || FORBIDDEN_CHARACTER.test(input)) return null;
  const scheme = SCHEME.exec(input);
  const rest = scheme ? input.slice(scheme[0].length) : input;
  const parts = HOST_PORT_REST.exec(rest);
  const host = parts?.[1]?.toLowerCase();
  if (!parts || !host || !isAcceptedHost(host)) return null;
  if (parts[2] !== undefined && Number(parts[2]) > 65_535) return null;
  let url: URL;
  try {
    url = new URL(`${scheme?.[1]?.toLowerCase() ?? DEFAULT_URL_SCHEME}://${rest}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  // The parser must have read the host we checked, not another one.
  if (!IPV6.test(host) && url.hostname !== host) return null;
  return url.href;
}

/** Whether a value read back from storage or an answer is an absolute http(s) URL (what the rule stores). */
export function isAbsoluteHttpUrl(value: string): boolean {
  if (FORBIDDEN_CHARACTER.test(value) || !SCHEME.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
