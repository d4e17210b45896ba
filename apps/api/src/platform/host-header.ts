/**
 * A Host or X-Forwarded-Host value, read strictly: a DNS name (letters, digits, hyphens, dots; one
 * trailing dot allowed) or a bracketed IPv6 address, then optionally ':' and a port. Anything else
 * (userinfo, a second port, spaces, backslashes, a path) is not a host at all.
 */
const HOST = /^(?:(?<name>[a-z0-9-]+(?:\.[a-z0-9-]+)*)\.?|(?<ipv6>\[[0-9a-f:.]+\]))(?::(?<port>\d{1,5}))?$/i;
const MAX_NAME = 253;
const MAX_PORT = 65_535;

export type ParsedHost = { hostname: string; port: number | null };

/** The lowercased hostname (trailing dot dropped: `example.com.` is `example.com`) and port, or null. */
export function parseHostHeader(value: string | undefined): ParsedHost | null {
  if (!value) return null;
  const groups = HOST.exec(value)?.groups;
  if (!groups) return null;
  const hostname = (groups.name ?? groups.ipv6 ?? '').toLowerCase();
  if (hostname.length === 0 || hostname.length > MAX_NAME) return null;
  const port = groups.port === undefined ? null : Number(groups.port);
  if (port !== null && port > MAX_PORT) return null;
  return { hostname, port };
}

/**
 * The last value of an X-Forwarded-Host header: the one written by the proxy in front of us (the
 * one hop TRUST_PROXY trusts). Earlier values came from whoever spoke to that proxy.
 */
export function lastForwardedHost(value: string | string[] | undefined): string | undefined {
  const header = Array.isArray(value) ? value.at(-1) : value;
  return header?.split(',').at(-1)?.replace(/^[ \t]+|[ \t]+$/g, '');
}

/** scheme://domain, with the port only when it is not the scheme's default. */
export function originOf(scheme: 'http' | 'https', domain: string, port: number): string {
  const defaultPort = scheme === 'https' ? 443 : 80;
  return `${scheme}://${domain}${port === defaultPort ? '' : `:${port}`}`;
}
