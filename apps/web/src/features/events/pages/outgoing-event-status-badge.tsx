import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutgoingEventDetail, OutgoingEventStatus } from '@app/contracts';

const colors: Record<OutgoingEventStatus, string> = { pending: 'blue', delivered: 'green', failed: 'red', no_endpoints: 'gray' };

export function OutgoingEventStatusBadge({ status }: { status: OutgoingEventStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={colors[status]}>
      {t(`events.outgoing_status.${status}`)}
    </Badge>
  );
}

type DeliveryStatus = OutgoingEventDetail['deliveries'][number]['status'];
const deliveryColors: Record<DeliveryStatus, string> = { pending: 'blue', succeeded: 'green', failed: 'red', cancelled: 'gray' };

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={deliveryColors[status]}>
      {t(`events.delivery_status.${status}`)}
    </Badge>
  );
}
