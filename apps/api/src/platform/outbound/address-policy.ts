import dns from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses the server may connect to on a tenant's say (their SMTP host, their webhook
 * endpoints, their lender's URL), so it never becomes their way into its own network: only public
 * unicast. Loopback, private, link-local and metadata, unique-local, CGNAT, multicast, broadcast,
 * unspecified, reserved and the IPv6 forms that embed an IPv4 address are all refused;
 * IPv4-mapped IPv6 and numeric spellings such as 2130706433 or 0x7f.1 are read as the IPv4
 * address they are. Classification is ipaddr.js's. An allow-list (for development) opens names,
 * addresses and ranges that are not public.
 */

export type ResolvedAddress = { address: string };
/** A host name to its addresses: the system resolver, or a fixed table in tests. */
export type HostResolver = (host: string) => Promise<readonly ResolvedAddress[]>;

export const systemResolver: HostResolver = async (host) => dns.promises.lookup(host, { all: true, verbatim: true });

export type Address = ipaddr.IPv4 | ipaddr.IPv6;
type AllowEntry = { name: string } | { range: [Address, number] };

/** A host name as the allow-list compares it: lower case, without the root's trailing dot. */
function normalName(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, '');
}

/** An allow-list setting: host names, addresses and CIDR ranges, comma separated. Throws on a malformed range. */
export function parseHostAllowlist(text: string | undefined): AllowEntry[] {
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
    return { name: normalName(entry) };
  });
}

/** The address a host is written as (`[::1]` included), or null for a name. */
export function literalAddress(host: string): Address | null {
  const trimmed = host.trim();
  const bare = trimmed.startsWith('[') && trimmed.endsWith(']') ? trimmed.slice(1, -1) : trimmed;
  return ipaddr.isValid(bare) ? ipaddr.process(bare) : null;
}

export class AddressPolicy {
  constructor(private readonly allowlist: readonly AllowEntry[] = []) {}

  /** The policy of an allow-list setting (MAIL_HOST_ALLOWLIST, OUTBOUND_HTTP_ALLOWLIST). */
  static fromSetting(text: string | undefined): AddressPolicy {
    return new AddressPolicy(parseHostAllowlist(text));
  }

  /** An allow-listed name may resolve anywhere: the operator named it. */
  allowsName(host: string): boolean {
    const name = normalName(host);
    return this.allowlist.some((entry) => 'name' in entry && entry.name === name);
  }

  allowsAddress(address: Address): boolean {
    if (address.range() === 'unicast') return true;
    return this.allowlist.some((entry) => 'range' in entry && address.kind() === entry.range[0].kind() && address.match(entry.range));
  }

  /**
   * Every address `host` stands for, when all of them are allowed; null otherwise. A name is
   * resolved once (connect to these addresses, never to the name again: a second lookup could
   * answer differently). A name that does not resolve, or to nothing, is null like a forbidden
   * one, so the answer tells nothing about internal names.
   */
  async checkedAddresses(host: string, resolve: HostResolver): Promise<Address[] | null> {
    const literal = literalAddress(host);
    if (literal) return this.allowsAddress(literal) ? [literal] : null;
    const name = normalName(host);
    let addresses: Address[];
    try {
      addresses = (await resolve(name)).map(({ address }) => ipaddr.process(address));
    } catch {
      return null;
    }
    if (addresses.length === 0) return null;
    if (this.allowsName(name)) return addresses;
    return addresses.every((address) => this.allowsAddress(address)) ? addresses : null;
  }
}
