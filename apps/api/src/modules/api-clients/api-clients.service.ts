import { type AbilityScope, type ApiClientListResponse, type ApiClientOptions, type ApiClientResource, type CreateApiClientResponse, type apiClientsQuerySchema, listMeta, type OauthErrorCode, type OauthTokenResponse, abilitiesForScope, canGrant, createApiClientRequestSchema, messages } from '@app/contracts';
import type { z } from 'zod';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import { constantTimeEqual, newId, randomToken, sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { AuthenticatedUser } from '../../platform/request-context';
import { Throttle, throttleSubjects } from '../../platform/throttle';
import * as authPort from '../auth/auth.port';
import * as businessPort from '../businesses/businesses.port';
import { CLIENT_TOKEN_PREFIX } from './api-clients.port';
import * as repo from './api-clients.repository';

/** How long a client-credentials token lives: short, so a leaked one is soon useless (revocation stops it sooner). */
export const CLIENT_TOKEN_TTL_SECONDS = 3600;
/** The businesses the create form offers: an admin belongs to few; more than this are not listed. */
const MAX_BUSINESSES = 100;

type ClientRow = Awaited<ReturnType<typeof repo.listClients>>[number];

/** The RFC 6749 section 5.2 error the token endpoint answers with. */
export class OauthError extends Error {
  constructor(
    readonly error: OauthErrorCode,
    readonly description: string,
  ) {
    super(description);
  }
}

/** What the audit log keeps of a client: never its secret or its hash. */
function auditView({ client }: ClientRow): Record<string, unknown> {
  return { name: client.name, client_id: client.clientId, business_id: client.businessId, abilities: client.abilities, revoked_at: client.revokedAt?.toISOString() ?? null };
}

function toResource({ client, businessName }: ClientRow): ApiClientResource {
  return {
    id: client.id,
    name: client.name,
    client_id: client.clientId,
    business: client.businessId && businessName !== null ? { id: client.businessId, name: businessName } : null,
    abilities: client.abilities,
    created_at: client.createdAt.toISOString(),
    last_used_at: client.lastUsedAt?.toISOString() ?? null,
    revoked_at: client.revokedAt?.toISOString() ?? null,
  };
}

/**
 * RFC 6749 section 3.3: `scope` is a space-separated list of the client's abilities the token is
 * to hold; absent or blank, the token holds them all. Anything the client was not granted is
 * `invalid_scope` (never silently dropped, so a client learns it asked for too much).
 */
function grantedScope(clientAbilities: readonly string[], requested: string | undefined): { abilities: string[]; narrowed: boolean } {
  const asked = [...new Set((requested ?? '').split(' ').filter((token) => token !== ''))];
  if (asked.length === 0) return { abilities: [...clientAbilities], narrowed: false };
  const beyond = asked.filter((ability) => !clientAbilities.includes(ability));
  if (beyond.length > 0) throw new OauthError('invalid_scope', `The client was not granted: ${beyond.join(' ')}.`);
  return { abilities: asked, narrowed: asked.length < clientAbilities.length };
}

/** Abilities of the scope's catalogue only: '*' and names of the other scope are refused. */
function requireScopeAbilities(scope: AbilityScope, abilities: readonly string[]): void {
  const known = new Set(abilitiesForScope(scope).map((a) => a.name));
  if (abilities.some((name) => !known.has(name))) throw AppError.validation('abilities', messages.invalidAbility);
}

/** Admin → API clients, and the client-credentials grant that issues their tokens. */
export function createApiClientService(app: AppContext) {
  const throttle = new Throttle(app.db, app.clock);

  async function loadClient(tenantId: string, id: string): Promise<ClientRow> {
    const row = await inTenant(app.db, tenantId, (tx) => repo.findClient(tx, tenantId, id));
    if (!row) throw AppError.notFound();
    return row;
  }

  return {
    async list(tenantId: string, query: z.output<typeof apiClientsQuerySchema>): Promise<ApiClientListResponse> {
      return inTenant(app.db, tenantId, async (tx) => {
        const rows = await repo.listClients(tx, tenantId, Math.max(query.page - 1, 0) * query.limit, query.limit);
        const total = await repo.countClients(tx, tenantId);
        return { data: rows.map(toResource), meta: { ...listMeta(query.page, query.limit, total), api_client_total_count: total } };
      });
    },

    /** What the admin may hand a client: their platform abilities, and their abilities in each business they belong to. */
    async options(tenantId: string, user: AuthenticatedUser): Promise<ApiClientOptions> {
      return inTenant(app.db, tenantId, async (tx) => {
        const companies = await businessPort.listUserCompanies(tx, tenantId, user.id, 0, MAX_BUSINESSES);
        const businesses: ApiClientOptions['businesses'] = [];
        for (const company of companies) {
          const membership = await authPort.findMembership(tx, tenantId, user.id, company.id);
          if (!membership) continue;
          const abilities = abilitiesForScope('business').map((a) => a.name).filter((name) => canGrant(membership.abilities, [name]));
          businesses.push({ id: company.id, name: company.name, abilities });
        }
        const platformAbilities = abilitiesForScope('platform').map((a) => a.name).filter((name) => canGrant(user.platformAbilities, [name]));
        return { platform_abilities: platformAbilities, businesses };
      });
    },

    /**
     * Registers a client acting for `user`, with abilities they hold where the client acts (no
     * escalation). An API client cannot register clients: a business client would act with its
     * creator's membership, which the calling client's abilities never narrowed.
     */
    async create(actor: AuditActor, user: AuthenticatedUser, via: string | null, input: z.output<typeof createApiClientRequestSchema>): Promise<CreateApiClientResponse> {
      const { tenantId } = actor;
      if (via === 'client') throw AppError.forbidden();
      const scope: AbilityScope = input.business_id ? 'business' : 'platform';
      requireScopeAbilities(scope, input.abilities);
      const secret = randomToken();
      const id = newId();
      const row = await inTenant(app.db, tenantId, async (tx) => {
        let held: readonly string[] = user.platformAbilities;
        if (input.business_id) {
          const membership = await authPort.findMembership(tx, tenantId, user.id, input.business_id);
          if (!membership) throw AppError.validation('business_id', messages.apiClientBusiness);
          held = membership.abilities;
        }
        if (!canGrant(held, input.abilities)) throw AppError.forbidden(messages.cannotGrantAbilities);
        await repo.insertClient(tx, {
          tenantId,
          id,
          clientId: `lc_${randomToken(16)}`,
          name: input.name,
          secretHash: sha256(secret),
          userId: user.id,
          businessId: input.business_id,
          abilities: [...new Set(input.abilities)],
          createdAt: app.clock.now(),
        });
        const created = await repo.findClient(tx, tenantId, id);
        if (!created) throw new Error('The API client just created could not be read');
        await recordAudit(tx, actor, { model: 'api_client', modelId: id, action: 'created', after: auditView(created) });
        return created;
      });
      return { data: toResource(row), client_secret: secret };
    },

    async rename(actor: AuditActor, id: string, name: string): Promise<ApiClientResource> {
      const { tenantId } = actor;
      const before = await loadClient(tenantId, id);
      const after = await inTenant(app.db, tenantId, async (tx) => {
        await repo.updateClient(tx, tenantId, id, { name });
        const renamed = await repo.findClient(tx, tenantId, id);
        if (!renamed) throw AppError.notFound();
        await recordAudit(tx, actor, { model: 'api_client', modelId: id, action: 'updated', before: auditView(before), after: auditView(renamed) });
        return renamed;
      });
      return toResource(after);
    },

    /** At once: the authenticator reads the client with every token, so its next request is refused. */
    async revoke(actor: AuditActor, id: string): Promise<ApiClientResource> {
      const { tenantId } = actor;
      const before = await loadClient(tenantId, id);
      if (before.client.revokedAt) return toResource(before);
      const after = await inTenant(app.db, tenantId, async (tx) => {
        await repo.updateClient(tx, tenantId, id, { revokedAt: app.clock.now() });
        await repo.deleteClientTokens(tx, tenantId, id);
        const revoked = await repo.findClient(tx, tenantId, id);
        if (!revoked) throw AppError.notFound();
        await recordAudit(tx, actor, { model: 'api_client', modelId: id, action: 'updated', before: auditView(before), after: auditView(revoked) });
        return revoked;
      });
      return toResource(after);
    },

    /**
     * RFC 6749 section 4.4: checks the client's credentials (counted by the credential throttle,
     * per client and per address, like a password) and issues a short-lived bearer token.
     */
    async issueToken(tenantId: string, clientId: string, clientSecret: string, ip: string, requestedScope?: string): Promise<OauthTokenResponse> {
      return throttle.guard([throttleSubjects.apiClient(tenantId, clientId), throttleSubjects.address(ip)], () =>
        inTenant(app.db, tenantId, async (tx) => {
          const found = await repo.findActiveClientByClientId(tx, tenantId, clientId);
          const secretMatches = found !== undefined && constantTimeEqual(sha256(clientSecret), found.client.secretHash);
          if (!found || !secretMatches || found.userStatus !== 'active') throw new OauthError('invalid_client', 'Client authentication failed.');
          const scope = grantedScope(found.client.abilities, requestedScope);
          const token = `${CLIENT_TOKEN_PREFIX}${randomToken()}`;
          const now = app.clock.now();
          await repo.deleteExpiredClientTokens(tx, tenantId, found.client.id, now);
          await repo.insertClientToken(tx, { tenantId, id: newId(), apiClientId: found.client.id, tokenHash: sha256(token), scope: scope.narrowed ? scope.abilities : null, expiresAt: new Date(now.getTime() + CLIENT_TOKEN_TTL_SECONDS * 1000), createdAt: now });
          return { access_token: token, token_type: 'Bearer' as const, expires_in: CLIENT_TOKEN_TTL_SECONDS, scope: scope.abilities.join(' ') };
        }),
      );
    },
  };
}

export type ApiClientService = ReturnType<typeof createApiClientService>;
