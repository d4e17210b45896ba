import { holds } from '@app/contracts';
import { inTenant } from '../../db/tenant-tx';
import { CLIENT_TOKEN_PREFIX, findLiveClientToken, touchApiClient } from '../api-clients/api-clients.port';
import type { AppContext } from '../../platform/app-context';
import { sha256 } from '../../platform/crypto';
import type { AuthenticatedUser, RequestContext, SessionRecord } from '../../platform/request-context';
import * as repo from './auth.repository';
import { sessionIdOf } from './auth.service';

const TOUCH_AFTER_MS = 60_000;
const SESSION_IDLE_MS = 2 * 3_600_000;
const REMEMBER_MS = 30 * 86_400_000;

export type Credentials = { bearer: string | null; sessionCookie: string | null; businessId: string | null };
export type Identity = Pick<RequestContext, 'session' | 'user' | 'via' | 'tokenId' | 'apiClient' | 'business'>;

const ANONYMOUS: Identity = { session: null, user: null, via: null, tokenId: null, apiClient: null, business: null };

/** What an API client's token narrows its creator to: its business (null: the platform scope) and abilities. */
type ClientLimits = { businessId: string | null; abilities: readonly string[] };

/** The held abilities the client was also given ('*' held covers any of them). */
function narrowed(held: readonly string[], limits: ClientLimits): string[] {
  return limits.abilities.filter((name) => holds(held, name));
}

function toUser(row: repo.UserRow, platformAbilities: string[] | null): AuthenticatedUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    isPlatformUser: row.isPlatformUser,
    platformAbilities: row.isPlatformUser ? (platformAbilities ?? []) : [],
    emailVerified: row.emailVerifiedAt !== null,
    row,
  };
}

/**
 * Who is calling, in one tenant transaction: the bearer token or the session (with its user),
 * and, when a business header is present, the caller's role in that business.
 */
export function createAuthenticator(app: AppContext) {
  return async function authenticate(tenantId: string, credentials: Credentials): Promise<Identity> {
    if (!credentials.bearer && !credentials.sessionCookie) return ANONYMOUS;
    return inTenant(app.db, tenantId, async (tx) => {
      const now = app.clock.now();
      let identity: Identity = ANONYMOUS;
      let limits: ClientLimits | null = null;
      if (credentials.bearer?.startsWith(CLIENT_TOKEN_PREFIX)) {
        // Looked up on every request, never cached: a revoked client or a disabled creator stops at once.
        const found = await findLiveClientToken(tx, tenantId, sha256(credentials.bearer), now);
        if (!found || found.user.status !== 'active') return ANONYMOUS;
        if (!found.client.lastUsedAt || now.getTime() - found.client.lastUsedAt.getTime() > TOUCH_AFTER_MS) await touchApiClient(tx, tenantId, found.client.id, now);
        // A token granted for a `scope` holds those of the client's abilities only.
        const scope = found.tokenScope;
        limits = { businessId: found.client.businessId, abilities: scope ? found.client.abilities.filter((ability) => scope.includes(ability)) : found.client.abilities };
        const platformAbilities = limits.businessId === null ? narrowed(found.platformAbilities ?? [], limits) : [];
        identity = { session: null, user: toUser(found.user, platformAbilities), via: 'client', tokenId: null, apiClient: { id: found.client.id, name: found.client.name }, business: null };
      } else if (credentials.bearer) {
        const plain = credentials.bearer.includes('|') ? credentials.bearer.slice(credentials.bearer.indexOf('|') + 1) : credentials.bearer;
        const found = await repo.findLiveAccessToken(tx, tenantId, sha256(plain), now);
        if (!found || found.user.status !== 'active') return ANONYMOUS;
        if (!found.token.lastUsedAt || now.getTime() - found.token.lastUsedAt.getTime() > TOUCH_AFTER_MS) await repo.touchAccessToken(tx, tenantId, found.token.id, now);
        identity = { session: null, user: toUser(found.user, found.platformAbilities), via: 'token', tokenId: found.token.id, apiClient: null, business: null };
      } else if (credentials.sessionCookie) {
        const id = sessionIdOf(credentials.sessionCookie);
        const found = await repo.findLiveSession(tx, tenantId, id, now);
        if (!found) return ANONYMOUS;
        const session: SessionRecord = {
          id,
          csrfToken: found.session.csrfToken,
          userId: found.session.userId,
          pendingUserId: found.session.pendingUserId,
          pendingRemember: found.session.pendingRemember,
          passwordConfirmedAt: found.session.passwordConfirmedAt,
        };
        if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
          const lifetime = found.session.remember ? REMEMBER_MS : SESSION_IDLE_MS;
          await repo.updateSession(tx, tenantId, id, { lastSeenAt: now, expiresAt: new Date(now.getTime() + lifetime) });
        }
        const user = found.user && found.user.status === 'active' ? toUser(found.user, found.platformAbilities) : null;
        identity = { session, user, via: user ? 'session' : null, tokenId: null, apiClient: null, business: null };
      }
      // A client acts in its own business only; another business is treated like one the caller is not a member of.
      const businessAllowed = limits === null || limits.businessId === credentials.businessId;
      if (identity.user && credentials.businessId && businessAllowed) {
        const membership = await repo.findMembership(tx, tenantId, identity.user.id, credentials.businessId);
        if (membership) {
          // An API client never counts as the owner: ownership transfer is for people.
          const business = limits
            ? { id: credentials.businessId, abilities: narrowed(membership.abilities, limits), isOwner: false, row: membership.business, planFeatures: membership.planFeatures }
            : { id: credentials.businessId, abilities: membership.abilities, isOwner: membership.isOwner, row: membership.business, planFeatures: membership.planFeatures };
          identity = { ...identity, business };
        }
      }
      return identity;
    });
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
