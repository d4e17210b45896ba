import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import type { loginRequestSchema } from '@app/contracts';
import { api } from '../../lib/api-client';
import { entryAnswers } from '../../lib/entry-answers-loader';
import { homePathFor, sessionKey, sessionQueryOptions } from '../../lib/session';
import { returnPathFrom } from '../../lib/return-path';

/**
 * What the login screen sends, apart from the other auth calls (./auth-queries): this module is in
 * the login entry, and the mutation hooks of the other screens would bring react-query's mutation
 * observer into it.
 */
export const loginAnswer = () => entryAnswers().then((schemas) => schemas.loginResponseSchema);

/** Signs in with the login form's checked fields; the form keeps its own pending state. */
export function logIn(body: z.output<typeof loginRequestSchema>) {
  return api.post('/login', loginAnswer, body);
}

/** After a successful sign-in: load the startup data and go back to the page asked for, or where the user belongs. */
export function useCompleteSignIn(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  return async () => {
    queryClient.removeQueries({ queryKey: sessionKey });
    const session = await queryClient.fetchQuery(sessionQueryOptions);
    // Back to the page a guest was sent here from (kept in `next`), else where the user belongs; that page's own guard still checks access.
    await navigate(session ? (returnPathFrom(search) ?? homePathFor(session)) : '/login', { replace: true });
  };
}
