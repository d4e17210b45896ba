import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProviderEventStatus } from '@app/contracts';

const colors: Record<ProviderEventStatus, string> = { received: 'blue', processed: 'green', failed: 'red' };

export function EventStatusBadge({ status }: { status: ProviderEventStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={colors[status]}>
      {t(`events.status_${status}`)}
    </Badge>
  );
}
