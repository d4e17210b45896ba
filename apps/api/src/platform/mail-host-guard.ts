import { type AddressPolicy, type HostResolver, literalAddress, systemResolver } from './outbound/address-policy';

/**
 * Tenants type their own SMTP host: a host is used only when every address it resolves to is
 * allowed by the outbound address policy (`outbound/address-policy.ts`: public unicast, or
 * MAIL_HOST_ALLOWLIST). The operator's own MAIL_HOST is not checked.
 */

/** Where to connect (`address`, already checked) and the name TLS checks the certificate against (none for an address). */
export type CheckedMailHost = { address: string; servername: string | undefined };

export class MailHostRefused extends Error {
  constructor(host: string) {
    super(`The mail server ${host} is not allowed: it does not resolve to public addresses only`);
  }
}

export class MailHostGuard {
  constructor(
    private readonly policy: AddressPolicy,
    private readonly resolve: HostResolver = systemResolver,
  ) {}

  /** Resolves `host` once and checks every address; connect to the address returned, never to the name again (DNS rebinding). */
  async check(host: string): Promise<CheckedMailHost> {
    const name = host.trim().toLowerCase();
    const [first] = (await this.policy.checkedAddresses(name, this.resolve)) ?? [];
    if (!first) throw new MailHostRefused(name);
    return { address: first.toString(), servername: literalAddress(name) ? undefined : name };
  }
}
