import './lib/page-policy';
import './styles/public-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createPublicRouter } from './app/public-router';
import { wireApiClient } from './app/wire-api-client';
import { createQueryClient } from './lib/query-client';

/**
 * The public entry (public.html): what the server sends for the pages behind a mailed link
 * (/public/…), without the login screen and the signed-in app around them, so a payer's browser
 * loads far less before the Pay button works (issue 17). Same providers as the login entry (./main).
 */
const queryClient = createQueryClient();
const router = createPublicRouter();
wireApiClient(queryClient, (to, options) => router.navigate(to, options));

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
