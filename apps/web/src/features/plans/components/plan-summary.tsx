import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlanResource } from '@app/contracts';
import { formatDocumentMoney } from '../../../lib/money';

/** '$19.00 / month', or 'Free'. */
export function PlanPrice({ plan, size }: { plan: PlanResource; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation();
  if (plan.price === 0) return <Text size={size} fw={600}>{t('plans.free')}</Text>;
  return (
    <Text size={size} fw={600}>
      {formatDocumentMoney(plan.price, plan.currency_id)} <Text span size="sm" c="dimmed" fw={400}>{t(`plans.per_interval.${plan.interval}`)}</Text>
    </Text>
  );
}

/** The features a plan includes, as badges, and its team limit. */
export function PlanFeatures({ plan }: { plan: PlanResource }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {plan.features.length === 0 && <Text size="sm" c="dimmed">{t('plans.no_features')}</Text>}
      {plan.features.map((feature) => (
        <Badge key={feature} variant="light" size="sm">
          {t(`plans.feature.${feature}`)}
        </Badge>
      ))}
      <Badge variant="outline" color="gray" size="sm">
        {plan.max_team_users === null ? t('plans.unlimited_users') : t('plans.team_users_count', { count: plan.max_team_users })}
      </Badge>
    </Group>
  );
}
