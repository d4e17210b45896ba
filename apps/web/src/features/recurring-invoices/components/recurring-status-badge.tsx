import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RecurringInvoiceStatus } from '@app/contracts';

const STATUS_COLOR: Record<RecurringInvoiceStatus, string> = { active: 'green', working: 'blue', on_hold: 'yellow', completed: 'gray' };

/** Active, working (making an invoice right now), on hold or completed. */
export function RecurringStatusBadge({ status }: { status: RecurringInvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {t(`recurring_invoices.status.${status}`)}
    </Badge>
  );
}
