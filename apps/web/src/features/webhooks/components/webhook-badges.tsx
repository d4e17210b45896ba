import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_ALL_EVENTS, type WebhookLogResource, type WebhookResource } from '@app/contracts';
import { formatDateTime } from '../../../lib/format';

export function WebhookStatusBadge({ status }: { status: WebhookResource['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={status === 'enabled' ? 'green' : 'gray'}>
      {t(`webhooks.status.${status}`)}
    </Badge>
  );
}

export function WebhookLogStatusBadge({ status }: { status: WebhookLogResource['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={status === 'succeeded' ? 'green' : 'red'}>
      {t(`webhooks.log_status.${status}`)}
    </Badge>
  );
}

/** Every attempt since `failing_since` failed: after five days the endpoint is disabled, so it is said early. */
export function FailingSince({ webhook }: { webhook: Pick<WebhookResource, 'failing_since'> }) {
  const { t } = useTranslation();
  if (!webhook.failing_since) return null;
  return (
    <Text size="xs" c="red.8" fw={500}>
      {t('webhooks.failing_since', { date: formatDateTime(webhook.failing_since) })}
    </Text>
  );
}

/** "All events" for the wildcard subscription, else how many are chosen. */
export function useEventsSummary() {
  const { t } = useTranslation();
  return (events: readonly string[]) => (events.includes(WEBHOOK_ALL_EVENTS) ? t('webhooks.all_events') : t('webhooks.events_count', { count: events.length }));
}
