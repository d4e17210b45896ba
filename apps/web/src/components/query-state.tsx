import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/api-error';

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
