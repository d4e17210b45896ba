import './lib/page-policy';
import './styles/public-styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { PublicRoutes } from './app/public-router';
import { wireApiClient } from './app/wire-api-client';
import { createQueryClient } from './lib/query-client';

/**
 * The public entry (public.html): what the server sends for the pages behind a mailed link
 * (/public/…), without the login screen and the signed-in app around them, so a payer's browser
 * loads far less before the Pay button works (issue 17). Same providers as the login entry (./main).
 */
const queryClient = createQueryClient();
// Where the transport sends the payer (the sign-in page) is outside /public/: a page load, as the
// public routes leave for such a path.
wireApiClient(queryClient, async (to) => window.location.assign(to));

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <BrowserRouter>
          <PublicRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}
