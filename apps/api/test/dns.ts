import type { HostResolver } from '../src/platform/outbound/address-policy';

/**
 * A resolver answering from `table` (host name → addresses) instead of real DNS; an unknown name
 * fails as DNS does. The table may be changed afterwards (a name that starts resolving elsewhere).
 */
export function fixedResolver(table: Record<string, readonly string[]>): HostResolver {
  return async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address }));
  };
}

/** Every forbidden class, written as an address and in the spellings that hide one. */
export const FORBIDDEN_ADDRESSES: Record<string, readonly string[]> = {
  loopback: ['127.0.0.1', '127.1.2.3', '::1', '[::1]'],
  private: ['10.1.2.3', '172.16.0.1', '172.31.255.254', '192.168.1.1', 'fc00::1', 'fd12:3456::1'],
  'link-local': ['169.254.1.1', 'fe80::1', 'fe80::1%eth0'],
  'cloud metadata': ['169.254.169.254', 'fd00:ec2::254'],
  unspecified: ['0.0.0.0', '::'],
  multicast: ['224.0.0.1', '239.255.255.250', 'ff02::1'],
  broadcast: ['255.255.255.255'],
  CGNAT: ['100.64.0.1', '100.127.255.254'],
  'IPv4-mapped IPv6': ['::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254'],
  'IPv6 embedding IPv4': ['64:ff9b::a00:1', '2002:a00:1::1'],
  'numeric IPv4': ['2130706433', '0x7f.1', '0177.0.0.1', '127.1', '0x7f000001', '3232235777'],
};
