import { createContext, useContext, type ReactNode } from 'react';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { satisfies, type AbilityCheck, type AbilityScope, type BootstrapResponse } from '@app/contracts';
import { api } from './api-client';
import { entryAnswers } from './entry-answers-loader';
import { isApiError } from './api-error';
import { storage } from './storage';

export const sessionKey = ['session'] as const;

function fetchBootstrap(): Promise<BootstrapResponse> {
  return api.get('/bootstrap', () => entryAnswers().then((schemas) => schemas.bootstrapResponseSchema), { probeSession: true });
}

/**
 * The signed-in user's startup data, or null for a guest. Business abilities come with a selected
 * business: when none is selected yet, the first of the user's businesses is selected and the
 * startup data loaded again for it.
 */
async function fetchSession(): Promise<BootstrapResponse | null> {
  try {
    let data = await fetchBootstrap();
    const first = data.companies[0];
    if (!data.current_business && first && storage.getSelectedBusiness() !== first.id) {
      storage.setSelectedBusiness(first.id);
      data = await fetchBootstrap();
    }
    const current = data.current_business;
    if (current && storage.getSelectedBusiness() !== current.id) storage.setSelectedBusiness(current.id);
    return data;
  } catch (err) {
    if (isApiError(err) && err.status === 401) return null;
    throw err;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionKey,
  queryFn: fetchSession,
  staleTime: 5 * 60_000,
});

export function loadSession(queryClient: QueryClient): Promise<BootstrapResponse | null> {
  return queryClient.ensureQueryData(sessionQueryOptions);
}

/** Where a signed-in user belongs (spec section 2, post-login behaviour). */
export function homePathFor(session: BootstrapResponse): string {
  if (!session.current_user.email_verified) return '/verify-email';
  return session.current_user.is_platform_user ? '/admin' : '/dashboard';
}

export function abilitiesFor(session: BootstrapResponse, scope: AbilityScope): readonly string[] {
  return scope === 'platform' ? session.current_user_platform_abilities : session.current_user_abilities;
}

const SessionContext = createContext<BootstrapResponse | null>(null);

export function SessionProvider({ session, children }: { session: BootstrapResponse; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The startup data inside an authenticated layout. */
export function useBootstrap(): BootstrapResponse {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useBootstrap must be used inside an authenticated layout');
  return session;
}

/** `can(check)` for the given scope, from the startup data. */
export function useCan(scope: AbilityScope = 'business'): (check: AbilityCheck) => boolean {
  const held = abilitiesFor(useBootstrap(), scope);
  return (check) => satisfies(held, check);
}
