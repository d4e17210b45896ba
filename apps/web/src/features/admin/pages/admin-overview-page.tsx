import { Card, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminMenu, filterMenu, satisfies } from '@app/contracts';
import { Icon } from '../../../components/icon';
import { PageHeader } from '../../../components/page-header';
import { useBootstrap } from '../../../lib/session';
import { adminPaths, implementedPaths } from '../../../lib/paths';

export function AdminOverviewPage() {
  const { t } = useTranslation();
  const { current_user: user, current_user_platform_abilities: held, config } = useBootstrap();
  const links = filterMenu(adminMenu, (ability) => satisfies(held, ability)).filter(
    (item) => item.link !== adminPaths.overview && implementedPaths.has(item.link) && (item.link !== adminPaths.tenants || config.tenant.is_landlord),
  );

  return (
    <>
      <PageHeader title={t('admin.title')} description={t('admin.welcome', { name: user.name })} />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {links.map((item) => (
          <Card key={item.link} component={Link} to={item.link} withBorder radius="md" padding="lg">
            <Text fw={600} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <Icon name={item.icon} />
              {t(item.title)}
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              {t(`admin.links.${item.link.replace('/admin/', '')}`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
