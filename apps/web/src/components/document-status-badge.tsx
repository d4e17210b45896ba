import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EstimateStatus, InvoicePaidStatus, InvoiceStatus } from '@app/contracts';

const STATUS_COLOR: Record<InvoiceStatus | EstimateStatus, string> = {
  draft: 'gray',
  open: 'blue',
  sent: 'indigo',
  viewed: 'cyan',
  approved: 'green',
  rejected: 'red',
  void: 'dark',
  overdue: 'orange',
  completed: 'teal',
  expired: 'yellow',
};

const PAID_COLOR: Record<InvoicePaidStatus, string> = { unpaid: 'red', partially_paid: 'yellow', paid: 'green' };

/** A document's status (for invoices the display status, which says 'overdue' when past due). */
export function DocumentStatusBadge({ status }: { status: InvoiceStatus | EstimateStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {t(`public_documents.status.${status}`)}
    </Badge>
  );
}

/** An invoice's paid status; a void invoice has none (it awaits no payment), shown as a dash. */
export function PaidStatusBadge({ status }: { status: InvoicePaidStatus | null }) {
  const { t } = useTranslation();
  if (status === null) return <span aria-label={t('public_documents.paid_status.none')}>—</span>;
  return (
    <Badge color={PAID_COLOR[status]} variant="outline">
      {t(`public_documents.paid_status.${status}`)}
    </Badge>
  );
}
