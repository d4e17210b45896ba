import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/icon';
import { useLogout } from '../../features/auth/auth-queries';
import { useBootstrap } from '../../lib/session';
import { safeUrl } from '../../lib/safe-url';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

export function UserMenu({ accountSettingsPath }: { accountSettingsPath: string }) {
  const { t } = useTranslation();
  const { current_user: user } = useBootstrap();
  const logout = useLogout();

  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t('layout.user_menu')} p={4}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={safeUrl(user.avatar)} alt="" radius="xl" size="sm">
              {initials(user.name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm">
              {user.name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to={accountSettingsPath} leftSection={<Icon name="user" size={16} />}>
          {t('layout.account_settings')}
        </Menu.Item>
        <Menu.Item color="red.9" leftSection={<Icon name="logout" size={16} />} onClick={() => logout.mutate()}>
          {t('layout.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
