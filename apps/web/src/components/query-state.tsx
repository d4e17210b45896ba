import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText, requiredPlanOf } from '../lib/api-error';
import { companyPaths } from '../lib/paths';

interface QueryStateProps {
  isPending: boolean;
  error: unknown;
  isEmpty?: boolean;
  emptyText?: string;
  onRetry?: () => void;
  children: ReactNode;
}

/** Loading, error and empty states around a query's content. */
export function QueryState({ isPending, error, isEmpty, emptyText, onRetry, children }: QueryStateProps) {
  const { t } = useTranslation();
  if (isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  const requiredPlan = requiredPlanOf(error);
  if (requiredPlan) {
    // A feature of a better plan: say which, and where the plan is changed.
    return (
      <Alert color="yellow" title={t('plans.required_title')} role="alert">
        <Text size="sm" mb="sm">
          {errorText(error, t('errors.generic'))}
        </Text>
        <Button size="xs" component={Link} to={companyPaths.billingInformation}>
          {t('plans.see_plans', { name: requiredPlan })}
        </Button>
      </Alert>
    );
  }
  if (error) {
    return (
      <Alert color="red" title={t('errors.load_failed')} role="alert">
        <Text size="sm" mb={onRetry ? 'sm' : 0}>
          {errorText(error, t('errors.generic'), t('errors.network')) ?? t('errors.generic')}
        </Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Alert>
    );
  }
  if (isEmpty) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {emptyText ?? t('common.empty')}
      </Text>
    );
  }
  return <>{children}</>;
}
