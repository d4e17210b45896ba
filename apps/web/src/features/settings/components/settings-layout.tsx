import { Box, Group, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { Icon } from '../../../components/icon';
import { PlanBadge } from '../../../components/plan-badge';
import { implementedPaths } from '../../../lib/paths';
import { useBootstrap } from '../../../lib/session';

/** /settings/* pages: the settings menu (already filtered by abilities on the server) beside the page. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menu = useBootstrap().setting_menu.filter((item) => implementedPaths.has(item.link));

  return (
    <Group align="flex-start" gap="xl" wrap="wrap">
      <Box component="nav" aria-label={t('settings.navigation')} w={{ base: '100%', sm: 220 }}>
        <Stack gap={2}>
          {menu.map((item) => {
            const active = pathname === item.link || pathname.startsWith(`${item.link}/`);
            return (
              <NavLink
                key={item.link}
                component={Link}
                to={item.link}
                label={t(item.title)}
                leftSection={<Icon name={item.icon} size={16} />}
                rightSection={<PlanBadge plan={item.required_plan} />}
                active={active}
                aria-current={active ? 'page' : undefined}
              />
            );
          })}
        </Stack>
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </Box>
    </Group>
  );
}
