import { useState } from 'react';
import { Button, Menu, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { useBootstrap } from '../../../lib/session';
import { useSwitchBusiness } from '../business-queries';
import { AddBusinessModal } from './add-business-modal';

export function BusinessSwitcher() {
  const { t } = useTranslation();
  const { companies, current_business: current } = useBootstrap();
  const switchBusiness = useSwitchBusiness();
  const [adding, setAdding] = useState(false);
  const currentName = current?.name ?? t('business.none_selected');

  return (
    <>
      <Menu position="bottom-start" width={260} shadow="md">
        <Menu.Target>
          <Button
            variant="default"
            rightSection={<Icon name="chevron-down" size={16} />}
            aria-label={t('business.switcher_label', { name: currentName })}
            data-testid="business-switcher"
            maw={260}
          >
            <Text truncate="end" size="sm" fw={500}>
              {currentName}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('business.your_businesses')}</Menu.Label>
          {companies.map((company) => (
            <Menu.Item
              key={company.id}
              onClick={() => void switchBusiness(company.id)}
              disabled={company.id === current?.id}
              aria-current={company.id === current?.id ? 'true' : undefined}
            >
              {company.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item leftSection={<Icon name="plus" size={16} />} onClick={() => setAdding(true)}>
            {t('business.add')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <AddBusinessModal opened={adding} onClose={() => setAdding(false)} />
    </>
  );
}
