// The signed-in areas bring the full Mantine stylesheet (the login entry has only a subset).
import '../../styles/full-styles';
import '../../lib/i18n-app';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { adminMenu, filterMenu, satisfies } from '@app/contracts';
import { FullPageLoader } from '../../components/full-page-loader';
import { SessionProvider, sessionQueryOptions, useBootstrap } from '../../lib/session';
import { adminPaths, companyPaths, implementedPaths } from '../../lib/paths';
import { Shell } from './shell';
import { UserMenu } from './user-menu';

function AdminShell() {
  const { t } = useTranslation();
  const { current_user_platform_abilities: held, companies, config } = useBootstrap();
  const menu = filterMenu(adminMenu, (ability) => satisfies(held, ability))
    .filter((item) => implementedPaths.has(item.link))
    // Tenants are managed from the landlord tenant only.
    .filter((item) => item.link !== adminPaths.tenants || config.tenant.is_landlord);

  return (
    <Shell
      menu={menu}
      homePath={adminPaths.overview}
      headerActions={
        <>
          {companies.length > 0 && (
            <Button component={Link} to={companyPaths.dashboard} variant="subtle">
              {t('layout.go_to_business')}
            </Button>
          )}
          <UserMenu accountSettingsPath={adminPaths.accountSettings} />
        </>
      }
    />
  );
}

/** The platform area (/admin/…), for platform users only (the route loader enforces it). */
export function AdminLayout() {
  const { data: session } = useQuery(sessionQueryOptions);
  if (session === null) return <Navigate to="/login" replace />;
  if (!session) return <FullPageLoader />;
  return (
    <SessionProvider session={session}>
      <AdminShell />
    </SessionProvider>
  );
}
