import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ITEMS_PATH, ITEM_UNITS_PATH } from '../items-paths';

const SECTIONS = [
  { path: ITEMS_PATH, label: 'items.tabs.items' },
  { path: ITEM_UNITS_PATH, label: 'items.tabs.units' },
] as const;

/** The items area's sections: the items themselves and the units they are sold in. */
export function ItemsTabs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = SECTIONS.find((section) => section.path === pathname)?.path ?? ITEMS_PATH;
  return (
    <Tabs value={current} onChange={(next) => next && void navigate(next)} mb="md">
      <Tabs.List aria-label={t('items.tabs.label')}>
        {SECTIONS.map((section) => (
          <Tabs.Tab key={section.path} value={section.path}>
            {t(section.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
