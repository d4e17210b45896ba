import { redirect, type LoaderFunction } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { satisfies } from '@app/contracts';
import { signInPathFor } from '../lib/return-path';
import { loadSession } from '../lib/session';

/** Tenant management: the landlord tenant's platform users holding manage-tenant (the API checks the same). */
export function requireLandlord(queryClient: QueryClient): LoaderFunction {
  return async ({ request }) => {
    const session = await loadSession(queryClient);
    if (!session) throw redirect(signInPathFor(request.url));
    if (!session.config.tenant.is_landlord || !satisfies(session.current_user_platform_abilities, 'manage-tenant')) throw redirect('/403');
    return null;
  };
}
