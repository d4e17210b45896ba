import { randomUUID } from 'node:crypto';
import { satisfies } from '@app/contracts';
import type { DeclaredRoute } from '../src/platform/pipeline';
import type { RouteAccess } from '../src/platform/request-context';
import type { Standing } from './access-callers';
import type { HttpMethod } from './harness';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const PATH_PARAM = /:([A-Za-z_]+)/g;

/** What a declaration promises a caller: allowed (any answer but 401, 403, 419 or a server error), or that refusal. */
export type Expected = 'allowed' | 401 | 403 | 419;

type SignedIn = NonNullable<Standing['user']>;

/** The rules of docs/roles.md and design-notes "Route access", applied to what the fixture made the caller. */
function mayCall(access: Exclude<RouteAccess, { public: true }>, user: SignedIn, landlord: boolean): boolean {
  if ('authenticated' in access) return user.verified || access.allowUnverified === true;
  if (!user.verified) return false;
  if ('member' in access) return user.membership !== null;
  if (access.scope === 'platform') {
    return user.platformAbilities !== null && satisfies(user.platformAbilities, access.ability) && (!access.landlordOnly || landlord);
  }
  const membership = user.membership;
  return membership !== null && satisfies(membership.abilities, access.ability) && (!access.ownerOnly || membership.isOwner);
}

export function expectedAnswer(route: DeclaredRoute, standing: Standing): Expected {
  const refusedForCsrf = UNSAFE.has(route.method) && route.csrf && !standing.passesCsrf;
  if ('public' in route.access) return refusedForCsrf ? 419 : 'allowed';
  if (!standing.user) return 401;
  if (!mayCall(route.access, standing.user, standing.landlord)) return 403;
  return refusedForCsrf ? 419 : 'allowed';
}

export function answerMatches(expected: Expected, status: number): boolean {
  if (expected !== 'allowed') return status === expected;
  return status !== 401 && status !== 403 && status !== 419 && status < 500;
}

/**
 * How a route is called so that nothing the fixtures rely on can change:
 * - path parameters are random UUIDs, so an operation on a record finds none;
 * - a validated body is a bare JSON string, which no body schema of the API accepts (access is
 *   checked before the body is read, so the 422 shows access passed);
 * - an unsafe route with neither acts on the caller itself (logout, 2FA, uploads): on the caller's
 *   account (public and signed-in routes) it is sent on fresh credentials of the same standing;
 *   in a business or the platform it carries a body of a type no parser reads, so it ends in 415
 *   after the access check and before any handler runs.
 */
export type Probe = { method: HttpMethod; url: string; body: string | undefined; headers: Record<string, string>; freshCredentials: boolean };

export function probeFor(route: DeclaredRoute): Probe {
  const method = METHODS.find((m) => m === route.method);
  if (!method) throw new Error(`No probe for ${route.method} ${route.url}`);
  const hasParams = route.url.includes('/:');
  const url = route.url.replace(PATH_PARAM, () => randomUUID());
  const base = { method, url, body: undefined, headers: {}, freshCredentials: false };
  if (!UNSAFE.has(method)) return base;
  if (route.validatesBody) return { ...base, body: JSON.stringify('authz-probe'), headers: { 'content-type': 'application/json' } };
  if (hasParams) return base;
  if ('public' in route.access || 'authenticated' in route.access) return { ...base, freshCredentials: true };
  return { ...base, body: 'authz-probe', headers: { 'content-type': 'application/x-authz-probe' } };
}

export function describeAccess(access: RouteAccess): string {
  if ('public' in access) return 'public';
  if ('authenticated' in access) return access.allowUnverified ? 'signed in (unverified too)' : 'signed in';
  if ('member' in access) return 'member of the business';
  const flags = [access.ownerOnly ? 'owner only' : '', access.landlordOnly ? 'landlord only' : ''].filter(Boolean);
  return `${access.scope} ${JSON.stringify(access.ability)}${flags.length > 0 ? ` (${flags.join(', ')})` : ''}`;
}
