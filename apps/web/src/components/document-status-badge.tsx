import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EstimateStatus, InvoicePaidStatus, InvoiceStatus, PaymentProcessing } from '@app/contracts';
import type { ShownEstimateStatus, ShownInvoiceStatus } from '@app/domain';

type BadgeStatus = InvoiceStatus | EstimateStatus | ShownInvoiceStatus | ShownEstimateStatus;

const STATUS_COLOR: Record<BadgeStatus, string> = {
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
  due: 'blue',
  accepted: 'green',
};

const PAID_COLOR: Record<InvoicePaidStatus, string> = { unpaid: 'red', partially_paid: 'yellow', paid: 'green' };

/**
 * A document's status as shown: for invoices the display status ('overdue' when past due, 'due'
 * to its receiver: shownInvoiceStatus), for estimates 'accepted' in place of approved (shownEstimateStatus).
 */
export function DocumentStatusBadge({ status }: { status: BadgeStatus }) {
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

/** "Processing" while a bank payment is on its way (it settles in days); nothing when none is. */
export function PaymentProcessingBadge({ processing }: { processing: PaymentProcessing | null }) {
  const { t } = useTranslation();
  if (processing === null) return null;
  return (
    <Badge color="yellow" variant="light">
      {t('public_documents.payment_processing')}
    </Badge>
  );
}
