// The signed-in areas bring the full Mantine stylesheet (the login entry has only a subset).
import '../../styles/full-styles';
import '../../lib/i18n-app';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { Icon } from '../../components/icon';
import { BusinessSwitcher } from '../../features/business/components/business-switcher';
import { GlobalSearch } from '../../features/search/components/global-search';
import { SessionProvider, sessionQueryOptions, useBootstrap } from '../../lib/session';
import { adminPaths, companyPaths, implementedPaths } from '../../lib/paths';
import { Shell } from './shell';
import { UserMenu } from './user-menu';

function CompanyShell() {
  const { t } = useTranslation();
  const { main_menu: mainMenu, current_user: user, current_business: business } = useBootstrap();
  const menu = mainMenu.filter((item) => implementedPaths.has(item.link));

  return (
    <Shell
      menu={menu}
      homePath={companyPaths.dashboard}
      headerActions={
        <>
          {business && <GlobalSearch />}
          <BusinessSwitcher />
          {user.is_platform_user && (
            <Button component={Link} to={adminPaths.overview} variant="subtle" leftSection={<Icon name="arrow-left" size={16} />} visibleFrom="sm">
              {t('layout.back_to_admin')}
            </Button>
          )}
          <UserMenu accountSettingsPath={companyPaths.accountSettings} />
        </>
      }
    />
  );
}

/** The business area (/dashboard, /settings/…); the route loader has checked the session. */
export function CompanyLayout() {
  const { data: session } = useQuery(sessionQueryOptions);
  if (session === null) return <Navigate to="/login" replace />;
  if (!session) return <FullPageLoader />;
  return (
    <SessionProvider session={session}>
      <CompanyShell />
    </SessionProvider>
  );
}
