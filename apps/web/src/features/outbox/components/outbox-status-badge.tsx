import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxStatus } from '@app/contracts';

const colors: Record<OutboxStatus, string> = { pending: 'blue', sent: 'green', failed: 'red', held: 'yellow' };

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={colors[status]} variant="light">
      {t(`outbox.status.${status}`)}
    </Badge>
  );
}
