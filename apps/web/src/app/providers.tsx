import { lazy, Suspense, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { accessibleColorsResolver } from '../lib/accessible-theme';
import { styleNonce } from '../lib/csp-nonce';
import { subscribeToToasts, toastsRequested } from '../lib/notify';
import { themeFor, useTenantConfig } from '../lib/tenant';

/** The toast container loads with the first toast (see lib/notify). */
const Notifications = lazy(() => import('../lib/notifications').then((m) => ({ default: m.Notifications })));

function TenantThemedApp({ env, children }: { env: 'default' | 'test'; children: ReactNode }) {
  const tenant = useTenantConfig()?.tenant;
  const toasts = useSyncExternalStore(subscribeToToasts, toastsRequested, () => false);
  const theme = useMemo(() => themeFor(tenant?.theme_color, tenant?.font), [tenant?.theme_color, tenant?.font]);
  const getStyleNonce = useMemo(() => {
    const nonce = styleNonce();
    return nonce === undefined ? undefined : () => nonce;
  }, []);

  useEffect(() => {
    if (tenant?.page_title) document.title = tenant.page_title;
  }, [tenant?.page_title]);

  return (
    // Every theme variable, defaults included: the login entry leaves out Mantine's file of
    // defaults (styles/public-styles), and its generator is in the entry anyway.
    <MantineProvider theme={theme} env={env} getStyleNonce={getStyleNonce} deduplicateCssVariables={false} cssVariablesResolver={accessibleColorsResolver}>
      {toasts && (
        <Suspense fallback={null}>
          <Notifications position="bottom-right" />
        </Suspense>
      )}
      {children}
    </MantineProvider>
  );
}

export function AppProviders({ queryClient, env = 'default', children }: { queryClient: QueryClient; env?: 'default' | 'test'; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TenantThemedApp env={env}>{children}</TenantThemedApp>
    </QueryClientProvider>
  );
}
