import { Card, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AbilityCheck, DashboardStatType, DashboardStats } from '@app/contracts';
import { companyPaths } from '../../../lib/paths';
import { useCan } from '../../../lib/session';

type StatCard = { type: DashboardStatType; money: boolean; link?: { to: string; ability: AbilityCheck } };

/** Spec section 2: amount due, customers, invoices, estimates, total sales, total purchases. */
const CARDS: readonly StatCard[] = [
  { type: 'total_amount_due', money: true, link: { to: companyPaths.invoices, ability: 'view-invoice' } },
  { type: 'customer_count', money: false, link: { to: companyPaths.customers, ability: 'view-customer' } },
  { type: 'invoice_count', money: false, link: { to: companyPaths.invoices, ability: 'view-invoice' } },
  { type: 'estimate_count', money: false, link: { to: companyPaths.estimates, ability: 'view-estimate' } },
  { type: 'total_sales', money: true },
  { type: 'total_purchases', money: true },
];

interface StatCardsProps {
  stats: DashboardStats;
  formatMoney: (minor: number) => string;
}

/** The year's figures; a card opens its list when the user may see it. */
export function StatCards({ stats, formatMoney }: StatCardsProps) {
  const { t } = useTranslation();
  const can = useCan('business');

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 6 }} role="list" aria-label={t('dashboard.cards.label')}>
      {CARDS.map(({ type, money, link }) => {
        const value = stats[type] ?? 0;
        const content = (
          <Card withBorder radius="md" padding="md" h="100%">
            <Text c="dimmed" size="sm">
              {t(`dashboard.cards.${type}`)}
            </Text>
            <Text fw={700} fz={24}>
              {money ? formatMoney(value) : value.toLocaleString('en-US')}
            </Text>
          </Card>
        );
        return (
          <div role="listitem" key={type}>
            {link && can(link.ability) ? (
              <UnstyledButton component={Link} to={link.to} display="block" h="100%" aria-label={`${t(`dashboard.cards.${type}`)}: ${money ? formatMoney(value) : value}`}>
                {content}
              </UnstyledButton>
            ) : (
              content
            )}
          </div>
        );
      })}
    </SimpleGrid>
  );
}
