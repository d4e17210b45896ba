import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { BootstrapResponse } from '@app/contracts';
import { AppProviders } from '../app/providers';
import { createRoutes, discoverAppRoutes } from '../app/router';
import { createQueryClient } from '../lib/query-client';
import { sessionKey } from '../lib/session';

/** Renders the real route tree in memory, with the session (or a guest) already known. */
export function renderApp(path: string, session: BootstrapResponse | null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionKey, session);
  const routes = createRoutes(queryClient);
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation: discoverAppRoutes(queryClient, routes) });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
