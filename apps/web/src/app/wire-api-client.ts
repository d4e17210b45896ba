import type { QueryClient } from '@tanstack/react-query';
import { configureApiClient } from '../lib/api-client';
import { notifySessionEnded } from '../lib/notify';
import { signInPathFor } from '../lib/return-path';
import { sessionKey } from '../lib/session';

type Navigate = (to: string, options: { replace: boolean }) => Promise<void>;

/** Connects the transport rules (spec section 8) to the app's cache, notifications and router. */
export function wireApiClient(queryClient: QueryClient, navigate: Navigate): void {
  configureApiClient({
    onSessionEnded: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionKey, null);
      notifySessionEnded();
      // Signing in again comes back to the page the session ended on.
      void navigate(signInPathFor(window.location.href), { replace: true });
    },
    onBusinessSwitched: () => {
      void queryClient.invalidateQueries(undefined, { cancelRefetch: false });
    },
  });
}
