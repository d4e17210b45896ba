import type { ReactNode } from 'react';
import { Anchor, AppShell, Burger, Group, Image, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import type { MenuItem } from '@app/contracts';
import { PlanBadge } from '../../components/plan-badge';
import { Icon } from '../../components/icon';
import { UnsavedChangesGuard } from '../../components/unsaved-changes';
import { useBootstrap } from '../../lib/session';
import { safeUrl } from '../../lib/safe-url';

/** The menu entry the current path belongs to: the longest link that prefixes it. */
function activeLink(items: readonly MenuItem[], pathname: string): string | null {
  let best: string | null = null;
  for (const { link } of items) {
    const matches = pathname === link || pathname.startsWith(`${link}/`);
    if (matches && (best === null || link.length > best.length)) best = link;
  }
  return best;
}

interface ShellProps {
  menu: readonly MenuItem[];
  homePath: string;
  headerActions: ReactNode;
}

/** Header + sidebar frame shared by the company and admin areas. */
export function Shell({ menu, homePath, headerActions }: ShellProps) {
  const { t } = useTranslation();
  const { config } = useBootstrap();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const active = activeLink(menu, pathname);
  const tenant = config.tenant;
  const logo = safeUrl(tenant.dashboard_logo);

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('layout.toggle_navigation')} />
            <Anchor component={Link} to={homePath} underline="never" fw={700} aria-label={t('layout.home_link', { name: tenant.name })}>
              {logo ? <Image src={logo} alt="" h={32} w="auto" fit="contain" /> : tenant.name}
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {headerActions}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('layout.main_navigation')}>
        <ScrollArea>
          {menu.map((item) => (
            <NavLink
              key={item.link}
              component={Link}
              to={item.link}
              label={t(item.title)}
              leftSection={<Icon name={item.icon} />}
              rightSection={<PlanBadge plan={item.required_plan} />}
              active={item.link === active}
              aria-current={item.link === active ? 'page' : undefined}
              onClick={close}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <UnsavedChangesGuard>
          <Outlet />
        </UnsavedChangesGuard>
      </AppShell.Main>
    </AppShell>
  );
}
