import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LoanStatus } from '@app/contracts';

const STATUS_COLOR: Record<LoanStatus, string> = {
  pending_funding: 'yellow',
  funded: 'blue',
  late: 'orange',
  repaid: 'green',
  defaulted: 'red',
  cancelled: 'gray',
};

export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {t(`financing.status.${status}`)}
    </Badge>
  );
}
