import { redirect, type LoaderFunction } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { satisfies, type AbilityCheck, type AbilityScope, type BootstrapResponse } from '@app/contracts';
import { signInPathFor } from '../lib/return-path';
import { abilitiesFor, homePathFor, loadSession } from '../lib/session';

/**
 * A route's ability (checked in its scope). Business-scope abilities need a selected business:
 * without one the user goes to the dashboard, which offers to create a first business
 * (`allowWithoutBusiness`).
 */
export type RouteAccess = { ability?: AbilityCheck; scope: AbilityScope; allowWithoutBusiness?: boolean; notStandalone?: boolean };
type Area = 'company' | 'admin';

/** Checks done before entering an authenticated area; returns a redirect target or null. */
function areaRedirect(session: BootstrapResponse | null, area: Area, requestUrl: string): string | null {
  if (!session) return signInPathFor(requestUrl);
  if (!session.current_user.email_verified) return '/verify-email';
  if (area === 'admin' && !session.current_user.is_platform_user) return '/403';
  return null;
}

function accessRedirect(session: BootstrapResponse | null, access: RouteAccess, requestUrl: string): string | null {
  if (!session) return signInPathFor(requestUrl);
  // Spec section 2: a standalone tenant's account settings and business information are forbidden.
  if (access.notStandalone && session.config.switches.standalone) return '/403';
  if (access.ability === undefined) return null;
  // The dashboard's path written out, as in homePathFor: lib/paths (every screen's path) stays out of the login entry.
  if (access.scope === 'business' && !session.current_business) return access.allowWithoutBusiness ? null : '/dashboard';
  return satisfies(abilitiesFor(session, access.scope), access.ability) ? null : '/403';
}

/**
 * Login-layout pages are for guests: a signed-in user goes where they belong. When the session
 * cannot be determined (server unreachable) the page still shows, so the user can try to sign in.
 */
export function guestOnly(queryClient: QueryClient): LoaderFunction {
  return async () => {
    const session = await loadSession(queryClient).catch(() => null);
    if (session) throw redirect(homePathFor(session));
    return null;
  };
}

export function requireArea(queryClient: QueryClient, area: Area): LoaderFunction {
  return async ({ request }) => {
    const target = areaRedirect(await loadSession(queryClient), area, request.url);
    if (target) throw redirect(target);
    return null;
  };
}

/** The route's ability, checked against the right scope before navigation completes. */
export function requireAccess(queryClient: QueryClient, access: RouteAccess): LoaderFunction {
  return async ({ request }) => {
    const target = accessRedirect(await loadSession(queryClient), access, request.url);
    if (target) throw redirect(target);
    return null;
  };
}

/**
 * /verify-email is a public page (spec section 2): a guest sees how to verify (or verifies with a
 * mailed ?token=), a signed-in user with an unverified address can ask for a new link, and a
 * verified one has nothing to do there.
 */
export function verifyEmailLanding(queryClient: QueryClient): LoaderFunction {
  return async () => {
    const session = await loadSession(queryClient);
    if (session?.current_user.email_verified) throw redirect(homePathFor(session));
    return null;
  };
}
