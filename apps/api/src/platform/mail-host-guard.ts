import dns from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * Tenants type their own SMTP host, so the server must not become their way into its own
 * network: a host is used only when every address it resolves to is public unicast (loopback,
 * private, link-local and metadata, unique-local, CGNAT, multicast, broadcast, unspecified,
 * reserved and the IPv6 forms that embed an IPv4 address are all refused; IPv4-mapped IPv6 and
 * numeric spellings such as 2130706433 or 0x7f.1 are read as the IPv4 address they are).
 * Classification is ipaddr.js's. The operator's own MAIL_HOST is not checked.
 */

export type ResolvedAddress = { address: string };
/** A host name to its addresses: the system resolver, or a fixed table in tests. */
export type HostResolver = (host: string) => Promise<readonly ResolvedAddress[]>;

export const systemResolver: HostResolver = async (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** Where to connect (`address`, already checked) and the name TLS checks the certificate against (none for an address). */
export type CheckedMailHost = { address: string; servername: string | undefined };

export class MailHostRefused extends Error {
  constructor(host: string) {
    super(`The mail server ${host} is not allowed: it does not resolve to public addresses only`);
  }
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type AllowEntry = { name: string } | { range: [Address, number] };

/** `MAIL_HOST_ALLOWLIST`: host names, addresses and CIDR ranges, comma separated (for development). */
export function parseMailHostAllowlist(text: string | undefined): AllowEntry[] {
  const entries = (text ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  return entries.map((entry): AllowEntry => {
    if (entry.includes('/')) return { range: ipaddr.parseCIDR(entry) };
    if (ipaddr.isValid(entry)) {
      const address = ipaddr.process(entry);
      return { range: [address, address.kind() === 'ipv4' ? 32 : 128] };
    }
    return { name: entry };
  });
}

function literalAddress(host: string): Address | null {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return ipaddr.isValid(bare) ? ipaddr.process(bare) : null;
}

export class MailHostGuard {
  constructor(
    private readonly allowlist: readonly AllowEntry[],
    private readonly resolve: HostResolver = systemResolver,
  ) {}

  private allowedByList(address: Address): boolean {
    return this.allowlist.some((entry) => 'range' in entry && address.kind() === entry.range[0].kind() && address.match(entry.range));
  }

  /**
   * Resolves `host` once and checks every address; connect to the address returned, never to the
   * name again (a second lookup could answer differently: DNS rebinding). A name that does not
   * resolve is refused like a forbidden one, so the answer tells nothing about internal names.
   */
  async check(host: string): Promise<CheckedMailHost> {
    const name = host.trim().toLowerCase();
    const literal = literalAddress(name);
    let addresses: Address[];
    try {
      addresses = literal ? [literal] : (await this.resolve(name)).map(({ address }) => ipaddr.process(address));
    } catch {
      throw new MailHostRefused(name);
    }
    const [first] = addresses;
    if (!first) throw new MailHostRefused(name);
    const nameAllowed = this.allowlist.some((entry) => 'name' in entry && entry.name === name);
    if (!nameAllowed && addresses.some((address) => address.range() !== 'unicast' && !this.allowedByList(address))) throw new MailHostRefused(name);
    return { address: first.toString(), servername: literal ? undefined : name };
  }
}
